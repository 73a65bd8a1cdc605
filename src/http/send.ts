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
import { bodyOverran, markRequests } from './overrun.js';

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

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpResponse>;
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

/** One attempt: one request, one response read to its end within one deadline. */
async function sendOnce(dispatcher: Dispatcher, origin: string, request: HttpRequest, headers: Record<string, string>, path: string, url: string, limits: Limits): Promise<HttpResponse> {
  const started = performance.now();
  const sentAt = Date.now();
  // One deadline for the whole response. undici's bodyTimeout restarts with every chunk, so on its
  // own a target trickling a byte at a time would hold the run forever.
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let answered = false;
  let received = 0;
  let declared: number | undefined;
  try {
    const token = {};
    const res = await dispatcher.request({ origin, path, method: request.method, headers, body: request.body, signal: deadline, opaque: token });
    answered = true;
    declared = declaredLength(res.headers['content-length']);
    if (declared !== undefined && declared > limits.maxResponseBytes) {
      res.body.destroy();
      throw tooLarge(url, limits, `declares Content-Length ${declared},`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > limits.maxResponseBytes) {
        res.body.destroy();
        throw tooLarge(url, limits, 'has');
      }
      chunks.push(chunk);
    }
    if (declared !== undefined && (await bodyOverran(token))) {
      throw new TargetError('TSIWS_CONTENT_LENGTH_MISMATCH', `the response from ${url} declared Content-Length ${declared} but more bytes followed its body on the connection (RFC 9112 section 6.3: Content-Length ends the message)`, { answered: true });
    }
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) answerHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: res.statusCode, headers: answerHeaders, body: Buffer.concat(chunks, received), elapsedMs: Math.round(performance.now() - started), sentAt };
  } catch (err) {
    throw toTargetError(err, { url, timeoutMs: limits.timeoutMs, answered, received, declared, viaProxy: limits.viaProxy });
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const access = options.access ?? {};
  const connections = dispatcherFor(base.origin, access, options);
  // Marks each request with the connection it went out on (overrun.ts).
  const dispatcher = connections.compose(markRequests);
  const limiter = options.rate === undefined ? undefined : createRateLimiter(options.rate);
  const slots = createSlots(options.connections);
  const maxRetries = options.retries ?? 0;
  return {
    async send(request) {
      const path = prefix + request.path;
      const url = base.origin + path;
      const headers = withAccessHeaders(request.headers, access);
      for (let retries = 0; ; retries++) {
        await limiter?.take();
        const release = await slots.acquire();
        try {
          const response = await sendOnce(dispatcher, base.origin, request, headers, path, url, { ...options, viaProxy: access.proxy !== undefined });
          return retries === 0 ? response : { ...response, retries };
        } catch (err) {
          const error = err as TargetError;
          if (isRetryable(error) && retries < maxRetries) continue;
          throw retries === 0 ? error : error.afterRetries(retries);
        } finally {
          release();
        }
      }
    },
    close: () => connections.close(),
  };
}
