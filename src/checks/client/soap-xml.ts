import { processingInstructionAt } from '../soap-no-dtd-or-pi.js';
import { fail, pass, skip, type ClientCheck } from '../types.js';

export const clientSoapXml: ClientCheck = {
  id: 'client-soap-xml',
  description: 'A SOAP request is a well-formed XML document with no document type declaration and no processing instruction',
  enforces: 'XML 1.0 section 2.1 (well-formed); SOAP 1.1 section 3 and SOAP 1.2 Part 1 section 5 ("MUST NOT contain a Document Type Declaration ... MUST NOT contain processing instructions")',
  scope: 'client',
  level: 'error',
  levelReason: 'XML 1.0 and the SOAP standards the spec names',
  appliesText: 'SOAP requests',
  run({ call, reading }) {
    const soap = reading.soap;
    if (!soap || (call.transport !== 'soap11' && call.transport !== 'soap12')) return skip('not a SOAP request');
    if (soap.notWellFormed !== undefined) return fail(`the body is not well-formed XML: ${soap.notWellFormed}`);
    if (soap.hasDoctype) return fail('the SOAP message has a document type declaration (<!DOCTYPE ...>); it was not expanded');
    // Most requests have no "<?" but their XML declaration's, at the start: no scan for those.
    const at = soap.text.lastIndexOf('<?') <= 0 ? -1 : processingInstructionAt(soap.text);
    if (at === -1) return pass;
    // The instruction alone, not what follows it: that may be a secret parameter's value.
    const end = soap.text.indexOf('?>', at);
    const pi = soap.text.slice(at, end === -1 ? at + 40 : Math.min(end + 2, at + 40));
    return fail(`the SOAP message has a processing instruction: "${pi}"`);
  },
};
