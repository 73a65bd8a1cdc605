import { fail, pass, scope, type Check } from './types.js';

/** The content codings a Content-Encoding value names, in order, without "identity" (no coding). */
const codingsOf = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');

/** Whether an Accept-Encoding value accepts `coding`: named with a non-zero weight, or matched by
 * "*" without being named (RFC 9110 section 12.5.3). */
function accepts(value: string, coding: string): boolean {
  const weights = new Map<string, number>();
  for (const item of value.split(',')) {
    const [name, ...params] = item.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  return (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
}

const headerOf = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

export const contentCodingAccepted: Check = {
  id: 'content-coding-accepted',
  description: 'A response uses no content coding (gzip, deflate, br) that its request did not ask for',
  enforces: 'RFC 9110 section 8.4 (Content-Encoding) and section 12.5.3 (Accept-Encoding); ASMX clients: SoapHttpClientProtocol.EnableDecompression is false by default',
  scope: 'exchange',
  // Not 'error': this tool's requests carry no Accept-Encoding, and RFC 9110 section 12.5.3 says
  // such a request "implies that the user agent has no preferences regarding content-codings.
  // Although this allows the server to use any content-coding in a response, it does not imply that
  // the user agent will be able to correctly process all encodings." No MUST is broken; an ASMX
  // client that did not ask (as none does by default) reads the compressed bytes as the body.
  level: 'warning',
  levelReason: 'RFC 9110 section 12.5.3 lets a server code the answer to a request without Accept-Encoding ("it does not imply that the user agent will be able to correctly process all encodings"); ASMX clients do not decompress unless asked',
  ...scope.all,
  run({ request, response }) {
    const header = response.headers['content-encoding'];
    const codings = codingsOf(header);
    if (codings.length === 0) return pass;
    const asked = headerOf(request.headers, 'accept-encoding');
    if (asked === undefined) return fail(`the answer is content-coded (Content-Encoding: ${header}) although the request sent no Accept-Encoding: a client that did not ask reads ${codings.join(', ')} bytes as the body`);
    const unasked = codings.filter((c) => !accepts(asked, c));
    return unasked.length === 0 ? pass : fail(`the answer is content-coded with ${unasked.join(', ')} (Content-Encoding: ${header}), which the request's Accept-Encoding: ${asked} does not accept`);
  },
};
