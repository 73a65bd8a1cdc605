import { parseResponse } from '../decode/response.js';
import { compileSchema, type CompiledSchema, type XmlElement } from '../decode/xml.js';
import { bodyChild } from '../transports/soap.js';
import { GLOBAL_ELEMENTS, generateXsd } from '../wsdl/generate.js';
import { fail, pass, scope, skip, type Check } from './types.js';

// libxmljs2 builds the schema from its document on every validation (XmlDocument::validate calls
// xmlSchemaParse each time), so the cost grows with the schema: a response element is validated
// against a schema of its own declaration alone, twenty times cheaper than the whole one (measured)
// with the same verdict. An element the schema does not declare gets the whole schema, whose
// "No matching global declaration" is the finding. Parsed once per namespace and element.
const schemas = new Map<string, CompiledSchema>();
function schemaFor(namespace: string, element: XmlElement): CompiledSchema {
  const only = element.ns === namespace && GLOBAL_ELEMENTS.includes(element.name) ? element.name : undefined;
  const key = `${namespace} ${only ?? '*'}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = compileSchema(generateXsd(namespace, only))));
  return schema;
}

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
