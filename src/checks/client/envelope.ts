import { dialectByEnvelopeNs } from '../../transports/dialects.js';
import { fail, pass, skip, type ClientCheck } from '../types.js';

export const clientEnvelope: ClientCheck = {
  id: 'client-envelope',
  description: 'A SOAP request is an Envelope in the SOAP 1.1 or SOAP 1.2 namespace, with a Body',
  enforces: 'spec, Endpoints > Transports: SOAP 1.1 envelope (http://schemas.xmlsoap.org/soap/envelope/), SOAP 1.2 envelope (http://www.w3.org/2003/05/soap-envelope); SOAP 1.1 section 4; SOAP 1.2 Part 1 section 5',
  scope: 'client',
  level: 'error',
  levelReason: "the spec's Transports table names both envelope namespaces",
  appliesText: 'SOAP requests that are well-formed XML',
  run({ call, reading }) {
    const soap = reading.soap;
    if (!soap?.root || (call.transport !== 'soap11' && call.transport !== 'soap12')) return skip('not a well-formed SOAP request');
    const { root } = soap;
    if (root.name !== 'Envelope' || !dialectByEnvelopeNs(root.ns)) return fail(`the root element is {${root.ns ?? ''}}${root.name}, not a SOAP 1.1 or SOAP 1.2 Envelope`);
    return soap.bodyChildren === undefined ? fail(`the Envelope has no Body in ${root.ns}`) : pass;
  },
};
