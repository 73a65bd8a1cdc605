/**
 * The Postman collection's assertions for the checks that judge a SOAP fault or a SOAP message's
 * markup (report/foreign/postman.ts), run in Postman's sandbox on the parsed answer (postman-sandbox.ts):
 * fault-status, fault-content-type, soap-fault-shape and soap-no-dtd-or-pi. Like their checks, each
 * reads the fault in the SOAP version of the envelope holding it (checks/observe.ts soapFaultOf)
 * and passes an answer that is no SOAP fault, or no SOAP message, which its check skips. Each judges
 * from the values its check judges from, imported, never restated: the dialects' namespaces, media
 * types and client fault code, the standard's fault statuses (checks/fault-status.ts), the fault
 * codes (checks/soap-fault-shape.ts), the processing-instruction rule (checks/soap-no-dtd-or-pi.ts)
 * and the run's profile.
 */
import { STANDARD_FAULT_STATUSES } from '../../checks/fault-status.js';
import { FAULT_CODES } from '../../checks/soap-fault-shape.js';
import { PI_AT } from '../../checks/soap-no-dtd-or-pi.js';
import { XML_NS_LANG } from '../../checks/xml-lang.js';
import type { Profile } from '../../profiles/types.js';
import { dialects } from '../../transports/dialects.js';
import { sandboxXmlTest } from './postman-sandbox.js';

/** What the sandbox knows of each SOAP version. */
const DIALECTS = dialects.map((d) => ({
  version: d.version, envelopeNs: d.envelopeNs, mediaType: d.mediaType, client: d.faultCodes.client,
  statuses: STANDARD_FAULT_STATUSES[d.version], codes: FAULT_CODES[d.version],
}));

// Sandbox JavaScript (ES5): `d` is the answer's SOAP version, `fault` its Fault (checks/observe.ts
// soapFaultOf), `faultCode()` the code's namespace and local name (observe.ts faultCodeOf, with
// decode/xml.ts resolveQName's reading of the QName).
const FAULT = `
  var d = want.dialects.filter(function (x) { return named(root, x.envelopeNs, 'Envelope'); })[0];
  function child(e, ns, local) { return e ? kids(e).filter(function (c) { return named(c, ns, local); })[0] : undefined; }
  function text(e) { return typeof e._ === 'string' ? e._ : ''; }
  var body = d && child(root, d.envelopeNs, 'Body'), fault = body && child(body, d.envelopeNs, 'Fault');
  function faultCode() {
    var chain = d.version === '1.1' ? [child(fault, '', 'faultcode')] : [child(fault, d.envelopeNs, 'Code')];
    if (d.version !== '1.1') chain.push(child(chain[0], d.envelopeNs, 'Value'));
    if (chain.some(function (c) { return !c; })) return undefined;
    var path = [root, body, fault].concat(chain), t = text(chain[chain.length - 1]).trim();
    var colon = t.indexOf(':'), prefix = colon < 0 ? '' : t.slice(0, colon), local = colon < 0 ? t : t.slice(colon + 1);
    for (var i = path.length - 1; i >= 0; i--) {
      var decl = (path[i].$ || {})[prefix ? 'xmlns:' + prefix : 'xmlns'];
      if (decl) return { ns: decl.value, local: local, text: t };
    }
    return { ns: prefix === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : '', local: local, text: t };
  }
  if (fault) {`;

/** A pm.test judging the fault, when the answer holds one, by `body` (which reads `d`, `fault`,
 * `faultCode()` and `want`); an answer that is not XML, or holds no fault, passes it. */
const faultTest = (title: string, want: object, body: string): string =>
  sandboxXmlTest(title, { dialects: DIALECTS, ...want }, `${FAULT}${body}
  }`, 'passes');

/**
 * fault-status: over SOAP, the statuses the fault's SOAP version allows (an error); under the
 * profile, its fault statuses (a warning, so asserted only when `profile` is given: the run's
 * --fail-on counts warnings).
 */
export const faultStatusTest = (soap: boolean, profile: Pick<Profile, 'id' | 'faultStatuses'> | undefined): string =>
  faultTest(`fault-status: a SOAP fault comes with ${[soap ? 'the status its SOAP version allows' : '', profile ? `the ${profile.id} profile's ${profile.faultStatuses.join(' or ')}` : ''].filter(Boolean).join(' and ') || 'any status'}`,
    { soap, ...(profile ? { profile: { id: profile.id, statuses: profile.faultStatuses } } : {}) }, `
    var status = pm.response.code, code = faultCode();
    var sender = !!code && code.ns === d.envelopeNs && code.local === d.client;
    var allowed = d.statuses.any.concat(sender ? d.statuses.sender : []);
    if (want.soap && allowed.indexOf(status) < 0) problems.push('a SOAP ' + d.version + ' fault came with HTTP ' + status + '; SOAP ' + d.version + ' allows ' + allowed.join(' or ') + (d.statuses.sender.length > 0 ? ' (' + d.statuses.sender.join(' or ') + ' only for env:' + d.client + ')' : ''));
    else if (want.profile && want.profile.statuses.indexOf(status) < 0) problems.push('a SOAP fault came with HTTP ' + status + '; the ' + want.profile.id + ' profile expects ' + want.profile.statuses.join(' or '));`);

/** fault-content-type: the fault's media type is its SOAP version's. */
export const faultContentTypeTest = (): string =>
  faultTest("fault-content-type: a SOAP fault's media type is its SOAP version's", {}, `
    var ct = pm.response.headers.get('Content-Type') || '', mediaType = ct.split(';')[0].trim().toLowerCase();
    if (mediaType !== d.mediaType) problems.push('a SOAP ' + d.version + ' fault came as "' + (ct || '(no Content-Type)') + '"; expected ' + d.mediaType);`);

/** soap-fault-shape: the elements the fault's SOAP version requires, and a code it defines. */
export const soapFaultShapeTest = (): string =>
  faultTest('soap-fault-shape: the SOAP fault has the elements its version requires', { xmlLang: XML_NS_LANG }, `
    var code = faultCode();
    if (d.version === '1.1') {
      if (!code) problems.push('no unqualified <faultcode>');
      if (!child(fault, '', 'faultstring')) problems.push('no unqualified <faultstring>');
    } else {
      if (!code) problems.push('no env:Code/env:Value');
      var reason = child(fault, d.envelopeNs, 'Reason');
      var texts = reason ? kids(reason).filter(function (c) { return named(c, d.envelopeNs, 'Text'); }) : [];
      var lang = function (t) { var a = t.$ || {}; return Object.keys(a).some(function (k) { return '{' + a[k].uri + '}' + a[k].local === want.xmlLang && a[k].value; }); };
      if (texts.length === 0) problems.push('no env:Reason/env:Text');
      else if (!texts.every(lang)) problems.push('env:Reason/env:Text without xml:lang');
    }
    if (code) {
      var base = d.codes.dotted ? code.local.split('.')[0] : code.local;
      if (code.ns !== d.envelopeNs || d.codes.codes.indexOf(base) < 0) problems.push('fault code "' + code.text + '" is not one of ' + d.codes.codes.join(', ') + ' in the SOAP ' + d.version + ' envelope namespace');
    }`);

/** soap-no-dtd-or-pi: a SOAP message (an Envelope of either version) has no DOCTYPE and no
 * processing instruction (a PI named as PI_AT says; the XML declaration is none). */
export const soapNoDtdOrPiTest = (): string =>
  sandboxXmlTest('soap-no-dtd-or-pi: the SOAP message has no DOCTYPE and no processing instruction', { envelopes: DIALECTS.map((d) => d.envelopeNs), piAt: PI_AT.source }, `
  if (want.envelopes.some(function (ns) { return named(root, ns, 'Envelope'); })) {
    if (doctype !== undefined) problems.push('the SOAP message has a document type declaration (<!DOCTYPE' + doctype + '>)');
    pis.filter(function (pi) { return new RegExp(want.piAt).test('<?' + pi.name + ' '); }).forEach(function (pi) { problems.push('the SOAP message has a processing instruction <?' + pi.name + ' ...?>'); });
  }`, 'passes');
