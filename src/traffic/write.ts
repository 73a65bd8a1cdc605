/**
 * `proxy --capture DIR` (issue 53, point 5): every exchange written to DIR/traffic.jsonl as it
 * passes, one HAR 1.2 entry a line (the entries of failures.har, format.ts, so that a reader of
 * captures reads both), appended and never held: memory stays flat however long the proxy runs.
 *
 * The values are as the client sent them, for replay, with the secrets replaced by placeholders a
 * replay fills in again: `{{sig}}`, `{{timestamp}}`, `{{mobilekey}}` wherever they appear (query,
 * form, envelope, as sent or percent-encoded), and the credential headers' values (Authorization,
 * Proxy-Authorization, Cookie, and any header --header names) as `{{header-name}}`.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { redact, SECRET_PIECE_CHARS } from '../results/redact.js';
import type { HttpResponse, ObservedRequest, WireValues } from '../transports/index.js';
import { harRequest, harResponse, TRAFFIC_FILE } from './format.js';
import { requestSecrets } from './request-secrets.js';

/** What a capture writes of an exchange: the proxy's ForwardedExchange (proxy/observed.ts) is one. */
export interface CapturedExchange {
  readonly request: ObservedRequest;
  /** When the request had arrived whole (epoch ms). */
  readonly startedAt: number;
  readonly answer?: HttpResponse & { readonly statusMessage: string; readonly cut?: true };
  readonly error?: { readonly code: string; readonly message: string };
  readonly client?: { readonly call?: { readonly values: WireValues } };
}

export interface Capture {
  write(exchange: CapturedExchange): void;
  close(): void;
}

const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/** The placeholder of a secret parameter in a capture. */
export const capturePlaceholder = (name: string): string => `{{${name.toLowerCase()}}}`;

/** `target`: the target's base URL (the captured URL is the one the request went to). `headers`:
 * the names of the --header values, whose values are the user's secrets. `values`: those values
 * and the --auth credentials with their placeholders, wherever they might be echoed. */
export function openCaptureWriter(dir: string, target: string, headers: readonly string[], values: ReadonlyArray<[string, string]>): Capture {
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, TRAFFIC_FILE), 'w');
  const secretHeaders = [...CREDENTIAL_HEADERS, ...headers.map((h) => h.toLowerCase())];
  let closed = false;
  return {
    write(exchange) {
      if (closed) return;
      writeSync(fd, `${JSON.stringify(captureEntry(exchange, target, secretHeaders, values))}\n`);
    },
    close() {
      if (!closed) closeSync(fd);
      closed = true;
    },
  };
}

/** One exchange as a HAR 1.2 entry, its secrets replaced. */
export function captureEntry(exchange: CapturedExchange, target: string, secretHeaders: readonly string[], values: ReadonlyArray<[string, string]>) {
  // As secretsOf (results/record.ts) does for the records: a value under four characters is left,
  // since replacing it everywhere would change the body's other text too.
  const found = Object.entries(requestSecrets(exchange.request, exchange.client?.call?.values)).filter(([, value]) => value.length >= SECRET_PIECE_CHARS);
  const placed: Array<[string, string]> = [...values, ...found.map(([name, value]): [string, string] => [value, capturePlaceholder(name)])];
  const shown = (text: string) => redact(text, placed);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (value === undefined) continue;
    headers[name] = secretHeaders.includes(name.toLowerCase()) ? capturePlaceholder(name) : shown(typeof value === 'string' ? value : value.join(', '));
  }
  const body = exchange.request.body.length > 0 ? shown(exchange.request.body.toString('utf8')) : undefined;
  const request = harRequest({ method: exchange.request.method, url: target + shown(exchange.request.url), headers, ...(body === undefined ? {} : { body }), curl: '' });
  const { answer, error } = exchange;
  const response = harResponse(answer && {
    status: answer.status,
    headers: Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, shown(v)])),
    body: shown(answer.body.toString('utf8')),
    bodyBytes: answer.body.length,
    truncated: answer.cut === true,
    elapsedMs: answer.elapsedMs,
  }, error && { code: error.code, message: shown(error.message) });
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: answer?.elapsedMs ?? 0,
    request,
    response: answer ? { ...response, statusText: answer.statusMessage } : response,
    cache: {},
    timings: { send: 0, wait: answer?.elapsedMs ?? 0, receive: 0 },
  };
}
