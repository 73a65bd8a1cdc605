/**
 * An exchange seen by the proxy, judged into an ExchangeRecord (issue 53, point 3) by the same
 * checks a run's exchanges get: the client judgement (injected) says what the request was; a valid
 * request's answer is judged as a positive case's, an invalid one's as its negative scenario's under
 * the profile, and an answer to a request no scenario matches (or no call at all) by the checks that
 * judge any answer. A ?WSDL answer gets the service checks. Secrets are redacted as in every record.
 */
import { serviceChecks, type Check, type Exchange, type ServiceExchange } from '../checks/registry.js';
import { runChecks } from '../checks/runner.js';
import { findOperation, SERVICE_NAME, type ProfileId } from '../contract/index.js';
import { evaluate } from '../checks/evaluate.js';
import type { HttpAccess } from '../http/access.js';
import { expectationFor, PROFILES } from '../profiles/expectations.js';
import type { CheckOutcome } from '../results/check-outcome.js';
import type { ScenarioId } from '../results/case-labels.js';
import { curlCommand } from '../results/curl.js';
import { EXCERPT_BYTES, recordResponse } from '../results/recorded-http.js';
import { redact, redactClip, redactClipped } from '../results/redact.js';
import { secretsOf } from '../results/secrets.js';
import type { ExchangeRecord, ObservedInfo, RecordedRequest } from '../results/record.js';
import { getTransportById, type Decoded, type HttpRequest, type TransportId } from '../transports/index.js';
import { isWsdlRequest } from './forward.js';
import { judgedBy, type ClientJudgement, type ForwardedExchange, type JudgeClient, type TargetAnswer } from './observed.js';
import { type ObservedRequest } from '../transports/observed.js';
import { requestSecrets } from '../traffic/request-secrets.js';

export interface ObservingContext {
  /** The target's base URL: the recorded request's URL is what was sent to it. */
  readonly target: string;
  readonly namespace: string;
  readonly profile: ProfileId;
  /** The exchange checks (a run's selection). */
  readonly checks: readonly Check[];
  readonly judgeClient?: JudgeClient;
  /** The access settings as reports show them, and their values to redact (accessForReports). */
  readonly access: { readonly shown: HttpAccess; readonly secrets: ReadonlyArray<[string, string]> };
}

/** A client's call, once the judgement names one, with the negative scenario its findings matched. */
type Call = NonNullable<ClientJudgement['call']> & { readonly scenario?: ScenarioId; readonly param?: string };

/** Headers whose values are the client's credentials, whatever the access settings hold. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/** The request's headers as one text each (lower-case names, repeats joined); the credentials, and
 * the headers `secret` names (--header's), replaced. */
export function headersOf(request: ObservedRequest, secret: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    out[lower] = CREDENTIAL_HEADERS.includes(lower) || secret.includes(lower) ? '<REDACTED>' : typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}

/** A record names a transport, and a request the judgement did not understand (or with no judge)
 * gets the one its method and media type suggest: the report's cell, not a verdict. */
function transportGuess(request: ObservedRequest): TransportId {
  if (request.method === 'GET') return 'get';
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/soap+xml') ? 'soap12' : type.includes('xml') ? 'soap11' : 'post';
}

/** The judgement of the client, made now if the proxy did not need it before answering. */
const clientOf = (exchange: ForwardedExchange, judge: JudgeClient | undefined): ClientJudgement =>
  exchange.client ?? (judge ? judgedBy(judge, exchange.request) : { findings: [] });

const sentAs = (request: ObservedRequest, secretHeaders?: readonly string[]): HttpRequest => ({ method: request.method as HttpRequest['method'], path: request.url, headers: headersOf(request, secretHeaders), body: request.body.toString('utf8') });

function recordedRequest(ctx: ObservingContext, request: ObservedRequest, secrets: ReadonlyArray<[string, string]>): RecordedRequest {
  const sent = sentAs(request, Object.keys(ctx.access.shown.headers ?? {}).map((n) => n.toLowerCase()));
  const body = sent.body === '' ? undefined : redact(sent.body!, secrets);
  const headers = Object.fromEntries(Object.entries(sent.headers).map(([k, v]) => [k, redact(v, secrets)]));
  const shown = { ...sent, path: redact(sent.path, secrets), headers, ...(body === undefined ? { body: undefined } : { body }) };
  return { method: sent.method, url: ctx.target + shown.path, headers, ...(body === undefined ? {} : { body }), curl: redact(curlCommand(ctx.target, shown, ctx.access.shown), secrets) };
}

/** The record of one forwarded exchange; `n` numbers it among the session's (its case id). */
export function observedRecord(exchange: ForwardedExchange, ctx: ObservingContext, n: number): ExchangeRecord {
  const client = clientOf(exchange, ctx.judgeClient);
  const call = client.call as Call | undefined;
  const secrets = [...ctx.access.secrets, ...secretsOf(requestSecrets(exchange.request, call?.values))];
  const clientChecks = client.findings.map((c) => (c.message === undefined ? c : { ...c, message: redactClipped(c.message, secrets) }));
  const wsdl = isWsdlRequest(exchange.request.method, exchange.request.url);
  const operation = call && findOperation(call.operation);
  const base = {
    operation: wsdl ? SERVICE_NAME : operation?.name ?? call?.operation ?? '(unknown)',
    transport: wsdl ? 'wsdl' as const : call?.transport ?? transportGuess(exchange.request),
    caseId: `observed-${String(n).padStart(6, '0')}`,
    kind: 'observed' as const,
    request: recordedRequest(ctx, exchange.request, secrets),
  };
  const observed = (judgedAs: ObservedInfo['judgedAs']): ObservedInfo => ({ judgedAs, clientChecks: clientChecks.map((c) => c.id), ...(exchange.clientLeft ? { clientLeft: true as const } : {}) });
  const { answer, error } = exchange;
  // An exchange the proxy's stop cut short says nothing about the target: it is reported as not
  // completed, like a run's request not sent, never as a finding against it. (A client that hangs
  // up does not cut it: the proxy reads the target's answer on, and it is judged below.)
  if (exchange.cutBy) return { ...base, observed: observed('not judged'), checks: clientChecks, skipped: 'not completed: the proxy was stopped (SIGINT or SIGTERM) before the answer was whole' };
  const failed = answer?.cut ? tooLarge(answer, error, secrets) : error ? { code: error.code, message: redact(error.message, secrets) } : undefined;
  if (!answer) return { ...base, observed: observed('not judged'), checks: clientChecks, ...(failed ? { error: failed } : {}) };
  const response = recordResponse(answer, secrets);
  // An answer that did not arrive whole (cut by the target or the deadline, or past the size limit)
  // is the error, as in a run; its start alone would be judged as a broken document.
  if (failed) return { ...base, observed: observed('not judged'), response, checks: clientChecks, error: failed };
  if (wsdl) {
    const service: ServiceExchange = { namespace: ctx.namespace, url: base.request.url, response: answer, profile: PROFILES[ctx.profile] };
    const judged = redacted(runChecks(serviceChecks, (c) => c.run(service)), secrets);
    return { ...base, observed: observed('service'), response, checks: [...clientChecks, ...judged] };
  }
  if (!call || !operation) return { ...base, observed: observed('any answer'), response, checks: clientChecks };
  const transport = getTransportById(call.transport);
  const invalid = clientChecks.some((c) => c.status === 'failed' && (c.level ?? 'error') === 'error');
  const judgedAs = !invalid ? 'positive' : call.scenario ? 'negative' : 'any answer';
  const exchangeOf = (kind: Exchange['kind']): Exchange => ({
    operation, transport, namespace: ctx.namespace, request: sentAs(exchange.request), response: answer, kind, profile: PROFILES[ctx.profile],
    ...(kind === 'negative' && call.scenario ? { scenario: call.scenario, expectation: expectationFor(ctx.profile, call.scenario, call.transport, call.param) } : {}),
  });
  const judged = judgedAs === 'any answer' ? anyAnswer(exchangeOf('positive'), ctx.checks) : evaluate(exchangeOf(judgedAs), ctx.checks);
  const negative = judgedAs === 'negative' ? { scenario: call.scenario!, ...(call.param ? { param: call.param } : {}) } : {};
  return {
    ...base, ...negative, observed: observed(judgedAs),
    values: Object.fromEntries(Object.entries(call.values).filter(([name]) => !['sig', 'timestamp', 'mobilekey'].includes(name))),
    response, result: redactedResult(transport.decode({ namespace: ctx.namespace }, operation, answer), secrets),
    checks: [...clientChecks, ...redacted(judged, secrets)],
  };
}

/** An answer larger than the judged copy is a finding, as in a run (--max-response-bytes); its start
 * alone would be judged as a broken document. It is named first, being what the target did first;
 * a later fault (the deadline cutting an answer that never ends) follows in the message. */
function tooLarge(answer: TargetAnswer, error: ForwardedExchange['error'], secrets: ReadonlyArray<[string, string]>): { code: string; message: string } {
  const arrived = answer.received === undefined ? '' : `, ${answer.received} arrived`;
  const then = !error ? '; passed on whole' : error.code === 'TSIWS_RESPONSE_TOO_LARGE' ? `; ${error.message}` : `; then ${error.code}: ${redact(error.message, secrets)}`;
  return { code: 'TSIWS_RESPONSE_TOO_LARGE', message: `the answer has more than ${answer.body.length} bytes (raise --max-response-bytes${arrived}), not judged${then}` };
}

/** The checks that judge an answer whatever the request was: those that apply to it as the answer
 * to a valid request and as the answer to an invalid one alike. */
function anyAnswer(exchange: Exchange, checks: readonly Check[]): CheckOutcome[] {
  const negative: Exchange = { ...exchange, kind: 'negative' };
  return evaluate(exchange, checks.filter((c) => c.applies(exchange) && c.applies(negative)));
}

/** A message quotes the target through clip(), before any secret is known there (issue 41). */
const redacted = (outcomes: CheckOutcome[], secrets: ReadonlyArray<[string, string]>): CheckOutcome[] =>
  outcomes.map((c) => (c.message === undefined ? c : { ...c, message: redactClipped(c.message, secrets) }));

function redactedResult(result: Decoded, secrets: ReadonlyArray<[string, string]>): Decoded {
  if (result.kind === 'result') return result.text === null ? result : { ...result, text: redact(result.text, secrets) };
  return { ...result, reason: redactClip(result.reason, EXCERPT_BYTES, secrets) };
}
