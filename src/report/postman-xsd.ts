/**
 * The Postman collection's assertion for `xsd-valid` (report/postman.ts): the response element the
 * contract names for the exchange's operation and transport, checked in Postman's sandbox against
 * its declaration in the reconstructed schema (wsdl/generate.ts, the declarations wsdl/tsiWS.xsd is
 * written from): its qualified name; no attribute the schema does not declare (xsi:nil only where
 * the element is nillable); for a sequence, its children's names, order and counts and no text
 * between them; for s:string content, no child element (and no content under xsi:nil="true").
 *
 * It is narrower than the run's check in one way: the run validates whatever global element the
 * answer holds, while this names the one element (soap-response-element and http-string-root judge
 * that name in the run, and an answer with another element fails them there).
 *
 * The sandbox parses with xml2js, one of the libraries Postman's sandbox lets a script `require`
 * (postman-sandbox lib/environment.js, the bundle newman runs); `xmlns: true` gives each element
 * and attribute its namespace URI, `explicitChildren` with `preserveChildrenOrder` the element
 * children in document order (`$$`), and text is `_`.
 */
import { soapResponseDeclaration, STRING_DECLARATION, type ResponseDeclaration } from '../wsdl/generate.js';
import type { Operation } from '../contract/index.js';

/** What the sandbox script is given: where the element is and how it is declared. */
export interface XsdAssertion {
  /** The SOAP envelope namespace, when the element is the child of a SOAP Body. */
  readonly envelopeNs?: string;
  readonly namespace: string;
  readonly declaration: ResponseDeclaration;
}

export const xsdAssertionOf = (op: Operation, namespace: string, envelopeNs: string | undefined): XsdAssertion =>
  ({ ...(envelopeNs ? { envelopeNs } : {}), namespace, declaration: envelopeNs ? soapResponseDeclaration(op) : STRING_DECLARATION });

// Sandbox JavaScript (ES5, no imports): `want` is an XsdAssertion; `problems` collects what breaks it.
const VALIDATOR = `
var XMLNS = 'http://www.w3.org/2000/xmlns/', XSI = 'http://www.w3.org/2001/XMLSchema-instance';
function qname(e) { return '{' + e.$ns.uri + '}' + e.$ns.local; }
function kids(e) { return e.$$ || []; }
function attributes(e) { var a = e.$ || {}; return Object.keys(a).map(function (k) { return a[k]; }).filter(function (x) { return x.uri !== XMLNS; }); }
function text(e) { return typeof e._ === 'string' ? e._ : ''; }
function validate(e, d, problems) {
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
    while (i < children.length && n < p.maxOccurs && children[i].$ns.uri === want.namespace && children[i].$ns.local === p.name) { validate(children[i], p, problems); i++; n++; }
    if (n < p.minOccurs) problems.push(qname(e) + ': missing {' + want.namespace + '}' + p.name);
  });
  if (i < children.length) problems.push(qname(children[i]) + ': this element is not expected in ' + qname(e) + ' (expected: ' + d.sequence.map(function (p) { return '{' + want.namespace + '}' + p.name; }).join(', ') + ')');
}
function named(e, ns, local) { return e && e.$ns && e.$ns.uri === ns && e.$ns.local === local; }
var problems = [], doc;
require('xml2js').parseString(pm.response.text(), { xmlns: true, explicitChildren: true, preserveChildrenOrder: true, async: false }, function (err, result) {
  if (err) problems.push('not well-formed XML: ' + String(err.message || err).split('\\n')[0]); else doc = result;
});
if (doc) {
  var element = doc[Object.keys(doc)[0]];
  if (want.envelopeNs) {
    var body = named(element, want.envelopeNs, 'Envelope') ? kids(element).filter(function (c) { return named(c, want.envelopeNs, 'Body'); })[0] : undefined;
    element = body ? kids(body)[0] : undefined;
    if (!body) problems.push('no {' + want.envelopeNs + '}Envelope with a Body');
    else if (!element) problems.push('the Body is empty');
  }
  if (element && !named(element, want.namespace, want.declaration.name)) problems.push('the element is ' + qname(element) + ', not {' + want.namespace + '}' + want.declaration.name);
  else if (element) validate(element, want.declaration, problems);
}
pm.expect(problems, problems.join('; ')).to.be.empty;`;

/** The pm.test asserting the response element against its declaration. */
export function xsdValidTest(assertion: XsdAssertion): string {
  const title = `xsd-valid: <${assertion.declaration.name}> as wsdl/tsiWS.xsd declares it`;
  return `pm.test(${JSON.stringify(title)}, function () { var want = ${JSON.stringify(assertion)};${VALIDATOR}\n});`;
}
