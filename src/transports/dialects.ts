/**
 * SOAP 1.1 and SOAP 1.2 as values (SoapUI's SoapVersion11/12): everything that differs between the
 * two versions lives here, so no code needs an `if (soap12)`.
 *
 * Fault shapes follow what ASMX writes (Microsoft reference source, System.Web.Services
 * Soap11ServerProtocolHelper.WriteFault / Soap12ServerProtocolHelper.WriteFault): SOAP 1.1
 * faultcode + faultstring + empty detail; SOAP 1.2 Code/Value + Reason/Text xml:lang + empty Detail.
 */
export type FaultClass = 'client' | 'server';

export interface SoapDialect {
  readonly version: '1.1' | '1.2';
  readonly envelopeNs: string;
  readonly mediaType: string;
  /** Request headers that carry the action; SOAP 1.2 carries it in the media type's action parameter. */
  requestHeaders(action: string): Record<string, string>;
  /** The action a request names, or undefined when it names none. */
  requestAction(headers: Readonly<Record<string, string>>): string | undefined;
  /** Fault element content as a builder object (children of soap:Fault), prefix `soap`. */
  faultBody(cls: FaultClass, reason: string): Record<string, unknown>;
  /** Reads code and reason from a Fault element's children, by local name. */
  readonly faultFields: { readonly code: readonly string[]; readonly reason: readonly string[] };
  /** Fault code local names for the two classes, as ASMX writes them. */
  readonly faultCodes: Readonly<Record<FaultClass, string>>;
}

export const soap11: SoapDialect = {
  version: '1.1',
  envelopeNs: 'http://schemas.xmlsoap.org/soap/envelope/',
  mediaType: 'text/xml',
  requestHeaders: (action) => ({ 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${action}"` }),
  requestAction(headers) {
    const raw = headers['soapaction'];
    if (raw === undefined) return undefined;
    // SOAP 1.1 section 6.1.1: the header value is a quoted URI; ASMX strips the quotes.
    return raw.trim().replace(/^"(.*)"$/, '$1');
  },
  faultCodes: { client: 'Client', server: 'Server' },
  faultBody: (cls, reason) => ({
    faultcode: `soap:${soap11.faultCodes[cls]}`,
    faultstring: reason,
    detail: '',
  }),
  faultFields: { code: ['faultcode'], reason: ['faultstring'] },
};

export const soap12: SoapDialect = {
  version: '1.2',
  envelopeNs: 'http://www.w3.org/2003/05/soap-envelope',
  mediaType: 'application/soap+xml',
  // The spec's Transports table gives SOAP 1.2 no SOAPAction header; RFC 3902 puts the action in
  // the media type's optional action parameter, which ASMX reads when present.
  requestHeaders: () => ({ 'Content-Type': 'application/soap+xml; charset=utf-8' }),
  requestAction(headers) {
    const m = /;\s*action\s*=\s*"?([^";]*)"?/i.exec(headers['content-type'] ?? '');
    return m?.[1];
  },
  faultCodes: { client: 'Sender', server: 'Receiver' },
  faultBody: (cls, reason) => ({
    'soap:Code': { 'soap:Value': `soap:${soap12.faultCodes[cls]}` },
    'soap:Reason': { 'soap:Text': { '@_xml:lang': 'en', '#text': reason } },
    'soap:Detail': '',
  }),
  faultFields: { code: ['Code', 'Value'], reason: ['Reason', 'Text'] },
};

export const dialects = [soap11, soap12] as const;

/** The SOAP dialect whose envelope namespace is `ns`, if any. */
export function dialectByEnvelopeNs(ns: string | null): SoapDialect | undefined {
  return dialects.find((d) => d.envelopeNs === ns);
}

/** Namespaces ASMX declares on every envelope it writes (SoapServerProtocol writes soap, xsi, xsd). */
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
