/**
 * `proxy --violations-header` (issue 53): the client findings of a request in one header of its
 * answer, as Prism's `sl-violations` carries an OpenAPI request's, so a client developer sees them
 * in their own client's log. Compact JSON: `[{"id","level","message"}]`, `[]` when the request
 * conforms; secrets redacted; non-ASCII escaped (a field value is ASCII-safe only, RFC 9110 5.5);
 * bounded, since servers and clients limit a header's size (8 KB is a common default).
 */
import { redactClipped } from '../results/redact.js';
import { secretsOf } from '../results/secrets.js';
import { judgedBy, type ClientJudgement, type JudgeClient } from './observed.js';
import { type ObservedRequest } from '../transports/observed.js';
import { requestSecrets } from '../traffic/request-secrets.js';

export const VIOLATIONS_HEADER = 'tsiws-violations';

/** Room for the findings in the header's value. */
const MAX_CHARS = 4096;

const asciiJson = (value: unknown): string => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The header's value for a judgement: its failed findings, as many as fit, then how many did not. */
export function violationsValue(client: ClientJudgement, secrets: ReadonlyArray<[string, string]>): string {
  const shown = client.findings
    .filter((c) => c.status === 'failed' || c.status === 'error')
    .map((c) => ({ id: c.id, level: c.status === 'error' ? 'error' : c.level ?? 'error', message: redactClipped(c.message ?? '', secrets) }));
  let value = asciiJson(shown);
  for (let n = shown.length - 1; value.length > MAX_CHARS && n >= 0; n--) value = asciiJson([...shown.slice(0, n), { id: 'more', level: 'info', message: `${shown.length - n} more findings; see the reports` }]);
  return value;
}

/** Judges `request` now (before its answer starts) and makes the header; `access` are the values of
 * the access settings to redact (the request's own secrets are found in it). */
export function violationsHeader(request: ObservedRequest, judge: JudgeClient, access: ReadonlyArray<[string, string]>): { header: readonly [string, string]; client: ClientJudgement } {
  const client = judgedBy(judge, request);
  const secrets = [...access, ...secretsOf(requestSecrets(request, client.call?.values))];
  return { header: [VIOLATIONS_HEADER, violationsValue(client, secrets)], client };
}
