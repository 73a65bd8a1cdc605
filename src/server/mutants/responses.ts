/** Mutants in the shape of successful answers: status, media type, charset, envelope, elements. */
import { soap11, soap12 } from '../../transports/dialects.js';
import { afterDeclaration, successOn, withBody, withHeader, withStatus } from './reply.js';
import type { Mutant } from './types.js';

export const RESPONSE_MUTANTS: readonly Mutant[] = [
  {
    name: 'status-202-success',
    description: 'SOAP 1.1 answers a successful call with 202 Accepted instead of 200',
    caughtBy: ['http-status-200'],
    respond: successOn('soap11', (r) => withStatus(r, 202)),
  },
  {
    name: 'soap12-text-xml',
    description: 'SOAP 1.2 results are sent with the SOAP 1.1 content type text/xml',
    caughtBy: ['content-type'],
    respond: successOn('soap12', (r) => withHeader(r, 'Content-Type', 'text/xml; charset=utf-8')),
  },
  {
    name: 'get-no-charset',
    description: 'HTTP GET results are sent as text/xml without a charset parameter',
    caughtBy: ['content-type'],
    respond: successOn('get', (r) => withHeader(r, 'Content-Type', 'text/xml')),
  },
  {
    name: 'charset-lie-post',
    description: 'HTTP POST results declare encoding="iso-8859-1" in the XML declaration but are UTF-8 (and say so in the header)',
    caughtBy: ['charset-consistent'],
    respond: successOn('post', (r) => withBody(r, r.body.replace('encoding="utf-8"', 'encoding="iso-8859-1"'))),
  },
  {
    name: 'unescaped-ampersand-get',
    description: 'HTTP GET results are written by string concatenation: "&" in the result text is not escaped',
    caughtBy: ['xml-well-formed'],
    needs: { fuzz: true },
    respond: successOn('get', (r) => withBody(r, r.body.replace(/&amp;/g, '&'))),
  },
  {
    name: 'external-dtd-get',
    description: 'HTTP GET results carry a DOCTYPE naming an external DTD',
    caughtBy: ['xml-no-external-entity'],
    respond: successOn('get', (r) => withBody(r, afterDeclaration(r.body, '<!DOCTYPE string SYSTEM "http://www.tigerpawsoftware.com/dtd/string.dtd">'))),
  },
  {
    name: 'soap12-internal-dtd',
    description: 'SOAP 1.2 results carry an internal DTD subset declaring an entity',
    caughtBy: ['soap-no-dtd-or-pi'],
    respond: successOn('soap12', (r) => withBody(r, afterDeclaration(r.body, '<!DOCTYPE soap:Envelope [ <!ENTITY product "tsiWS"> ]>'))),
  },
  {
    name: 'soap11-stylesheet-pi',
    description: 'SOAP 1.1 results carry an xml-stylesheet processing instruction',
    // Also Basic Profile R1008/R1009 (wsi.ts has the other families): failed in wsi-report.xml, and
    // named by wsi-basic-profile at info, pointing here: one defect, one finding (wsi/recorded.ts).
    caughtBy: ['soap-no-dtd-or-pi'],
    respond: successOn('soap11', (r) => withBody(r, afterDeclaration(r.body, '<?xml-stylesheet type="text/xsl" href="/soap.xsl"?>'))),
  },
  {
    name: 'gzip-unasked-post',
    description: 'HTTP POST results are gzip-compressed although the request did not ask for it (IIS dynamic compression forced on, or a compressing proxy)',
    caughtBy: ['content-coding-accepted'],
    respond: successOn('post', (r) => withHeader(r, 'Content-Encoding', 'gzip')),
  },
  {
    name: 'soap12-answered-as-soap11',
    description: 'SOAP 1.2 requests are answered with a SOAP 1.1 envelope (under the SOAP 1.2 content type)',
    caughtBy: ['soap-envelope-version'],
    respond: successOn('soap12', (r) => withBody(r, r.body.replace(soap12.envelopeNs, soap11.envelopeNs))),
  },
  {
    name: 'two-body-children',
    description: 'SOAP 1.1 results carry a second Body child (a server timestamp) after the response element',
    caughtBy: ['soap-body-single-child'],
    respond: successOn('soap11', (r) => withBody(r, r.body.replace('</soap:Body>', '<ServerTime xmlns="http://www.tigerpawsoftware.com">2024-05-17T09:30:00</ServerTime></soap:Body>'))),
  },
  {
    name: 'result-element-misnamed',
    description: 'SOAP 1.1 results name the result element <Op>Return instead of <Op>Result',
    caughtBy: ['soap-response-element'],
    respond: successOn('soap11', (r) => withBody(r, r.body.replace(/(<\/?Mobile\w+)Result>/g, '$1Return>'))),
  },
  {
    name: 'response-tempuri-namespace',
    description: 'SOAP 1.2 response elements are in http://tempuri.org/, the ASMX default namespace left unchanged',
    caughtBy: ['soap-response-element'],
    respond: successOn('soap12', (r) => withBody(r, r.body.replace(/(<Mobile\w+Response xmlns=")[^"]*"/, '$1http://tempuri.org/"'))),
  },
  {
    name: 'string-root-no-namespace',
    description: 'HTTP POST results have a <string> root without the service namespace',
    caughtBy: ['http-string-root'],
    respond: successOn('post', (r) => withBody(r, r.body.replace(/<string xmlns="[^"]*">/, '<string>'))),
  },
  {
    name: 'result-as-markup',
    description: 'SOAP 1.2 results hold an element inside <Op>Result instead of text (s:string)',
    caughtBy: ['xsd-valid'],
    respond: successOn('soap12', (r) => withBody(r, r.body.replace(/(<Mobile\w+Result>)(.*)(<\/Mobile\w+Result>)/s, '$1<Value>$2</Value>$3'))),
  },
];
