/**
 * A hostile target on loopback: each operation named in `modes` misbehaves in one way, on every
 * transport; every other request is relayed to an upstream reference server and answered
 * correctly. One run against one hostile server thus meets every misbehaviour at once.
 * The answers are hand-made bytes on purpose: no builder would write them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TransportId } from '../../src/transports/index.js';

export type HostileMode =
  | 'slow-headers' // the status line only after `slowMs`
  | 'trickle' // headers at once, then one body byte every 100 ms
  | 'reset' // half the body, then a TCP reset
  | 'huge' // a 100 MiB body, streamed
  | 'xxe' // a DOCTYPE whose external entity points at a local file, referenced in the result
  | 'entity-bomb' // billion laughs, referenced in the result
  | 'bad-utf8' // bytes that are not UTF-8 inside the result, labelled charset=utf-8
  | 'long-content-length' // Content-Length 1000 bytes more than sent, then the connection closes
  | 'short-content-length' // Content-Length 40 bytes less than sent
  | 'html-500' // an HTML error page with status 500
  | 'redirect'; // 302 to the upstream's own URL

/** One operation per misbehaviour; all of them read-only, so a real target would come to no harm. */
export const HOSTILE_MODES: Readonly<Record<string, HostileMode>> = {
  MobilePriceBookQuantityEachLocation: 'slow-headers',
  MobileTasksList: 'trickle',
  MobileTimeLogList: 'reset',
  MobilePriceBookSearch: 'huge',
  MobileAccountSearch: 'xxe',
  MobileContactSearch: 'entity-bomb',
  MobileOpportunitySearch: 'bad-utf8',
  MobilePartsUsedList: 'long-content-length',
  MobilePartsUsedAssemblyList: 'short-content-length',
  MobileManagedAssetsDropDown: 'html-500',
  MobileAccountDefaultsList: 'redirect',
};

export const HUGE_BYTES = 100 * 1024 * 1024;

type PerTransport = Readonly<Record<TransportId, readonly string[]>>;
const all = (...ids: string[]): PerTransport => ({ soap11: ids, soap12: ids, get: ids, post: ids });
const byFamily = (soap: string[], http: string[]): PerTransport => ({ soap11: soap, soap12: soap, get: http, post: http });

/** What a run reports for a valid request answered in each mode: the TargetError code, or the
 * failing per-exchange checks, sorted. */
export const EXPECTED_FINDINGS: Readonly<Record<HostileMode, PerTransport>> = {
  'slow-headers': all('TSIWS_TIMEOUT'),
  trickle: all('TSIWS_TIMEOUT'),
  reset: all('TSIWS_CONNECTION_RESET'),
  huge: all('TSIWS_RESPONSE_TOO_LARGE'),
  // Over SOAP 1.1 the DOCTYPE also fails WS-I Basic Profile R1008 (issue 51); soap-no-dtd-or-pi finds
  // the same defect, so wsi-basic-profile notes it at info only (checks/wsi/recorded.ts), no failure.
  xxe: byFamily(['soap-no-dtd-or-pi', 'xml-no-external-entity'], ['xml-no-external-entity']),
  // Refused unexpanded before parsing (src/decode/xml-guard.ts), so not readable as XML.
  'entity-bomb': all('xml-well-formed'),
  'bad-utf8': all('charset-consistent'),
  'long-content-length': all('TSIWS_CONTENT_LENGTH_MISMATCH'),
  // The body ends where Content-Length says (RFC 9112 section 6.3): cut XML, the rest unseen.
  'short-content-length': all('xml-well-formed'),
  'html-500': all('content-type', 'http-status-200', 'xml-well-formed'),
  // Not followed: the 302 and its HTML page are the answer.
  redirect: byFamily(['content-type', 'http-status-200', 'soap-envelope-version', 'soap-response-element'], ['content-type', 'http-status-200', 'http-string-root', 'xsd-valid']),
};

export interface HostileOptions {
  /** The reference server that answers everything not hostile, and supplies the answers to spoil. */
  readonly upstream: string;
  /** The local file the external entity of 'xxe' points at. */
  readonly xxeFile: string;
  readonly modes?: Readonly<Record<string, HostileMode>>;
  /** How long 'slow-headers' holds back its answer. */
  readonly slowMs?: number;
}

export interface HostileServer {
  readonly url: string;
  /** Each hostile request: its operation and mode, in arrival order. */
  readonly hits: Array<{ operation: string; mode: HostileMode }>;
  /** Body bytes each 'huge' answer had written when the client hung up. */
  readonly hugeBytesWritten: number[];
  close(): Promise<void>;
}

interface Upstream {
  status: number;
  contentType: string;
  body: Buffer;
}

/** The operation a request invokes: from the GET/POST path, the SOAP action, or the Body's element. */
function operationOf(req: IncomingMessage, body: string): string | undefined {
  const fromPath = /\/tsiWS\.asmx\/(\w+)$/i.exec(new URL(req.url ?? '/', 'http://hostile.invalid').pathname)?.[1];
  const action = req.headers['soapaction'] ?? /action="([^"]*)"/.exec(req.headers['content-type'] ?? '')?.[1];
  const fromAction = typeof action === 'string' ? /\/(\w+)"?$/.exec(action)?.[1] : undefined;
  return fromPath ?? fromAction ?? /<(?:\w+:)?Body>\s*<(?:\w+:)?(\w+)/.exec(body)?.[1];
}

async function relay(upstream: string, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
  const res = await fetch(upstream + req.url, { method: req.method, headers, body: req.method === 'POST' ? body : undefined, redirect: 'manual' });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
}

// The result's text: inside <OpResult> (SOAP) or <string> (GET/POST).
const RESULT = /(<(?:\w+:)?(?:\w+Result|string)\b[^>]*>)([^<]*)(<\/)/;

/** The upstream answer with its result text replaced by `replacement` (markup allowed). */
const withResult = (xml: string, replacement: string) => xml.replace(RESULT, (_m, open: string, _text, close: string) => open + replacement + close);

/** The document with `<!DOCTYPE root [subset]>` inserted after its XML declaration. */
function withDoctype(xml: string, subset: string): string {
  const decl = /^<\?xml[^>]*\?>\s*/.exec(xml)?.[0] ?? '';
  const root = /<([\w:.-]+)/.exec(xml.slice(decl.length))![1];
  return `${decl}<!DOCTYPE ${root} [${subset}]>${xml.slice(decl.length)}`;
}

function billionLaughs(): string {
  let subset = '<!ENTITY lol0 "lol">';
  for (let i = 1; i <= 9; i++) subset += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
  return subset;
}

const IIS_ERROR_PAGE = '<!DOCTYPE html><html><head><title>Runtime Error</title></head><body><h1>Server Error in \'/\' Application.</h1><br><h2><i>Runtime Error</i></h2><br>Description: An application error occurred on the server.<br></body></html>';

/** Raw bytes on the socket: for answers node:http would refuse to write (a lying Content-Length). */
function rawAnswer(socket: Socket, head: string[], body: Buffer): void {
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
}

async function streamHuge(res: ServerResponse, written: number[]): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
  // 1 MiB a write: the client hits its cap after a handful of writes and drains, not a hundred
  // (64 KiB writes, each awaiting 'drain', made a starved CI machine time out before the cap).
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const index = written.push(0) - 1;
  let closed = false;
  const hungUp = new Promise((resolve) => res.on('close', () => resolve(closed = true)));
  res.write('<?xml version="1.0" encoding="utf-8"?><string xmlns="http://www.tigerpawsoftware.com">');
  while (!closed && written[index]! < HUGE_BYTES) {
    written[index]! += chunk.length;
    // Backpressure: wait until the client has taken what is buffered, so neither side holds 100 MiB.
    if (!res.write(chunk)) await Promise.race([once(res, 'drain'), hungUp]);
  }
  if (!closed) res.end('</string>');
}

async function trickle(res: ServerResponse, up: Upstream): Promise<void> {
  res.writeHead(up.status, { 'Content-Type': up.contentType });
  res.flushHeaders();
  let closed = false;
  res.on('close', () => (closed = true));
  for (let i = 0; i < up.body.length && !closed; i++) {
    res.write(up.body.subarray(i, i + 1));
    await sleep(100);
  }
  if (!closed) res.end();
}

async function answer(mode: HostileMode, req: IncomingMessage, res: ServerResponse, up: () => Promise<Upstream>, options: HostileOptions, written: number[]): Promise<void> {
  switch (mode) {
    case 'slow-headers': {
      const closed = new Promise((resolve) => res.on('close', resolve));
      await Promise.race([sleep(options.slowMs ?? 10_000), closed]);
      if (res.destroyed) return;
      const u = await up();
      res.writeHead(u.status, { 'Content-Type': u.contentType }).end(u.body);
      return;
    }
    case 'trickle':
      return trickle(res, await up());
    case 'reset': {
      const u = await up();
      res.writeHead(u.status, { 'Content-Type': u.contentType });
      res.write(u.body.subarray(0, u.body.length >> 1));
      await sleep(20);
      req.socket.resetAndDestroy();
      return;
    }
    case 'huge':
      return streamHuge(res, written);
    case 'xxe': {
      const u = await up();
      const xml = withDoctype(withResult(u.body.toString('utf8'), '&xxe;'), `<!ENTITY xxe SYSTEM "file://${options.xxeFile}">`);
      res.writeHead(u.status, { 'Content-Type': u.contentType }).end(xml);
      return;
    }
    case 'entity-bomb': {
      const u = await up();
      res.writeHead(u.status, { 'Content-Type': u.contentType }).end(withDoctype(withResult(u.body.toString('utf8'), '&lol9;'), billionLaughs()));
      return;
    }
    case 'bad-utf8': {
      const u = await up();
      const [before, after] = withResult(u.body.toString('utf8'), '\u0000').split('\u0000');
      res.writeHead(u.status, { 'Content-Type': u.contentType }).end(Buffer.concat([Buffer.from(`${before}caf`), Buffer.from([0xe9, 0xff]), Buffer.from(after!)]));
      return;
    }
    case 'long-content-length': {
      const u = await up();
      // Keep-alive, then a plain close (FIN): the case undici does not name itself (see errors.ts).
      rawAnswer(req.socket, [`HTTP/1.1 ${u.status} OK`, `Content-Type: ${u.contentType}`, `Content-Length: ${u.body.length + 1000}`], u.body);
      return;
    }
    case 'short-content-length': {
      const u = await up();
      rawAnswer(req.socket, [`HTTP/1.1 ${u.status} OK`, `Content-Type: ${u.contentType}`, `Content-Length: ${u.body.length - 40}`, 'Connection: close'], u.body);
      return;
    }
    case 'html-500':
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' }).end(IIS_ERROR_PAGE);
      return;
    case 'redirect': {
      // ASP.NET's Response.Redirect page, the URL attribute-encoded.
      const location = options.upstream + req.url;
      res.writeHead(302, { Location: location, 'Content-Type': 'text/html; charset=utf-8' })
        .end(`<html><head><title>Object moved</title></head><body><h2>Object moved to <a href="${location.replace(/&/g, '&amp;')}">here</a>.</h2></body></html>`);
      return;
    }
  }
}

export async function startHostileServer(options: HostileOptions): Promise<HostileServer> {
  const modes = options.modes ?? HOSTILE_MODES;
  const hits: HostileServer['hits'] = [];
  const hugeBytesWritten: number[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const operation = operationOf(req, body.toString('utf8'));
    const mode = operation === undefined ? undefined : modes[operation];
    const up = () => relay(options.upstream, req, body);
    try {
      if (mode) {
        hits.push({ operation: operation!, mode });
        await answer(mode, req, res, up, options, hugeBytesWritten);
        return;
      }
      const u = await up();
      res.writeHead(u.status, u.contentType ? { 'Content-Type': u.contentType } : {}).end(u.body);
    } catch {
      // The client hung up mid-answer: exactly what several modes provoke.
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    hugeBytesWritten,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
