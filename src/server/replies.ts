/** Responses exactly as ASMX writes them (shapes per spec "Response shapes"; faults per issue 2/3). */
import { responseElementName, resultElementName, type Operation } from '../contract/index.js';
import type { FaultClass, SoapDialect } from '../transports/dialects.js';
import { envelope } from '../transports/soap.js';
import { buildXml, XML_DECLARATION } from '../xml/build.js';

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const contentType = (mediaType: string) => ({ 'Content-Type': `${mediaType}; charset=utf-8` });

export function soapResult(dialect: SoapDialect, ns: string, op: Operation, text: string): Reply {
  const body = { [responseElementName(op)]: { '@_xmlns': ns, [resultElementName(op)]: text } };
  return { status: 200, headers: contentType(dialect.mediaType), body: envelope(dialect, body, 'asmx') };
}

/** ASMX answers every SOAP fault with HTTP 500 (SOAP 1.1 section 6.2, SOAP 1.2 Part 2 section 7.5.1). */
export function soapFault(dialect: SoapDialect, cls: FaultClass, reason: string, code?: string): Reply {
  const fault = dialect.faultBody(cls, reason);
  if (code && dialect.version === '1.1') fault['faultcode'] = `soap:${code}`;
  if (code && dialect.version === '1.2') fault['soap:Code'] = { 'soap:Value': `soap:${code}` };
  return { status: 500, headers: contentType(dialect.mediaType), body: envelope(dialect, { 'soap:Fault': fault }, 'asmx') };
}

/** GET/POST success: the XML declaration, CRLF, then `<string xmlns="ns">text</string>` (XmlReturnWriter). */
export function stringResult(ns: string, text: string): Reply {
  return {
    status: 200,
    headers: contentType('text/xml'),
    body: `${XML_DECLARATION}\r\n${buildXml({ string: { '@_xmlns': ns, '#text': text } }, 'asmx')}`,
  };
}

/** GET/POST errors and unknown paths: HTTP 500 with the exception text as text/plain. */
export function plainError(message: string, status = 500): Reply {
  return { status, headers: contentType('text/plain'), body: message };
}

export const empty = (status: number): Reply => ({ status, headers: {}, body: '' });

export function document(mediaType: string, body: string): Reply {
  return { status: 200, headers: contentType(mediaType), body };
}
