import { parseContentType, parseResponse } from '../decode/response.js';
import { observe } from './observe.js';

const XML_MEDIA = /^(text\/xml|application\/xml|application\/[^;]*\+xml)$/;
import { fail, pass, scope, type Check } from './types.js';

export const errorBodyReadable: Check = {
  id: 'error-body-readable',
  description: 'An error answer is readable: a SOAP fault, a text/plain message, or an empty body',
  enforces: 'SOAP 1.1 section 4.4 and SOAP 1.2 Part 1 section 5.4 (errors are reported as faults); an unparseable error body is always a finding (issue 3)',
  scope: 'exchange',
  level: 'warning',
  levelReason: 'the spec shows no error shape: any XML document, text or empty body is readable; an error body declared as XML that is not well-formed (XML 1.0), or a SOAP 500 without a fault (SOAP 1.1 section 6.2, SOAP 1.2 Part 2 section 7.5.2.2), breaks a standard and is an error',
  ...scope.anyNegative,
  run(ex) {
    const o = observe(ex);
    // A host's recognised refusal page is inherent ASMX behaviour (asmx, lenient), whatever its shape.
    if (o.body !== 'unreadable' || ex.hostRejection) return pass;
    const parsed = parseResponse(ex.response);
    // The spec shows no error shape: any well-formed XML document can be read as an error (a bare
    // SOAP Fault over GET, say), except a web page, which is a host's own error page.
    if (parsed.ok && parsed.root.name.toLowerCase() !== 'html') return pass;
    const mediaType = parseContentType(ex.response.headers['content-type']).mediaType;
    const message = `HTTP ${o.status} answered with ${o.reason}; a ${ex.transport.label} client cannot read it as an error`;
    if (XML_MEDIA.test(mediaType)) return fail(`${message} (declared ${mediaType}, so XML 1.0 applies)`, 'error');
    if (ex.transport.dialect && o.status === 500) return fail(`${message} (SOAP 1.1 section 6.2, SOAP 1.2 Part 2 section 7.5.2.2: a 500 answer to a SOAP request carries a fault)`, 'error');
    // A host's own page (HTML from IIS or ASP.NET, say): readable by people, not by an XML client.
    return fail(message);
  },
};
