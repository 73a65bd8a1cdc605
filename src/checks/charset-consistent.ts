import { TextDecoder } from 'node:util';
import { parseContentType } from '../decode/response.js';
import { fail, pass, scope, skip, type Check } from './types.js';

const XML_MEDIA = new Set(['text/xml', 'application/soap+xml', 'application/xml']);
const normal = (charset: string) => charset.toLowerCase().replace(/^utf8$/, 'utf-8');

/** The encoding named by the XML declaration, if the body starts with one (after a BOM). */
function declaredEncoding(body: Buffer): string | null | undefined {
  const bom = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  const head = body.subarray(bom, bom + 200).toString('latin1');
  if (!head.startsWith('<?xml')) return undefined;
  return /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ?? null;
}

// One decoder for every response: making one costs more than a typical decode (profiled), and
// without { stream } a decode keeps no state, even after it throws.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

export const charsetConsistent: Check = {
  id: 'charset-consistent',
  description: "An XML response's Content-Type charset, its XML declaration's encoding and its bytes agree",
  enforces: 'XML 1.0 section 4.3.3 and appendix F; RFC 7303 section 3.2 (the charset parameter governs); spec, Transports table: charset=utf-8',
  scope: 'exchange',
  level: 'error',
  levelReason: 'XML 1.0 and RFC 7303, standards the contract names; the Transports table says charset=utf-8',
  ...scope.all,
  run({ response }) {
    const { mediaType, charset } = parseContentType(response.headers['content-type']);
    if (!XML_MEDIA.has(mediaType) || response.body.length === 0) return skip('not an XML response');
    const declared = declaredEncoding(response.body);
    if (charset && declared && normal(charset) !== normal(declared)) {
      return fail(`Content-Type says charset=${charset} but the XML declaration says encoding="${declared}"`);
    }
    const effective = normal(charset ?? declared ?? 'utf-8');
    if (effective === 'utf-8') {
      try {
        STRICT_UTF8.decode(response.body);
      } catch {
        const at = firstInvalidUtf8(response.body);
        return fail(`body is not valid UTF-8 (first bad byte 0x${response.body[at]!.toString(16).padStart(2, '0')} at offset ${at}) although the response declares ${charset ? `charset=${charset}` : 'UTF-8'}`);
      }
    }
    return pass;
  },
};

/** Offset of the first byte that starts an ill-formed UTF-8 sequence (RFC 3629 section 4: no
 * overlong forms, no surrogates, nothing above U+10FFFF). TextDecoder says only *that* the bytes are
 * invalid, not where. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const [length, min, max] = b < 0x80 ? [1, 0, 0] : b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf]
      : b === 0xe0 ? [3, 0xa0, 0xbf] : b === 0xed ? [3, 0x80, 0x9f] : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf]
      : b === 0xf0 ? [4, 0x90, 0xbf] : b === 0xf4 ? [4, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf] : [0, 0, 0];
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      // The second byte has the narrowed range; later ones are plain continuation bytes.
      if (c === undefined || c < (k === 1 ? min : 0x80) || c > (k === 1 ? max : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}
