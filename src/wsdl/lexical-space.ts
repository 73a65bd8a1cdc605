/**
 * The validity guard: whether a parameter's text is in the lexical space of the XSD simple type the
 * contract's schema gives it (generate.ts, xsdTypeOf), decided by libxml2's own XSD validator, not
 * by a regular expression of ours. A value used as invalid must be outside that space on the wire,
 * or it is not a negative case: "1" is an xs:boolean (XSD 1.0 Part 2, 3.2.2.1: {true, false, 1, 0})
 * and " 12 " an xs:int (its whiteSpace facet is collapse, 4.3.6), whatever ASMX's Boolean.Parse
 * makes of them. Schemathesis hit the same trap and fixed it the same way: a negative case's wire
 * form is validated against the schema before it is judged (schemathesis PR 2955, PR 4334).
 *
 * Safety: the probe document is built by the XML builder and parsed with entity substitution, DTD
 * loading and the network off (decode/xml.ts, SAFE_PARSE_OPTIONS); nothing is fetched.
 */
import type { SoapType } from '../contract/index.js';
import { compileSchema, type CompiledSchema } from '../decode/xml.js';
import { buildDocument, buildXml, xmlChars } from '../xml/build.js';
import { XSD_NS, xsdTypeOf } from './generate.js';

/** The probe's own namespace: the guard validates a value, not a message of the service. */
const PROBE_NS = 'urn:tsiws-conformance:lexical-space';

const schemas = new Map<SoapType, CompiledSchema>();
function schemaFor(type: SoapType): CompiledSchema {
  let schema = schemas.get(type);
  if (!schema) {
    const xsd = buildDocument({ 's:schema': { '@_xmlns:s': XSD_NS, '@_targetNamespace': PROBE_NS, '@_elementFormDefault': 'qualified', 's:element': { '@_name': 'value', '@_type': xsdTypeOf(type) } } });
    schemas.set(type, (schema = compileSchema(xsd)));
  }
  return schema;
}

/** Why `text` is not in the lexical space of `type`'s XSD type; empty when it is. */
export function lexicalErrors(type: SoapType, text: string): string[] {
  // No XSD lexical space holds a character XML 1.0 forbids (xs:string's is XML's Char production).
  if (xmlChars(text) !== text) return ['holds a character XML 1.0 does not allow (XML 1.0, 2.2)'];
  // The request builder writes CR as &#13;, so the parser reads back exactly `text`.
  return schemaFor(type).validateText(buildXml({ value: { '@_xmlns': PROBE_NS, '#text': whiteSpaceNormalised(type, text) } }, 'request'));
}

/** XSD 1.0 Part 2, 4.3.6: every built-in type but string (and normalizedString) has whiteSpace
 * collapse, applied before the lexical space is checked. libxml2 2.9.9 (libxmljs2 0.35) applies it
 * to xs:boolean but refuses " 12 " as an xs:int and " 2024-01-01T00:00:00Z " as an xs:dateTime
 * (observed here), so the guard collapses first, as the standard says a validator does. */
function whiteSpaceNormalised(type: SoapType, text: string): string {
  return type === 'str' ? text : text.replace(/[\t\n\r ]+/g, ' ').trim();
}

export const inLexicalSpace = (type: SoapType, text: string): boolean => lexicalErrors(type, text).length === 0;
