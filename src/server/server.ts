/**
 * The embedded reference server: all 20 operations on all four transports at /api/rmm/tsiWS.asmx,
 * `?WSDL`, and an ASMX-style help page. Every request ends in a reply; no input crashes it, and no
 * client holds it: an oversized upload is answered 413 and the connection closed rather than read
 * to its end, and a request (headers and body) that takes longer than requestTimeoutMs gets 408.
 * ASMX bounds its own reading too (SoapServerProtocol.GetReaderForMessage reads the envelope with
 * a SoapEnvelopeReader under soapEnvelopeProcessing's readTimeout, reference source).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { DEFAULT_NAMESPACE, operations, SERVICE_PATH, soapAction } from '../contract/index.js';
import { soap11, soap12 } from '../transports/dialects.js';
import { parseContentType } from '../decode/response.js';
import { MAX_QUERY_STRING } from '../cases/negative.js';
import { generateWsdl } from '../wsdl/generate.js';
import type { Behaviour, Service } from './behaviour.js';
import { handleForm } from './form-handler.js';
import { DEPLOYMENT_MUTANTS, findDeploymentMutant, findMutant, MUTANTS, type ReplyContext } from './mutants/index.js';
import { document, empty, plainError, type Reply } from './replies.js';
import { handleSoap } from './soap-handler.js';
import { createStatefulService, type AnswerEntry } from './stateful/service.js';
import { findPersonality, personalityNames, REFERENCE, type Personality } from './stateful/personality.js';
import { findStatefulMutant, STATEFUL_MUTANTS } from './stateful/mutants.js';
import { DEFAULT_RESULT_FORMAT, type ResultFormat } from '../results/result-format.js';

export interface ReferenceServerOptions {
  readonly namespace?: string;
  readonly port?: number;
  readonly host?: string;
  /** Largest request body accepted, in bytes; larger ones get 413. */
  readonly maxBodyBytes?: number;
  /** Time allowed to receive one whole request, headers and body; a slower one gets 408. */
  readonly requestTimeoutMs?: number;
  /** Secret of the example signing scheme (auth.ts); without one any signature is accepted. */
  readonly authSecret?: string;
  /** A deliberate deviation (mutants.ts), by name. */
  readonly mutant?: string;
  /** How result texts are written: json (default) or xml; a mutant may fix its own. */
  readonly resultFormat?: ResultFormat;
  /** The stateful reference implementation (src/server/stateful/) instead of the echo. */
  readonly stateful?: boolean;
  /** With stateful: every result carries servedAt and answerId (stateful/outcome.ts, Stamp). */
  readonly stampResults?: boolean;
  /** With stateful: the vendor's choices, a name of `personalityNames()` or random:SEED (stateful/personality.ts). */
  readonly personality?: string;
  /** With stateful: told every web-method call the service answers (stateful/service.ts, AnswerEntry). */
  readonly answerLog?: (entry: AnswerEntry) => void;
  /** A web method of the caller's own instead of the echo or the stateful implementation (a test's
   * vendor: another result format around the stateful one); it checks signatures itself. */
  readonly service?: Service;
}

export type { AnswerEntry };

/** The stateful service's personalities by name (random:SEED draws one more). */
export { personalityNames };

/** Why `name` is not a personality, or undefined when it is one. */
export function unknownPersonality(name: string): string | undefined {
  return findPersonality(name) ? undefined : `unknown personality "${name}"; known: ${personalityNames().join(', ')}, or random:SEED (a whole number)`;
}

/** The line that says why stateful mutant `name` does not apply to the personality (undefined: it
 * applies). Both names were checked before. */
export function mutantNotApplicable(name: string, personality: string | undefined): string | undefined {
  const p = personality === undefined ? REFERENCE : findPersonality(personality);
  const why = p && findStatefulMutant(name)?.notApplicable?.(p);
  return why ? `--mutant ${name} does not apply to personality ${personality ?? REFERENCE.name} (${why}): serving ${personality ?? REFERENCE.name} unchanged, without the mutant` : undefined;
}

export interface ReferenceServer {
  /** Scheme, host and port, e.g. http://127.0.0.1:41234 (the service path is not included). */
  readonly url: string;
  readonly namespace: string;
  readonly resultFormat: ResultFormat;
  /** The result texts' format as served: resultFormat, or a personality's own (xml-pascal, pairs). */
  readonly resultText: string;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function helpPage(): string {
  const items = operations.map((o) => `<li><a href="${SERVICE_PATH}?op=${o.name}">${o.name}</a></li>`).join('');
  return `<html><head><title>tsiWS Web Service</title></head><body><h1>tsiWS</h1><p>The following operations are supported.</p><ul>${items}</ul></body></html>`;
}

async function route(req: IncomingMessage, behaviour: Behaviour, maxBody: number): Promise<Reply> {
  const body = req.method === 'POST' ? (await readBody(req, maxBody)).toString('utf8') : '';
  const reply = answer(req, body, behaviour);
  const respond = behaviour.mutant?.respond;
  const ctx = respond ? replyContext(req, body, behaviour.namespace) : undefined;
  return respond && ctx ? respond(reply, ctx) : reply;
}

function answer(req: IncomingMessage, body: string, behaviour: Behaviour): Reply {
  const ns = behaviour.namespace;
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v ?? '']));
  const path = url.pathname;

  if (path.toLowerCase() === SERVICE_PATH.toLowerCase()) {
    if (req.method === 'GET') {
      if ([...url.searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl')) {
        return document('text/xml', generateWsdl({ namespace: ns, baseUrl: `http://${req.headers.host ?? 'localhost'}` }));
      }
      return document('text/html', helpPage());
    }
    if (req.method === 'POST') return handleSoap(behaviour, { headers, body });
    return empty(405);
  }
  if (path.toLowerCase().startsWith(`${SERVICE_PATH.toLowerCase()}/`)) {
    const opName = decodeURIComponent(path.slice(SERVICE_PATH.length + 1));
    if (req.method === 'GET') {
      // ASP.NET refuses a query string over httpRuntime maxQueryStringLength (default 2048).
      if (url.search.length - 1 > MAX_QUERY_STRING) return plainError('System.Web.HttpException: The length of the query string for this request exceeds the configured maxQueryStringLength value.\r\n', 400);
      return handleForm(behaviour, 'get', opName, url.searchParams);
    }
    if (req.method === 'POST') {
      const isForm = parseContentType(headers['content-type']).mediaType === 'application/x-www-form-urlencoded';
      return handleForm(behaviour, 'post', opName, isForm ? new URLSearchParams(body) : undefined, headers['content-type'] ?? '');
    }
    return empty(405);
  }
  return plainError('Not Found', 404);
}

/** Which endpoint a request reached and the operation it names, for a mutant's reply hook. The SOAP
 * version is guessed from the headers as ASMX does (soap-handler.ts); the operation is taken from
 * the path, the SOAPAction header or the Body's first element. */
function replyContext(req: IncomingMessage, body: string, ns: string): ReplyContext | undefined {
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  const path = url.pathname.toLowerCase();
  const service = SERVICE_PATH.toLowerCase();
  if (path === service && req.method === 'GET') {
    return [...url.searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl') ? { transport: 'wsdl', operation: undefined } : undefined;
  }
  if (path.startsWith(`${service}/`)) {
    return { transport: req.method === 'POST' ? 'post' : 'get', operation: decodeURIComponent(url.pathname.slice(SERVICE_PATH.length + 1)) };
  }
  if (path !== service) return undefined;
  const headers = { 'content-type': req.headers['content-type'] ?? '', ...(typeof req.headers.soapaction === 'string' ? { soapaction: req.headers.soapaction } : {}) };
  const transport = headers.soapaction === undefined || parseContentType(headers['content-type']).mediaType === soap12.mediaType ? 'soap12' : 'soap11';
  const action = transport === 'soap11' ? soap11.requestAction(headers) : soap12.requestAction(headers);
  const named = operations.find((o) => action !== undefined && soapAction(ns, o) === action)?.name;
  return { transport, operation: named ?? /<(?:[\w.-]+:)?Body[^>]*>\s*<(?:[\w.-]+:)?(\w+)/.exec(body)?.[1] };
}

/** The body's bytes, with the content coding the reply names applied (only mutants name one). */
function encoded(reply: Reply): Buffer {
  const bytes = Buffer.from(reply.body, 'utf8');
  const coding = Object.entries(reply.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
  return coding === 'gzip' ? gzipSync(bytes) : bytes;
}

function send(res: ServerResponse, reply: Reply): void {
  // The client may be gone (a reset, a timed-out upload): then there is no one to answer.
  if (res.headersSent || res.destroyed) return;
  const body = encoded(reply);
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  res.end(body);
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const ns = options.namespace ?? DEFAULT_NAMESPACE;
  const { behaviour, resultFormat, personality } = behaviourOf(options, ns);
  const server = serverFor(options, behaviour);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    namespace: ns,
    resultFormat,
    resultText: personality && personality.format !== 'reference' ? personality.format : resultFormat,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** How the server answers: the echo or the stateful service, with the mutant and personality asked
 * for; an unknown mutant or personality, or a personality without the stateful service, throws. */
function behaviourOf(options: ReferenceServerOptions, ns: string): { behaviour: Behaviour; resultFormat: ResultFormat; personality: Personality | undefined } {
  // The stateful implementation has its own catalog of mutants (stateful/mutants.ts); the echo's
  // mutants are deviations of the echo and are not offered with it.
  const stateful = options.stateful === true;
  // A deployment mistake (mutants/deployment.ts) is around the service, not in it: it applies to both.
  const mutant = options.mutant === undefined ? undefined : stateful ? findDeploymentMutant(options.mutant) : findMutant(options.mutant);
  const statefulMutant = options.mutant === undefined || !stateful ? undefined : findStatefulMutant(options.mutant);
  if (options.mutant !== undefined && !mutant && !statefulMutant) {
    throw new Error(`unknown ${stateful ? 'stateful ' : ''}mutant "${options.mutant}"; known: ${(stateful ? [...STATEFUL_MUTANTS, ...DEPLOYMENT_MUTANTS] : MUTANTS).map((m) => m.name).join(', ')}`);
  }
  const personality = options.personality === undefined ? undefined : findPersonality(options.personality);
  if (options.personality !== undefined && (!stateful || !personality)) throw new Error(stateful ? unknownPersonality(options.personality) : 'a personality is one of the stateful service\'s: add stateful');
  const resultFormat = mutant?.resultFormat ?? options.resultFormat ?? DEFAULT_RESULT_FORMAT;
  const service = options.service ?? (stateful ? createStatefulService({
    resultFormat, ...(options.stampResults ? { stampResults: true } : {}), ...(options.authSecret ? { authSecret: options.authSecret } : {}), ...(statefulMutant ? { mutant: statefulMutant } : {}),
    ...(personality ? { personality } : {}), ...(options.answerLog ? { answerLog: options.answerLog } : {}),
  }) : undefined);
  const behaviour: Behaviour = { namespace: mutant?.namespace ?? ns, resultFormat, ...(options.authSecret ? { authSecret: options.authSecret } : {}), ...(mutant ? { mutant } : {}), ...(service ? { service } : {}) };
  return { behaviour, resultFormat, personality };
}

/** The HTTP server, not yet listening: each request routed to `behaviour`, and what Node refuses
 * before routing (a timed-out or malformed request) answered as a bare HTTP error. */
function serverFor(options: ReferenceServerOptions, behaviour: Behaviour): Server {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  // Node checks for timed-out requests every connectionsCheckingInterval (30 s by default).
  // maxHeaderSize: a long GET query must reach the maxQueryStringLength check, not Node's 16 KiB limit.
  const timeouts = { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, Math.max(25, requestTimeout / 4)), maxHeaderSize: 256 * 1024 };
  const server: Server = createServer(timeouts, (req, res) => {
    route(req, behaviour, maxBody).then(
      (reply) => send(res, reply),
      (err: unknown) => {
        if (err instanceof BodyTooLarge) {
          // Connection: close, so Node closes the socket instead of reading the rest of the upload.
          const reply = plainError('Maximum request length exceeded.', 413);
          send(res, { ...reply, headers: { ...reply.headers, Connection: 'close' } });
          return;
        }
        send(res, plainError(`System.Exception: ${err instanceof Error ? err.message : String(err)}`));
        req.resume();
      },
    );
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // Node leaves the socket to this listener: answer if it still can, and close it either way.
    if (!socket.writable) return void socket.destroy();
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  return server;
}
