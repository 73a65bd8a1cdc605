import { parseResponse } from '../decode/response.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const soapEnvelopeVersion: Check = {
  id: 'soap-envelope-version',
  description: "SOAP response Envelope is in the namespace of the request's SOAP version",
  enforces: 'spec, Endpoints > Transports: SOAP 1.1 envelope http://schemas.xmlsoap.org/soap/envelope/, SOAP 1.2 envelope http://www.w3.org/2003/05/soap-envelope',
  scope: 'exchange',
  ...scope.positiveSoap,
  level: 'error',
  levelReason: "the spec's Transports table names each envelope namespace",
  run(exchange) {
    const dialect = exchange.transport.dialect;
    if (!dialect) return skip('not a SOAP transport');
    const parsed = parseResponse(exchange.response);
    if (!parsed.ok) return skip('response is not well-formed XML (see xml-well-formed)');
    const { ns, name } = parsed.root;
    if (name === 'Envelope' && ns === dialect.envelopeNs) return pass;
    return fail(`root element is {${ns ?? ''}}${name}; expected {${dialect.envelopeNs}}Envelope for SOAP ${dialect.version}`);
  },
};
