/**
 * The HTTP answers in the bytes a connection received (tap.ts), each as its head and body bytes, and
 * their normal form for comparing a direct pass with one through the proxy: the Date header differs
 * by the second, and a ?WSDL answer's addresses name whoever the client asked (the proxy rewrites
 * them to itself, issue 53), so those are replaced by placeholders, and such an answer's
 * Content-Length with them. Everything else must be equal byte for byte.
 */
export interface Answer {
  /** Status line and headers, up to and including the blank line. */
  readonly head: string;
  readonly body: Buffer;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** The answers of one connection, in order; an interim 100 Continue is one too. */
export function splitAnswers(bytes: Buffer): Answer[] {
  const out: Answer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(CRLF2, at);
    if (end === -1) throw new Error(`an answer's head is cut short: ${JSON.stringify(bytes.subarray(at, at + 80).toString('latin1'))}`);
    const head = bytes.subarray(at, end + 4).toString('latin1');
    at = end + 4;
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
    const header = (name: string) => new RegExp(`\\r\\n${name}:[ \\t]*([^\\r]*)`, 'i').exec(head)?.[1];
    if ((status >= 100 && status < 200) || status === 204 || status === 304) {
      out.push({ head, body: Buffer.alloc(0) });
      continue;
    }
    if (/chunked/i.test(header('transfer-encoding') ?? '')) {
      const start = at;
      for (;;) {
        const line = bytes.indexOf('\r\n', at);
        const size = parseInt(bytes.subarray(at, line).toString('latin1'), 16);
        at = line + 2 + size + 2;
        if (size === 0) break;
      }
      out.push({ head, body: bytes.subarray(start, at) });
      continue;
    }
    const length = header('content-length');
    const bodyEnd = length === undefined ? bytes.length : at + Number(length);
    out.push({ head, body: bytes.subarray(at, bodyEnd) });
    at = bodyEnd;
  }
  return out;
}

const ADDRESS = /(<(?:soap|soap12|http):address\s+location=")[^"]*(")/g;

/** The answer with the Date header, and a WSDL's addresses with its Content-Length, as placeholders. */
export function normalised(answer: Answer): string {
  let head = answer.head.replace(/\r\nDate:[^\r]*/i, '\r\nDate: <date>');
  const body = answer.body.toString('latin1');
  const addressless = body.replace(ADDRESS, '$1<address>$2');
  if (addressless !== body) head = head.replace(/\r\nContent-Length:[^\r]*/i, '\r\nContent-Length: <length>');
  return head + addressless;
}
