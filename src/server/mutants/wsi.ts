/**
 * Mutants for the WS-I Basic Profile assertions (issue 51): each breaks one assertion family and
 * nothing else the profile asks, and runs with --wsi bp11 so that the failure is an error. Two more
 * families are held by older mutants (responses.ts soap11-stylesheet-pi: R1008/R1009; errors.ts
 * fault-status-200: R1126), caught by the check that judges the same defect (soap-no-dtd-or-pi,
 * fault-status), whose error is its one finding. test/server/mutants-wsi.test.ts shows each fails
 * exactly its assertion.
 *
 * The SOAPAction family (R1109 quoted, R2744/R2745 equal to the WSDL's soapAction) constrains the
 * request, the client's message: this tool always sends the quoted value the contract names, so R1109
 * passes whatever the server does. A server that refused that quoted value (comparing the raw header,
 * quotes and all) would refuse every conforming client, which not-a-fault and others catch already,
 * and still fail no WS-I assertion: Basic Profile lets a receiver fault on an UNquoted SOAPAction
 * (R1119), never on a quoted one. What a target can get wrong in the family is its description: the
 * soapAction its WSDL tells clients to send. wsdl-soapaction-quoted writes the header's quotes into
 * the attribute, so a client following R2744 would send SOAPAction: "\"...\"" which ASMX, stripping
 * one pair of quotes (Soap11ServerProtocolHelper.RouteRequest), does not recognise: our quoted
 * header then differs from the WSDL's, and R2744 fails, alone.
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
    name: 'wsdl-soapaction-quoted',
    description: "?WSDL's SOAP 1.1 binding gives MobileContactSearch's soapAction with the HTTP header's quotes inside (soapAction=\"&quot;...&quot;\"), a value the service does not route",
    caughtBy: ['wsi-basic-profile', 'wsdl-matches-contract'],
    needs: HELD,
    // The SOAP 1.1 binding's soap:operation only; the SOAP 1.2 binding (soap12:operation) is outside the profile.
    respond: onWsdl((text) => text.replace(/(<soap:operation soapAction=")([^"]*\/MobileContactSearch)(")/, '$1&quot;$2&quot;$3')),
  },
  {
    name: 'wsdl-rpc-operation',
    description: "?WSDL's SOAP 1.1 binding declares MobileContactSearch style=\"rpc\" among document operations",
    caughtBy: ['wsi-description'],
    needs: HELD,
    respond: onWsdl((text) => text.replace(/(<soap:operation soapAction="[^"]*\/MobileContactSearch" style=")document(")/, '$1rpc$2')),
  },
];
