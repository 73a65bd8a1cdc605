import { parseResponse } from '../decode/response.js';
import { bodyChild } from '../transports/soap.js';
import { schemaFor } from './response-schema.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const xsdValid: Check = {
  id: 'xsd-valid',
  description: 'Response element validates against the reconstructed XSD (wsdl/tsiWS.xsd)',
  enforces: 'reconstructed WSDL types: <Op>Response/<Op>Result of type s:string; nillable s:string element "string"',
  scope: 'exchange',
  ...scope.positive,
  level: 'error',
  levelReason: "the contract's types, as the reconstructed WSDL states them (XSD 1.0)",
  run({ transport, namespace, response }) {
    const parsed = parseResponse(response);
    if (!parsed.ok) return skip('response is not well-formed XML (see xml-well-formed)');
    let element = parsed.root;
    if (transport.dialect) {
      const child = bodyChild(transport.dialect, response);
      if (typeof child === 'string') return skip(`no SOAP Body element to validate: ${child}`);
      element = child;
    }
    const errors = schemaFor(namespace, element).validate(element);
    return errors.length === 0 ? pass : fail(`schema validation failed: ${errors.join('; ')}`);
  },
};
