/**
 * The only network code: sends a plain HttpRequest with undici and returns a plain HttpResponse.
 * Network failures become TargetError with a stable code (errors.ts); what the target answered,
 * however broken, is returned for the checks to judge. Redirects are such answers too: undici's
 * request never follows them, and a conformance tool must see the 3xx the target sent.
 */
import type { Dispatcher } from 'undici';
import { dispatcherFor, withAccessHeaders, type HttpAccess } from './access.js';
import type { HttpRequest, HttpResponse } from '../transports/types.js';
import { isRetryable, TargetError, toTargetError } from './errors.js';
import { createRateLimiter } from './rate.js';
import { createSlots } from './slots.js';
import { bodyOverran, markStarting, type RequestToken } from './overrun.js';

export { TargetError, type TargetErrorCode } from './errors.js';
export type { HttpAccess } from './access.js';

export interface HttpClientOptions {
  /** Scheme, host, port and an optional path prefix, e.g. https://staging.example.com. */
  readonly baseUrl: string;
  /** Time allowed for one complete response, status line to last body byte. */
  readonly timeoutMs: number;
  /** Largest response body read; enforced while streaming, so a larger one is never held. */
  readonly maxResponseBytes: number;
  /** Keep-alive connections in the pool; size it to the concurrency. */
  readonly connections: number;
  /** Times a request that got no answer at all is sent again (default 0). */
  readonly retries?: number;
  /** Requests per second at most, retries included (default: no limit). */
  readonly rate?: number | undefined;
  /** Headers, credentials, proxy and TLS material for every request (access.ts). */
  readonly access?: HttpAccess;
}

/** One request's own limits, where they differ from the client's. */
export interface SendOptions {
  /** Time allowed for this response instead of the client's timeoutMs. */
  readonly timeoutMs?: number;
  /** Retries for this request instead of the client's (0: a probe, whose first failure is the answer). */
  readonly retries?: number;
}

export interface HttpClient {
  send(request: HttpRequest, options?: SendOptions): Promise<HttpResponse>;
  close(): Promise<void>;
}

type Limits = Pick<HttpClientOptions, 'timeoutMs' | 'maxResponseBytes'> & { readonly viaProxy?: boolean };

function declaredLength(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

function tooLarge(url: string, limits: Limits, what: string): TargetError {
  return new TargetError('TSIWS_RESPONSE_TOO_LARGE', `response from ${url} ${what} more than ${limits.maxResponseBytes} bytes (raise --max-response-bytes)`, { answered: true });
}

/** What a response said before its body: undici's parsed head. */
interface Head {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
}

/**
 * Collects one response through undici's own low-level handler interface (Dispatcher.dispatch):
 * the head, then the body's chunks, settling once. The request API did the same through a
 * Readable stream, an AsyncResource, an abort-signal listener and an async iterator per response,
 * about a tenth of a checked exchange's CPU (measured, npm run bench); this keeps only what a
 * conformance client needs, and enforces the size cap as each chunk arrives.
 */
class Collector implements Dispatcher.DispatchHandler {
  head: Head | undefined;
  received = 0;
  declared: number | undefined;
  private readonly chunks: Buffer[] = [];
  private controller: Dispatcher.DispatchController | undefined;
  private settled = false;
  /** Set once the deadline passed before undici started the request: abort it as it starts. */
  private cancelled: Error | undefined;

  constructor(
    private readonly token: RequestToken,
    private readonly maxBytes: number,
    private readonly tooLarge: (what: string) => TargetError,
    private readonly done: (err: unknown, body?: Buffer) => void,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.cancelled) return controller.abort(this.cancelled);
    markStarting(this.token);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[] | undefined>): void {
    // 1xx interim answers (100 Continue) are not the response, as undici's request API skips them.
    if (status < 200) return;
    this.head = { status, headers };
    this.declared = declaredLength(headers['content-length']);
    if (this.declared !== undefined && this.declared > this.maxBytes) this.fail(controller, this.tooLarge(`declares Content-Length ${this.declared},`));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.received += chunk.length;
    if (this.received > this.maxBytes) return this.fail(controller, this.tooLarge('has'));
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    this.done(undefined, Buffer.concat(this.chunks, this.received));
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.done(err);
  }

  /** The deadline: aborts the request (closing its connection), or fails it at once while it has
   * not started; either way the caller sees `err`. */
  abort(err: Error): void {
    if (this.settled) return;
    if (this.controller) return this.controller.abort(err);
    this.cancelled = err;
    this.settled = true;
    this.done(err);
  }

  private fail(controller: Dispatcher.DispatchController, err: TargetError): void {
    this.settled = true;
    this.done(err);
    controller.abort(err);
  }
}

/** The error of a deadline, named as AbortSignal.timeout names its own (errors.ts reads the name);
 * the proxy's whole-answer deadline uses it too. */
export function deadlineError(ms: number): Error {
  const err = new Error(`no complete response within ${ms} ms`);
  err.name = 'TimeoutError';
  return err;
}

/** One attempt: one request, one response read to its end within one deadline. */
async function sendOnce(dispatcher: Dispatcher, origin: string, request: HttpRequest, headers: Record<string, string>, path: string, url: string, limits: Limits): Promise<HttpResponse> {
  const started = performance.now();
  const sentAt = Date.now();
  const token: RequestToken = {};
  let collector: Collector | undefined;
  try {
    const body = await new Promise<Buffer>((resolve, reject) => {
      const c = new Collector(token, limits.maxResponseBytes, (what) => tooLarge(url, limits, what), (err, bytes) => {
        clearTimeout(timer);
        if (err === undefined) resolve(bytes!);
        else reject(err);
      });
      collector = c;
      // One deadline for the whole response. undici's bodyTimeout restarts with every chunk, so on
      // its own a target trickling a byte at a time would hold the run forever.
      const timer = setTimeout(() => c.abort(deadlineError(limits.timeoutMs)), limits.timeoutMs);
      dispatcher.dispatch({ origin, path, method: request.method, headers, body: request.body ?? null }, c);
    });
    const { head, declared } = collector!;
    if (declared !== undefined && (await bodyOverran(token))) {
      throw new TargetError('TSIWS_CONTENT_LENGTH_MISMATCH', `the response from ${url} declared Content-Length ${declared} but more bytes followed its body on the connection (RFC 9112 section 6.3: Content-Length ends the message)`, { answered: true });
    }
    const answerHeaders: Record<string, string> = {};
    for (const name in head!.headers) {
      const value = head!.headers[name];
      if (value !== undefined) answerHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: head!.status, headers: answerHeaders, body, elapsedMs: Math.round(performance.now() - started), sentAt };
  } catch (err) {
    const c = collector;
    throw toTargetError(err, { url, timeoutMs: limits.timeoutMs, answered: c?.head !== undefined, received: c?.received ?? 0, declared: c?.declared, viaProxy: limits.viaProxy });
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const access = options.access ?? {};
  const dispatcher = dispatcherFor(base.origin, access, options);
  const limiter = options.rate === undefined ? undefined : createRateLimiter(options.rate);
  const slots = createSlots(options.connections);
  const maxRetries = options.retries ?? 0;
  const limits: Limits = { timeoutMs: options.timeoutMs, maxResponseBytes: options.maxResponseBytes, viaProxy: access.proxy !== undefined };
  // Most runs add no header: a request's own then go as they are (undici only reads them).
  const addsHeaders = access.auth !== undefined || Object.keys(access.headers ?? {}).length > 0;
  return {
    async send(request, options) {
      const path = prefix + request.path;
      const own = options?.timeoutMs === undefined ? limits : { ...limits, timeoutMs: options.timeoutMs };
      const url = base.origin + path;
      const headers = addsHeaders ? withAccessHeaders(request.headers, access) : request.headers;
      const ownRetries = options?.retries ?? maxRetries;
      for (let retries = 0; ; retries++) {
        await limiter?.take();
        const release = await slots.acquire();
        try {
          const response = await sendOnce(dispatcher, base.origin, request, headers, path, url, own);
          return retries === 0 ? response : { ...response, retries };
        } catch (err) {
          const error = err as TargetError;
          if (isRetryable(error) && retries < ownRetries) continue;
          throw retries === 0 ? error : error.afterRetries(retries);
        } finally {
          release();
        }
      }
    },
    close: () => dispatcher.close(),
  };
}
