/**
 * The Postman collection's assertion for `xsd-valid` (report/foreign/postman.ts): the response element the
 * contract names for the exchange's operation and transport, checked in Postman's sandbox against
 * its declaration in the reconstructed schema (wsdl/generate.ts, the declarations wsdl/tsiWS.xsd is
 * written from): its qualified name; no attribute the schema does not declare (xsi:nil only where
 * the element is nillable); for a sequence, its children's names, order and counts and no text
 * between them; for s:string content, no child element (and no content under xsi:nil="true").
 *
 * It is narrower than the run's check in one way: the run validates whatever global element the
 * answer holds, while this names the one element (soap-response-element and http-string-root judge
 * that name in the run, and an answer with another element fails them there).
 */
import { soapResponseDeclaration, STRING_DECLARATION, type ResponseDeclaration } from '../../wsdl/generate.js';
import type { Operation } from '../../contract/index.js';
import { sandboxXmlTest } from './postman-sandbox.js';

/** What the sandbox script is given: where the element is and how it is declared. */
export interface XsdAssertion {
  /** The SOAP envelope namespace, when the element is the child of a SOAP Body. */
  readonly envelopeNs?: string;
  readonly namespace: string;
  readonly declaration: ResponseDeclaration;
}

export const xsdAssertionOf = (op: Operation, namespace: string, envelopeNs: string | undefined): XsdAssertion =>
  ({ ...(envelopeNs ? { envelopeNs } : {}), namespace, declaration: envelopeNs ? soapResponseDeclaration(op) : STRING_DECLARATION });

// Sandbox JavaScript (ES5, see postman-sandbox.ts): `want` is an XsdAssertion.
const VALIDATOR = `
function attributes(e) { var a = e.$ || {}; return Object.keys(a).map(function (k) { return a[k]; }).filter(function (x) { return x.uri !== XMLNS; }); }
function text(e) { return typeof e._ === 'string' ? e._ : ''; }
function validate(e, d) {
  var nil = false;
  attributes(e).forEach(function (a) {
    if (a.uri === XSI && a.local === 'nil' && d.nillable) nil = /^\\s*(true|1)\\s*$/.test(a.value);
    else if (a.uri !== XSI || a.local === 'nil') problems.push(qname(e) + ': attribute ' + a.name + ' is not declared');
  });
  if (d.type) {
    if (kids(e).length > 0) problems.push(qname(e) + ': holds element ' + qname(kids(e)[0]) + ', but its type ' + d.type + ' allows no child element');
    if (nil && text(e) !== '') problems.push(qname(e) + ': xsi:nil="true" with content');
    return;
  }
  if (text(e).trim() !== '') problems.push(qname(e) + ': text where only elements are allowed');
  var children = kids(e), i = 0;
  d.sequence.forEach(function (p) {
    var n = 0;
    while (i < children.length && n < p.maxOccurs && named(children[i], want.namespace, p.name)) { validate(children[i], p); i++; n++; }
    if (n < p.minOccurs) problems.push(qname(e) + ': missing {' + want.namespace + '}' + p.name);
  });
  if (i < children.length) problems.push(qname(children[i]) + ': this element is not expected in ' + qname(e) + ' (expected: ' + d.sequence.map(function (p) { return '{' + want.namespace + '}' + p.name; }).join(', ') + ')');
}
var element = root;
if (want.envelopeNs) {
  var body = named(root, want.envelopeNs, 'Envelope') ? kids(root).filter(function (c) { return named(c, want.envelopeNs, 'Body'); })[0] : undefined;
  element = body ? kids(body)[0] : undefined;
  if (!body) problems.push('no {' + want.envelopeNs + '}Envelope with a Body');
  else if (!element) problems.push('the Body is empty');
}
if (element && !named(element, want.namespace, want.declaration.name)) problems.push('the element is ' + qname(element) + ', not {' + want.namespace + '}' + want.declaration.name);
else if (element) validate(element, want.declaration);`;

/** The pm.test asserting the response element against its declaration. */
export const xsdValidTest = (assertion: XsdAssertion): string =>
  sandboxXmlTest(`xsd-valid: <${assertion.declaration.name}> as wsdl/tsiWS.xsd declares it`, assertion, VALIDATOR);
