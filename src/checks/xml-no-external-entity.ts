/**
 * A DOCTYPE as such is allowed by XML 1.0, and .NET's own ASMX client for HTTP GET/POST reads one
 * (XmlReturnReader.Read calls XmlSerializer.Deserialize(TextReader), which sets XmlResolver = null
 * but leaves DTD processing on: reference source, mono/mono mcs/class/referencesource). So for GET/POST
 * only what makes the content depend on something outside the message is a finding; for SOAP,
 * soap-no-dtd-or-pi forbids any DOCTYPE as well.
 */
import { parseResponse } from '../decode/response.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const xmlNoExternalEntity: Check = {
  id: 'xml-no-external-entity',
  description: 'An XML response refers to no external entity and no external DTD subset',
  enforces: 'XML 1.0 sections 4.4.3 and 5.1 (a non-validating processor need not include an external entity or read the external subset, so clients would read different content); fetching them is XML external entity injection (CWE-611)',
  scope: 'exchange',
  level: 'error',
  levelReason: 'the Response shapes are XML documents whose content must be the message itself: XML 1.0 4.4.3 lets non-validating readers leave external entities out, so clients would read different results',
  ...scope.all,
  run({ response }) {
    const parsed = parseResponse(response);
    if (!parsed.ok) return skip('response is not well-formed XML');
    if (parsed.external.length === 0) return pass;
    const refs = parsed.external.map((r) => (r.kind === 'dtd' ? `an external DTD subset "${r.systemId}"` : `external entity "${r.name}" ("${r.systemId}")`));
    return fail(`the response refers to ${refs.join(' and ')}; its content depends on a resource outside the message, which this tool never fetches`);
  },
};
