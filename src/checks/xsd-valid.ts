import { parseResponse } from '../decode/response.js';
import { compileSchema, type CompiledSchema } from '../decode/xml.js';
import { bodyChild } from '../transports/soap.js';
import { generateXsd } from '../wsdl/generate.js';
import { fail, pass, scope, skip, type Check } from './types.js';

// Compiled once per namespace and process: compiling is the costly step of validation.
const schemas = new Map<string, CompiledSchema>();
function schemaFor(namespace: string): CompiledSchema {
  let schema = schemas.get(namespace);
  if (!schema) schemas.set(namespace, (schema = compileSchema(generateXsd(namespace))));
  return schema;
}

export const xsdValid: Check = {
  id: 'xsd-valid',
  description: 'Response element validates against the reconstructed XSD (wsdl/tsiWS.xsd)',
  enforces: 'reconstructed WSDL types: <Op>Response/<Op>Result of type s:string; nillable s:string element "string"',
  scope: 'exchange',
  ...scope.positive,
  severity: 'error',
  run({ transport, namespace, response }) {
    const parsed = parseResponse(response);
    if (!parsed.ok) return skip('response is not well-formed XML (see xml-well-formed)');
    let element = parsed.root;
    if (transport.dialect) {
      const child = bodyChild(transport.dialect, response);
      if (typeof child === 'string') return skip(`no SOAP Body element to validate: ${child}`);
      element = child;
    }
    const errors = schemaFor(namespace).validate(element);
    return errors.length === 0 ? pass : fail(`schema validation failed: ${errors.join('; ')}`);
  },
};
