/**
 * Mutants for the WS-I Basic Profile assertions (issue 51): each breaks one assertion family and
 * nothing else the profile asks, and runs with --wsi bp11 so that the failure is an error. Two more
 * families are held by older mutants (responses.ts soap11-stylesheet-pi: R1008/R1009; errors.ts
 * fault-status-200: R1126). An unquoted SOAPAction is the client's (this tool's) doing, so no server
 * mutant can show it. test/server/mutants-wsi.test.ts shows each fails exactly its assertion.
 */
import { soap11 } from '../../transports/dialects.js';
import { successOn, withBody, withHeader } from './reply.js';
import type { Mutant, ReplyContext } from './types.js';
import type { Reply } from '../replies.js';

const ENVELOPE_OPEN = /<soap:Envelope\b/;
const BODY_CLOSE = '</soap:Body>';
/** The WS-I mutants' needs: held to the profile, so a failed assertion is an error. */
const HELD = { wsi: 'bp11' } as const;
const onWsdl = (change: (text: string) => string) => (r: Reply, ctx: ReplyContext) => (ctx.transport === 'wsdl' ? withBody(r, change(r.body)) : r);

export const WSI_MUTANTS: readonly Mutant[] = [
  {
    name: 'soap11-element-after-body',
    description: 'SOAP 1.1 results carry an element after soap:Body (a trailer, as SOAP 1.1 section 4 allowed and Basic Profile R1011 forbids)',
    caughtBy: ['wsi-basic-profile'],
    needs: HELD,
    // In its own namespace: the SOAP 1.1 envelope schema allows it (R9980 passes), only R1011 fails.
    respond: successOn('soap11', (r) => withBody(r, r.body.replace(BODY_CLOSE, `${BODY_CLOSE}<t:Trailer xmlns:t="urn:tsiws:trailer"/>`))),
  },
  {
    name: 'soap11-encoding-style',
    description: 'SOAP 1.1 results declare soap:encodingStyle (SOAP section 5 encoding) on the Envelope',
    caughtBy: ['wsi-basic-profile'],
    needs: HELD,
    respond: successOn('soap11', (r) => withBody(r, r.body.replace(ENVELOPE_OPEN, `$& soap:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"`))),
  },
  {
    name: 'soap11-unqualified-body-child',
    description: "SOAP 1.1 results write the response element in no namespace (xmlns=\"\"), as a hand-written serializer may",
    caughtBy: ['wsi-basic-profile'],
    needs: HELD,
    respond: successOn('soap11', (r) => withBody(r, r.body.replace(/(<soap:Body>\s*<\w+) xmlns="[^"]*"/, '$1 xmlns=""'))),
  },
  {
    name: 'soap11-charset-latin1',
    description: 'SOAP 1.1 results are sent as ISO-8859-1 (charset and XML declaration agree), an encoding outside UTF-8/16',
    caughtBy: ['wsi-basic-profile'],
    needs: HELD,
    respond: successOn('soap11', (r) => withHeader(withBody(r, r.body.replace('encoding="utf-8"', 'encoding="iso-8859-1"')), 'Content-Type', `${soap11.mediaType}; charset=iso-8859-1`)),
  },
  {
    name: 'wsdl-rpc-operation',
    description: "?WSDL's SOAP 1.1 binding declares MobileContactSearch style=\"rpc\" among document operations",
    caughtBy: ['wsi-description'],
    needs: HELD,
    respond: onWsdl((text) => text.replace(/(<soap:operation soapAction="[^"]*\/MobileContactSearch" style=")document(")/, '$1rpc$2')),
  },
];
