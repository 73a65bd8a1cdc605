import { bodyText, parseResponse } from '../decode/response.js';
import { dialectByEnvelopeNs } from '../transports/dialects.js';
import { fail, pass, scope, skip, type Check } from './types.js';

// A processing instruction is "<?" followed by a name other than exactly "xml" (the declaration).
// Markup quoted inside comments and CDATA sections does not count. One forward scan with indexOf:
// a lazy regex over comments rescans to the end for every unclosed "<!--" (quadratic on a hostile
// megabyte body).
/** Exported for the Postman collection's assertion (report/foreign/postman-fault.ts), which judges PI names by it. */
export const PI_AT = /^<\?(?!xml[\s?])[A-Za-z_:]/;
const QUOTES: ReadonlyArray<[string, string]> = [['<!--', '-->'], ['<![CDATA[', ']]>']];

/** Where the first processing instruction outside comments and CDATA starts, or -1. */
export function processingInstructionAt(text: string): number {
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const quote = QUOTES.find(([open]) => text.startsWith(open, at));
    if (quote) {
      const close = text.indexOf(quote[1], at + quote[0].length);
      if (close === -1) return -1;
      at = close + quote[1].length - 1;
    } else if (PI_AT.test(text.slice(at, at + 6))) return at;
  }
  return -1;
}

export const soapNoDtdOrPi: Check = {
  id: 'soap-no-dtd-or-pi',
  description: 'A SOAP message contains no document type declaration and no processing instruction',
  enforces: 'SOAP 1.2 Part 1 section 5 ("MUST NOT contain a Document Type Declaration ... MUST NOT contain processing instructions"); SOAP 1.1 section 3; WS-I Basic Profile 1.1 R1008, R1009',
  scope: 'exchange',
  level: 'error',
  levelReason: 'SOAP 1.2 Part 1 section 5 and SOAP 1.1 section 3 say MUST NOT',
  ...scope.all,
  run({ response }) {
    const parsed = parseResponse(response);
    if (!parsed.ok || parsed.root.name !== 'Envelope' || !dialectByEnvelopeNs(parsed.root.ns)) return skip('not a SOAP message');
    if (parsed.hasDoctype) return fail('the SOAP message has a document type declaration (<!DOCTYPE ...>)');
    const text = bodyText(response);
    const at = processingInstructionAt(text);
    return at !== -1 ? fail(`the SOAP message has a processing instruction at "${text.slice(at, at + 40)}"`) : pass;
  },
};
