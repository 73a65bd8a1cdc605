/**
 * What can keep an exchange from completing, as a TargetError with a stable code (undici's
 * UND_ERR_* style). A response that arrived, however broken, is not an error: the checks judge it.
 */

export type TargetErrorCode =
  | 'TSIWS_UNREACHABLE' // refused, unknown host, no route, connect time-out
  | 'TSIWS_CONNECTION_RESET'
  | 'TSIWS_TIMEOUT'
  | 'TSIWS_RESPONSE_TOO_LARGE'
  | 'TSIWS_CONTENT_LENGTH_MISMATCH'
  | 'TSIWS_TLS'
  | 'TSIWS_HTTP_ERROR';

export interface TargetErrorDetails {
  /** The response's status line and headers had arrived: the target answered, if incompletely. */
  readonly answered?: boolean;
  /** Times the request was sent again after getting no answer at all (--retries). */
  readonly retries?: number;
}

export class TargetError extends Error {
  readonly answered: boolean;
  readonly retries: number;
  constructor(readonly code: TargetErrorCode, message: string, details: TargetErrorDetails = {}) {
    super(message);
    this.name = 'TargetError';
    this.answered = details.answered ?? false;
    this.retries = details.retries ?? 0;
  }

  /** The same failure, saying how many retries came before it. */
  afterRetries(retries: number): TargetError {
    return new TargetError(this.code, `${this.message} (after ${retries} ${retries === 1 ? 'retry' : 'retries'})`, { answered: this.answered, retries });
  }
}

/** The run's target does not answer at all, or nothing serves the service at its path: the run
 * stops before judging anything (exit 3). Here, below the engine, so that every layer that reaches
 * a target (the run, wsdl, diff-wsdl, replay) throws the same class. */
export class TargetUnreachableError extends Error {
  readonly code = 'TSIWS_UNREACHABLE';
}

/** Only a request that got no answer at all may be re-sent: a refused, reset or timed-out
 * connection. Anything the target did answer is a result to judge, never to retry away. */
export const isRetryable = (err: TargetError): boolean =>
  !err.answered && (err.code === 'TSIWS_UNREACHABLE' || err.code === 'TSIWS_CONNECTION_RESET' || err.code === 'TSIWS_TIMEOUT');

/** What was known about the exchange when it failed. */
export interface FailureContext {
  readonly url: string;
  readonly timeoutMs: number;
  readonly answered: boolean;
  /** Body bytes received so far. */
  readonly received: number;
  /** The Content-Length the response declared, if any. */
  readonly declared: number | undefined;
  /** The request went through a proxy (--proxy, HTTPS_PROXY, HTTP_PROXY). */
  readonly viaProxy?: boolean;
}

const causeCode = (err: unknown): string => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code ?? '';
};

const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'];
const CLOSED = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'];
const TIMED_OUT = ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'];

export function toTargetError(err: unknown, ctx: FailureContext): TargetError {
  if (err instanceof TargetError) return err;
  const { url, timeoutMs, answered, received, declared } = ctx;
  const details = { answered };
  const code = causeCode(err);
  const detail = err instanceof Error ? err.message : String(err);
  const name = (err as Error | undefined)?.name;
  // undici's ProxyAgent refuses a tunnel the proxy did not grant as an abort; it is no time-out.
  const refused = /^Proxy response \((\d+)\)/.exec(detail);
  if (refused) {
    const hint = refused[1] === '407' ? '; give its credentials in the proxy URL, http://user:password@proxy:port' : '';
    return new TargetError('TSIWS_UNREACHABLE', `the proxy answered HTTP ${refused[1]} when asked to connect to ${url}${hint}`, details);
  }
  if (name === 'TimeoutError' || name === 'AbortError' || TIMED_OUT.includes(code)) {
    return new TargetError('TSIWS_TIMEOUT', answered
      ? `the response from ${url} was still incomplete after ${timeoutMs} ms (${received} bytes of its body had arrived); raise --timeout-ms`
      : `no response from ${url} within ${timeoutMs} ms (raise --timeout-ms)`, details);
  }
  // RFC 9112 section 8: a message with a Content-Length is incomplete when the connection closes
  // before that many octets arrived. undici names it only when the response said Connection: close;
  // on a keep-alive connection it reports the close itself (UND_ERR_SOCKET). A reset (RST) stays a reset.
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || (answered && code === 'UND_ERR_SOCKET' && declared !== undefined && received < declared)) {
    return new TargetError('TSIWS_CONTENT_LENGTH_MISMATCH', `the response from ${url} declared Content-Length ${declared ?? '?'} but the connection closed after ${received} bytes of its body`, details);
  }
  if (UNREACHABLE.includes(code)) return new TargetError('TSIWS_UNREACHABLE', `cannot connect to ${ctx.viaProxy ? `the proxy for ${url}` : url} (${code})`, details);
  if (CLOSED.includes(code)) {
    const when = answered ? `after ${received} bytes of the response body` : 'before any response';
    return new TargetError('TSIWS_CONNECTION_RESET', `connection to ${url} was closed by the target ${when} (${code}): ${detail}`, details);
  }
  if (/CERT|SSL|TLS/i.test(code)) return new TargetError('TSIWS_TLS', `TLS failure talking to ${url} (${code}): ${detail}`, details);
  return new TargetError('TSIWS_HTTP_ERROR', `request to ${url} failed (${code || 'no code'}): ${detail}`, details);
}
