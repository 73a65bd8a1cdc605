/**
 * The only network code: sends a plain HttpRequest with undici and returns a plain HttpResponse.
 * Network failures become TargetError with a stable code (undici's UND_ERR_* style); what the
 * target answered, however broken, is returned for the checks to judge.
 */
import { Pool } from 'undici';
import type { HttpRequest, HttpResponse } from '../transports/types.js';

export type TargetErrorCode =
  | 'TSIWS_UNREACHABLE' // refused, unknown host, no route
  | 'TSIWS_CONNECTION_RESET'
  | 'TSIWS_TIMEOUT'
  | 'TSIWS_RESPONSE_TOO_LARGE'
  | 'TSIWS_TLS'
  | 'TSIWS_HTTP_ERROR';

export class TargetError extends Error {
  constructor(readonly code: TargetErrorCode, message: string) {
    super(message);
    this.name = 'TargetError';
  }
}

export interface HttpClientOptions {
  /** Scheme, host, port and an optional path prefix, e.g. https://staging.example.com. */
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  /** Keep-alive connections in the pool; size it to the concurrency. */
  readonly connections: number;
}

export interface HttpClient {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

const causeCode = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
};

function toTargetError(err: unknown, url: string, timeoutMs: number): TargetError {
  if (err instanceof TargetError) return err;
  const code = causeCode(err) ?? '';
  const detail = err instanceof Error ? err.message : String(err);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'].includes(code)) {
    return new TargetError('TSIWS_UNREACHABLE', `cannot connect to ${url} (${code})`);
  }
  if (['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(code)) {
    return new TargetError('TSIWS_CONNECTION_RESET', `connection to ${url} was closed by the target (${code}): ${detail}`);
  }
  if (['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'].includes(code)) {
    return new TargetError('TSIWS_TIMEOUT', `no complete response from ${url} within ${timeoutMs} ms (raise --timeout-ms)`);
  }
  if (/CERT|SSL|TLS/i.test(code)) return new TargetError('TSIWS_TLS', `TLS failure talking to ${url} (${code}): ${detail}`);
  return new TargetError('TSIWS_HTTP_ERROR', `request to ${url} failed (${code || 'no code'}): ${detail}`);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: options.connections,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connectTimeout: options.timeoutMs,
  });
  return {
    async send(request) {
      const path = prefix + request.path;
      const url = base.origin + path;
      const started = performance.now();
      try {
        const res = await pool.request({
          path,
          method: request.method,
          headers: request.headers,
          body: request.body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          size += (chunk as Buffer).length;
          if (size > options.maxResponseBytes) {
            res.body.destroy();
            throw new TargetError('TSIWS_RESPONSE_TOO_LARGE', `response from ${url} exceeds ${options.maxResponseBytes} bytes (raise --max-response-bytes)`);
          }
          chunks.push(chunk as Buffer);
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
        }
        return { status: res.statusCode, headers, body: Buffer.concat(chunks), elapsedMs: Math.round(performance.now() - started) };
      } catch (err) {
        if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
          throw new TargetError('TSIWS_TIMEOUT', `no complete response from ${url} within ${options.timeoutMs} ms (raise --timeout-ms)`);
        }
        throw toTargetError(err, url, options.timeoutMs);
      }
    },
    close: () => pool.close(),
  };
}
