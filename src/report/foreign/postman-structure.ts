/**
 * The Postman collection's assertions for the checks that judge where the answer's elements are
 * (report/foreign/postman.ts), run in Postman's sandbox on the parsed answer (postman-sandbox.ts). Each
 * asserts what its check in src/checks/ judges, from the same contract values:
 * - soap-envelope-version: the root is the Envelope of the request's SOAP version (spec, Transports);
 * - soap-body-single-child: a SOAP Envelope's Body has exactly one child element (spec, Response
 *   shapes 1; SOAP 1.1 section 4.4);
 * - http-string-root: a GET/POST answer's root is {namespace}string (spec, Response shapes 2).
 */
import { soap11, soap12 } from '../../transports/dialects.js';
import { sandboxXmlTest } from './postman-sandbox.js';

export const soapEnvelopeVersionTest = (envelopeNs: string): string =>
  sandboxXmlTest(`soap-envelope-version: the root is {${envelopeNs}}Envelope`, { envelopeNs }, `
  if (!named(root, want.envelopeNs, 'Envelope')) problems.push('the root is ' + qname(root) + ', not {' + want.envelopeNs + '}Envelope');`);

export const soapBodySingleChildTest = (): string =>
  sandboxXmlTest('soap-body-single-child: the Body has exactly one child element', { envelopes: [soap11.envelopeNs, soap12.envelopeNs] }, `
  var ns = want.envelopes.filter(function (n) { return named(root, n, 'Envelope'); })[0];
  var body = ns && kids(root).filter(function (c) { return named(c, ns, 'Body'); })[0];
  if (!ns) problems.push('the root is ' + qname(root) + ', not a SOAP Envelope');
  else if (!body) problems.push('the Envelope has no Body');
  else if (kids(body).length !== 1) problems.push('the Body has ' + kids(body).length + ' child elements (' + kids(body).map(qname).join(', ') + '); expected exactly one');`);

export const httpStringRootTest = (namespace: string): string =>
  sandboxXmlTest(`http-string-root: the root is {${namespace}}string`, { namespace }, `
  if (!named(root, want.namespace, 'string')) problems.push('the root is ' + qname(root) + ', not {' + want.namespace + '}string');`);

/** Where a result is (spec, Response shapes 1 and 2): SOAP, the Body's child {namespace}<Op>Response
 * holding {namespace}<Op>Result in the request's Envelope; GET and POST, the root {namespace}string. */
export type ResultPlace =
  | { readonly envelopeNs: string; readonly namespace: string; readonly response: string; readonly result: string }
  | { readonly namespace: string; readonly root: 'string' };

/** soap-response-element and not-a-fault: the answer holds a result where `place` says. */
export function resultPlaceTest(checkId: string, place: ResultPlace): string {
  const where = 'root' in place ? `the root is {${place.namespace}}string` : `the Body holds {${place.namespace}}${place.response} with {${place.namespace}}${place.result}`;
  return sandboxXmlTest(`${checkId}: ${where}`, place, `
  if (!want.envelopeNs) { if (!named(root, want.namespace, 'string')) problems.push('the root is ' + qname(root) + ', not {' + want.namespace + '}string'); }
  else {
    var body = named(root, want.envelopeNs, 'Envelope') ? kids(root).filter(function (c) { return named(c, want.envelopeNs, 'Body'); })[0] : undefined;
    var child = body && kids(body)[0];
    if (!body) problems.push('the root is ' + qname(root) + ', not a {' + want.envelopeNs + '}Envelope with a Body');
    else if (!named(child, want.namespace, want.response)) problems.push('the Body holds ' + (child ? qname(child) : 'nothing') + ', not {' + want.namespace + '}' + want.response);
    else if (!kids(child).some(function (c) { return named(c, want.namespace, want.result); })) problems.push(qname(child) + ' holds no {' + want.namespace + '}' + want.result);
  }`);
}
