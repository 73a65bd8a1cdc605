import { bodyText, parseResponse } from '../decode/response.js';
import { dialectByEnvelopeNs } from '../transports/dialects.js';
import { fail, pass, scope, skip, type Check } from './types.js';

// A processing instruction is "<?" followed by a name other than exactly "xml" (the declaration).
// Comments and CDATA sections are removed first, so markup quoted inside them does not count.
const PI = /<\?(?!xml[\s?])[A-Za-z_:]/;
const QUOTED = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;

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
    const pi = PI.exec(bodyText(response).replace(QUOTED, ''));
    return pi ? fail(`the SOAP message has a processing instruction at "${bodyText(response).replace(QUOTED, '').slice(pi.index, pi.index + 40)}"`) : pass;
  },
};
