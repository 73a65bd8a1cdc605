/**
 * The proxy's forwarding path (issue 53): a reverse proxy for the service path and ?WSDL that sends
 * each request to the target with undici (the access settings' one dispatcher, src/http/access.ts)
 * and streams the answer back as it comes, status line, headers and bytes unchanged (hop-by-hop
 * headers aside), with the target's flow control passed on (a slow client pauses the target's
 * stream). Nothing is judged here: each exchange is handed to `onExchange` once its answer has gone
 * to the client, so the client never waits on the checks. The one answer changed is a ?WSDL one,
 * whose addresses name the proxy (wsdl-address.ts) unless keepWsdlAddress.
 * The run's limits hold while the answer streams: `timeoutMs` bounds the whole answer (a target that
 * drips or streams forever is cut there), only the first maxBodyBytes are kept (memory stays flat
 * however long the answer), and a client that hangs up does not end the exchange: the target's
 * answer is still read (and dropped) to its end or a limit, and judged.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { SERVICE_PATH } from '../contract/index.js';
import { dispatcherFor, withAccessHeaders, type HttpAccess } from '../http/access.js';
import { TargetError, toTargetError } from '../http/errors.js';
import { deadlineError } from '../http/send.js';
import { endToEnd, lowerCased, without } from './hop-by-hop.js';
import type { ClientJudgement, ForwardedExchange } from './observed.js';
import type { ObservedRequest } from '../transports/observed.js';
import { rewriteWsdlAddresses } from './wsdl-address.js';

export interface ProxyOptions {
  /** Scheme, host and optional path prefix of the target (run's --base-url form). */
  readonly target: string;
  readonly host: string;
  /** 0: any free port. */
  readonly port: number;
  readonly access: HttpAccess;
  /** Time allowed for the target's whole answer, from sending the request to its last byte (a run's
   * --timeout-ms): at the limit the client's answer is ended and the exchange is TSIWS_TIMEOUT. */
  readonly timeoutMs: number;
  /** Largest request taken, and largest answer kept for judging (the answer streams on past it, and
   * is TSIWS_RESPONSE_TOO_LARGE). */
  readonly maxBodyBytes: number;
  readonly keepWsdlAddress: boolean;
  /** Judges a request before its answer starts, for a header added to that answer; absent: no header. */
  readonly violations?: (request: ObservedRequest) => { readonly header?: readonly [string, string]; readonly client: ClientJudgement };
  /** Each exchange, once its answer has gone to the client (or could not). */
  readonly onExchange: (exchange: ForwardedExchange) => void;
}

export interface RunningProxy {
  /** Where the proxy listens, e.g. http://127.0.0.1:8090. */
  readonly url: string;
  /** Exchanges being forwarded now. */
  readonly inFlight: () => number;
  /** Stops accepting, waits up to `graceMs` for the exchanges in flight, then cuts what is left. */
  close(graceMs: number): Promise<void>;
}

/** The proxy serves the service and nothing else: a path the service does not have is not forwarded. */
export const isServicePath = (url: string): boolean => {
  const lower = url.toLowerCase();
  const base = SERVICE_PATH.toLowerCase();
  return lower.startsWith(base) && (lower.length === base.length || '/?'.includes(lower[base.length]!));
};

/** `?WSDL` (any case) on the service path: the description a client is generated from. */
export const isWsdlRequest = (method: string, url: string): boolean => method === 'GET' && /^\?wsdl$/i.test(url.slice(url.indexOf('?') === -1 ? url.length : url.indexOf('?')));

/** The request's headers as they go to the target: end to end, the access settings' added (and
 * replacing the client's of the same name); Host, Content-Length and Expect are undici's to set for
 * the buffered body it sends (it refuses Expect). */
function headersToTarget(raw: readonly string[], access: HttpAccess): string[] {
  const added = withAccessHeaders({}, access);
  const out = without(endToEnd(raw), ['host', 'content-length', 'expect', ...Object.keys(added).map((n) => n.toLowerCase())]);
  for (const [name, value] of Object.entries(added)) out.push(name, value);
  return out;
}

/** A valid Host header can name the proxy in a rewritten WSDL; anything else is not written into XML. */
const HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

function readBody(req: IncomingMessage, max: number): Promise<Buffer | 'too large' | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.once('end', () => resolve(size <= max ? Buffer.concat(chunks, size) : 'too large'));
    req.once('error', reject);
    // A client gone before its request was whole (or cut by close()) made no exchange.
    req.once('close', () => resolve(undefined));
  });
}

function plain(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return void res.destroy();
  const body = Buffer.from(`${text}\n`, 'utf8');
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(body.length) });
  res.end(body);
}

/** What a running proxy's steps share: where it forwards to, and what is in flight. */
interface Proxying {
  readonly options: ProxyOptions;
  readonly base: URL;
  /** The target's path before the service's, without a trailing slash. */
  readonly prefix: string;
  readonly dispatcher: Dispatcher;
  readonly pending: Set<Promise<void>>;
  /** The answers being read: on stop, those whose client already left are cut too. */
  readonly relays: Set<Relay>;
  /** The proxy's own origin, once it listens. */
  own: string;
  /** Set once close() cuts what outlived its grace: those exchanges were cut by the proxy. */
  cutting: boolean;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const base = new URL(options.target);
  const prefix = base.pathname.replace(/\/+$/, '');
  const dispatcher = dispatcherFor(base.origin, options.access, { connections: 64, timeoutMs: options.timeoutMs });
  const proxying: Proxying = { options, base, prefix, dispatcher, pending: new Set(), relays: new Set(), own: '', cutting: false };
  const { pending } = proxying;
  const server = createServer((req, res) => {
    const done: Promise<void> = relay(proxying, req, res).catch(() => {
      res.destroy();
    }).finally(() => pending.delete(done));
    pending.add(done);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  proxying.own = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url: proxying.own,
    inFlight: () => pending.size,
    close: (graceMs) => closeProxy(proxying, server, graceMs),
  };
}

/** Forwards one request to the target and its answer back, then hands the exchange on. */
async function relay(proxying: Proxying, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { options } = proxying;
  // Node would add a Date header of its own: the target's answer goes as the target sent it.
  res.sendDate = false;
  const url = req.url ?? '/';
  if (!isServicePath(url)) return plain(res, 404, `tsiws-conform proxy: only ${SERVICE_PATH} is forwarded to the target, not ${url.split('?')[0]}`);
  const body = await readBody(req, options.maxBodyBytes);
  if (body === undefined) return;
  if (body === 'too large') return plain(res, 413, `tsiws-conform proxy: the request is larger than ${options.maxBodyBytes} bytes (raise --max-response-bytes)`);
  const request: ObservedRequest = { method: req.method ?? 'GET', url, headers: req.headers, body };
  const exchange = await forwarded(proxying, req, res, request);
  // Judged after the answer went out: a tick later, so the client's last bytes are not held up.
  setImmediate(() => options.onExchange(exchange));
}

/** Sends the request on to the target and relays the answer to the client as it comes; resolves
 * with the exchange once the answer is relayed, cut or failed. */
function forwarded(proxying: Proxying, req: IncomingMessage, res: ServerResponse, request: ObservedRequest): Promise<ForwardedExchange> {
  const { options, base, prefix, relays } = proxying;
  const url = request.url;
  const startedAt = Date.now();
  const judged = options.violations?.(request);
  const wsdl = isWsdlRequest(request.method, url);
  const origin = HOST.test(req.headers.host ?? '') ? `http://${req.headers.host}` : proxying.own;
  const body = request.body;
  return new Promise<ForwardedExchange>((resolve) => {
    const handler = new Relay(res, {
      url: base.origin + prefix + url,
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes,
      viaProxy: options.access.proxy !== undefined,
      header: judged?.header,
      rewrite: wsdl && !options.keepWsdlAddress ? (answer) => rewriteWsdlAddresses(answer, origin, prefix) : undefined,
    }, (outcome) => {
      relays.delete(handler);
      resolve({ request, startedAt, ...outcome, ...(judged ? { client: judged.client } : {}) });
    });
    relays.add(handler);
    res.once('close', () => handler.clientGone(proxying.cutting ? 'proxy' : 'client'));
    proxying.dispatcher.dispatch({ origin: base.origin, path: prefix + url, method: request.method as Dispatcher.HttpMethod, headers: headersToTarget(req.rawHeaders, options.access), body: body.length > 0 || !['GET', 'HEAD'].includes(request.method) ? body : null }, handler);
  });
}

/** Stops taking requests, lets those in flight finish for `graceMs`, then cuts the rest. */
async function closeProxy(proxying: Proxying, server: Server, graceMs: number): Promise<void> {
  const { pending } = proxying;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  // What is still in flight is cut; each cut exchange is still handed on (with its error) first.
  proxying.cutting = true;
  server.closeAllConnections();
  for (const relay of proxying.relays) relay.clientGone('proxy');
  await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
  clearTimeout(timer);
  await closed;
  await proxying.dispatcher.close();
}

interface RelayContext {
  /** The target's URL of this request, for error messages. */
  readonly url: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly viaProxy: boolean;
  readonly header: readonly [string, string] | undefined;
  /** Set for a ?WSDL answer whose addresses are rewritten: it is held whole, then sent. */
  readonly rewrite: ((body: Buffer) => Buffer | undefined) | undefined;
}

type Outcome = Pick<ForwardedExchange, 'answer' | 'error' | 'rewritten' | 'cutBy' | 'clientLeft'>;

/** One exchange through undici's handler interface (as http/send.ts collects an answer): the head
 * and each chunk go to the client as they arrive; a copy of the first maxBodyBytes is kept for
 * judging, the rest only counted. One deadline covers the whole answer, as in a run: undici's
 * bodyTimeout restarts with every chunk, so a target dripping a byte at a time would never end. */
class Relay implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private head: { status: number; statusMessage: string; raw: string[] } | undefined;
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private received = 0;
  private settled = false;
  private cutBy: 'proxy' | undefined;
  /** The client's connection closed before the answer was whole: the rest is read, not sent. */
  private clientLeft = false;
  /** A ?WSDL answer held whole for its addresses to be rewritten (until it passes maxBodyBytes). */
  private holding: boolean;
  /** Set when the deadline passed before undici started the request: abort it as it starts. */
  private cancelled: Error | undefined;
  private readonly deadline: NodeJS.Timeout;
  private readonly started = performance.now();
  private readonly sentAt = Date.now();

  constructor(private readonly res: ServerResponse, private readonly ctx: RelayContext, private readonly done: (outcome: Outcome) => void) {
    this.holding = ctx.rewrite !== undefined;
    this.deadline = setTimeout(() => this.abort(deadlineError(ctx.timeoutMs)), ctx.timeoutMs);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.cancelled) return controller.abort(this.cancelled);
    // A client gone before its 'close' was listened for: its answer is read, not sent, all the same.
    if (this.res.destroyed) this.clientLeft = true;
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[] | undefined>, statusMessage: string): void {
    // 1xx interim answers are not the answer (Node answers the client's Expect itself).
    if (status < 200) return;
    const raw = rawHeadersOf(controller, headers);
    this.head = { status, statusMessage, raw };
    if (this.holding || this.clientLeft) return;
    // The head, and what of the body came with it in the same read, go out in one write: undici
    // calls start, data and end in one go for an answer read whole, and the socket is uncorked a
    // tick later (or by end()). Written one by one, the head and body cost a write each.
    this.res.cork();
    process.nextTick(() => this.res.uncork());
    this.writeHead(controller, status, statusMessage, this.withHeader(endToEnd(raw)));
  }

  /** Node refuses a header value it cannot write (a control character, say): the target's answer
   * cannot be passed on as it is, so the client's connection is cut, and the exchange says why. */
  private writeHead(controller: Dispatcher.DispatchController, status: number, statusMessage: string, headers: string[]): boolean {
    try {
      this.res.writeHead(status, statusMessage, headers);
      return true;
    } catch (err) {
      controller.abort(new TargetError('TSIWS_HTTP_ERROR', `the answer's head cannot be passed on to the client: ${(err as Error).message}`, { answered: true }));
      return false;
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.received += chunk.length;
    const room = this.ctx.maxBodyBytes - this.kept;
    if (room > 0) {
      // A copy of the last part: a view would hold the whole chunk past the limit.
      const part = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room));
      this.chunks.push(part);
      this.kept += part.length;
    }
    if (this.clientLeft) return this.stopWhenTooLarge();
    if (this.holding) {
      if (this.kept === this.received) return;
      // Too large to hold for rewriting: what was held goes as it came, the rest streams on.
      this.holding = false;
      if (!this.writeHead(controller, this.head!.status, this.head!.statusMessage, this.withHeader(endToEnd(this.head!.raw)))) return;
      this.res.write(Buffer.concat(this.chunks, this.kept));
      chunk = chunk.subarray(Math.max(room, 0));
    }
    // The target's pace is the client's: a client that reads slowly pauses the target's stream.
    if (!this.res.write(chunk)) {
      controller.pause();
      this.res.once('drain', () => controller.resume());
    }
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.deadline);
    const body = Buffer.concat(this.chunks, this.kept);
    const answer = this.answer(body);
    const rewritten = this.holding && !this.clientLeft ? this.sendRewritten(body, answer.headers['content-encoding']) : false;
    this.finish({ answer, ...(rewritten ? { rewritten: true as const } : {}) });
    if (!this.holding && !this.clientLeft) this.res.end();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, err: Error): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.deadline);
    const error = toTargetError(err, { url: this.ctx.url, timeoutMs: this.ctx.timeoutMs, answered: this.head !== undefined, received: this.received, declared: undefined, viaProxy: this.ctx.viaProxy });
    // Before the answer's head, the client gets the gateway's own answer (RFC 9110 section 15.6.3);
    // after it, the connection is cut, as the target cut it (or as the deadline ends it).
    if (!this.res.headersSent && !this.res.destroyed) plain(this.res, 502, `tsiws-conform proxy: the target did not answer (${error.code})`);
    else this.res.destroy();
    this.finish({ ...(this.head ? { answer: this.answer(Buffer.concat(this.chunks, this.kept)) } : {}), error, ...(this.cutBy ? { cutBy: this.cutBy } : {}) });
  }

  /** The client's connection closed before the answer was whole. The proxy stopping cancels the
   * target's request; a client hanging up does not: the target's answer is still read (and
   * dropped) to its end or a limit and judged, so its faults do not vanish with the client. */
  clientGone(by: 'client' | 'proxy'): void {
    if (this.settled || this.res.writableFinished) return;
    if (by === 'client') {
      this.clientLeft = true;
      // A pause waiting for the client's drain would never end.
      this.controller?.resume();
      return this.stopWhenTooLarge();
    }
    this.cutBy = by;
    this.abort(new TargetError('TSIWS_CONNECTION_RESET', 'the proxy stopped before the answer was whole'));
  }

  /** With nobody to pass it to, an answer past the kept limit is read no further: its verdict
   * (TSIWS_RESPONSE_TOO_LARGE) is settled, and draining a stream that never ends would cost the
   * proxy the whole --timeout-ms at full speed. */
  private stopWhenTooLarge(): void {
    if (this.kept < this.received) this.abort(new TargetError('TSIWS_RESPONSE_TOO_LARGE', `the client had closed its connection, so the proxy stopped reading the answer after ${this.received} bytes`, { answered: true }));
  }

  /** Ends the target's request with `err` (its connection closed), or the exchange at once while
   * undici has not started the request. */
  private abort(err: Error): void {
    if (this.settled) return;
    if (this.controller) return this.controller.abort(err);
    this.cancelled = err;
    this.onResponseError(undefined, err);
  }

  private answer(body: Buffer): NonNullable<ForwardedExchange['answer']> {
    const { status, statusMessage, raw } = this.head!;
    return { status, statusMessage, headers: lowerCased(raw), body, elapsedMs: Math.round(performance.now() - this.started), sentAt: this.sentAt, ...(this.kept < this.received ? { cut: true as const, received: this.received } : {}) };
  }

  /** Sends the held ?WSDL answer, its addresses rewritten where it has any (an encoded body, gzip
   * say, goes as it came: rewriting it would mean decoding it). Whether it rewrote. */
  private sendRewritten(body: Buffer, encoding: string | undefined): boolean {
    const { status, statusMessage, raw } = this.head!;
    const moved = encoding === undefined || encoding === 'identity' ? this.ctx.rewrite!(body) : undefined;
    const headers = endToEnd(raw);
    const sent = moved ?? body;
    if (moved) for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === 'content-length') headers[i + 1] = String(sent.length);
    if (this.writeHead(this.controller!, status, statusMessage, this.withHeader(headers))) this.res.end(sent);
    else this.res.destroy();
    return moved !== undefined;
  }

  private withHeader(headers: string[]): string[] {
    return this.ctx.header ? [...headers, ...this.ctx.header] : headers;
  }

  private finish(outcome: Outcome): void {
    const { res } = this;
    const told = this.clientLeft ? { ...outcome, clientLeft: true as const } : outcome;
    if (res.writableFinished || res.destroyed) return this.done(told);
    let once = false;
    const tell = () => {
      if (!once) this.done(told);
      once = true;
    };
    res.once('finish', tell);
    res.once('close', tell);
  }
}

/** The answer's headers as the target wrote them (name case and order): undici keeps them on the
 * controller of a pool's request; a dispatcher that does not falls back to the parsed ones. */
function rawHeadersOf(controller: Dispatcher.DispatchController, parsed: Record<string, string | string[] | undefined>): string[] {
  const raw = (controller as { rawHeaders?: Buffer[] | null }).rawHeaders;
  if (raw) return raw.map((b) => b.toString('latin1'));
  const out: string[] = [];
  for (const [name, value] of Object.entries(parsed)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.push(name, v);
  return out;
}
