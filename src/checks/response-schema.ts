/**
 * The reconstructed XSD a response element is validated against: by xsd-valid, and by WS-I R2712
 * (the Body's child is an instance of its part's element declaration). One compiled schema per
 * namespace and element, shared by both; the verdict on one tree is shared too (decode/xml.ts).
 */
import { compileSchema, type CompiledSchema, type XmlElement } from '../decode/xml.js';
import { GLOBAL_ELEMENTS, generateXsd } from '../wsdl/generate.js';

// libxmljs2 builds the schema from its document on every validation (XmlDocument::validate calls
// xmlSchemaParse each time), so the cost grows with the schema: a response element is validated
// against a schema of its own declaration alone, twenty times cheaper than the whole one (measured)
// with the same verdict. An element the schema does not declare gets the whole schema, whose
// "No matching global declaration" is the finding. Parsed once per namespace and element.
const schemas = new Map<string, CompiledSchema>();
export function schemaFor(namespace: string, element: XmlElement): CompiledSchema {
  const only = element.ns === namespace && GLOBAL_ELEMENTS.includes(element.name) ? element.name : undefined;
  const key = `${namespace} ${only ?? '*'}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = compileSchema(generateXsd(namespace, only))));
  return schema;
}
