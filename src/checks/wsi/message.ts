/**
 * Basic Profile 1.1 and Simple SOAP Binding Profile 1.0 assertions on the HTTP messages of one
 * SOAP 1.1 exchange: our request's SOAPAction (R1109, R2744, R2745: a certifier asks for them, and
 * they pass unless this tool or the target's WSDL is wrong), the target's status codes, its
 * Content-Type and its charset, and whether it accepts a byte order mark (R4001).
 */
import { parseContentType, parseResponse } from '../../decode/response.js';
import { anyEnvelope, envelopeOf } from './envelope.js';
import { failed, missingInput, notApplicable, passed, warned, type WsiAssertion, type WsiMessage } from './types.js';

const soapActionOf = (message: WsiMessage): string | undefined => {
  const entry = Object.entries(message.request.headers).find(([name]) => name.toLowerCase() === 'soapaction');
  return entry?.[1];
};

export const soapActionQuoted: WsiAssertion<WsiMessage> = {
  id: 'R1109', tad: 'BP1006', target: 'message', prereqs: [],
  requirement: 'The value of the SOAPAction HTTP header field in a HTTP request MESSAGE MUST be a quoted string.',
  section: 'Basic Profile 1.1, 3.4.3 SOAPAction HTTP Header',
  judge(message) {
    const action = soapActionOf(message);
    if (action === undefined) return notApplicable('the request has no SOAPAction header');
    return /^".*"$/.test(action.trim()) ? passed : failed(`SOAPAction: ${action} is not a quoted string`);
  },
};

/** R2744 and R2745 judge the same header against the WSDL's soapAction: present and not empty, or not. */
function soapActionMatches(message: WsiMessage, wantsEmpty: boolean) {
  // A negative case may spoil the SOAPAction on purpose (unknown-soapaction): only a request meant valid is held to the WSDL.
  if (message.kind === 'negative') return notApplicable('a request made invalid on purpose');
  if (message.bindingSoapAction === undefined) return missingInput("the target's WSDL was not read");
  const declared = message.bindingSoapAction ?? '';
  if ((declared === '') !== wantsEmpty) return notApplicable(wantsEmpty ? 'the WSDL gives a soapAction' : 'the WSDL gives no soapAction');
  const action = soapActionOf(message)?.trim();
  return action === `"${declared}"` ? passed : failed(`SOAPAction: ${action ?? '(none)'}; the WSDL's soapbind:operation says "${declared}"`);
}

export const soapActionEqualsBinding: WsiAssertion<WsiMessage> = {
  id: 'R2744', target: 'message', prereqs: ['R1109'],
  requirement: 'A HTTP request MESSAGE MUST contain a SOAPAction HTTP header field with a quoted value equal to the value of the soapAction attribute of soapbind:operation, if present in the corresponding WSDL description.',
  section: 'Basic Profile 1.1, 5.6.10 SOAPAction',
  judge: (message) => soapActionMatches(message, false),
};

export const soapActionEmptyWhenUnbound: WsiAssertion<WsiMessage> = {
  id: 'R2745', target: 'message', prereqs: ['R1109'],
  requirement: 'A HTTP request MESSAGE MUST contain a SOAPAction HTTP header field with a quoted empty string value, if in the corresponding WSDL description, the soapAction attribute of soapbind:operation is either not present, or present with an empty string as its value.',
  section: 'Basic Profile 1.1, 5.6.10 SOAPAction',
  judge: (message) => soapActionMatches(message, true),
};

export const successIsOk: WsiAssertion<WsiMessage> = {
  id: 'R1124/R1111', target: 'message', prereqs: [],
  requirement: 'An INSTANCE MUST use a 2xx HTTP status code on a response message that indicates the successful outcome of a HTTP request (R1124), and SHOULD use "200 OK" on one that contains an envelope that is not a fault (R1111).',
  section: 'Basic Profile 1.1, 3.4.6 HTTP Success Status Codes and 3.4.9 HTTP Server Error Status Codes',
  judge(message) {
    const env = envelopeOf(message);
    if (!env || env.fault) return notApplicable('the response is not an envelope that is not a fault');
    const { status } = message.response;
    if (status === 200) return passed;
    return status >= 200 && status < 300 ? warned(`HTTP ${status}, not 200 OK`) : failed(`HTTP ${status} for an envelope that is not a fault`);
  },
};

export const badRequestIs4xx: WsiAssertion<WsiMessage> = {
  id: 'R1125', target: 'message', prereqs: [],
  requirement: 'An INSTANCE MUST use a 4xx HTTP status code for a response that indicates a problem with the format of a request.',
  section: 'Basic Profile 1.1, 3.4.7 HTTP Client Error Status Codes',
  judge(message) {
    const { status } = message.response;
    // A fault is judged by R1126 (a SOAP 1.2 one by soap-envelope-version); a 2xx answer does not
    // indicate a problem.
    if (message.kind !== 'negative' || anyEnvelope(message) || status < 300) return notApplicable('not a non-fault refusal of a bad request');
    return status >= 400 && status < 500 ? passed : failed(`HTTP ${status} refusing a bad request without a fault`);
  },
};

export const faultIs500: WsiAssertion<WsiMessage> = {
  id: 'R1126', tad: 'BP1305', target: 'message', prereqs: [], sameDefectAs: 'fault-status',
  requirement: 'An INSTANCE MUST return a "500 Internal Server Error" HTTP status code if the response envelope is a Fault.',
  section: 'Basic Profile 1.1, 3.4.9 HTTP Server Error Status Codes',
  judge(message) {
    if (!envelopeOf(message)?.fault) return notApplicable('the response is not a fault');
    return message.response.status === 500 ? passed : failed(`a fault with HTTP ${message.response.status}`);
  },
};

const UNICODE = new Set(['utf-8', 'utf-16']);

export const charsetUtf8Or16: WsiAssertion<WsiMessage> = {
  id: 'SSBP1003', target: 'message', prereqs: [],
  requirement: 'A MESSAGE MUST serialize the envelope using either UTF-8 or UTF-16 (R1012), and its Content-Type charset MUST indicate that encoding (R1018), agreeing with the XML declaration.',
  section: 'Simple SOAP Binding Profile 1.0, 3.1.4 Character Encodings (R1012, R1018)',
  judge(message) {
    if (!envelopeOf(message)) return notApplicable('the response is not a SOAP 1.1 envelope');
    const { charset } = parseContentType(message.response.headers['content-type']);
    if (!charset) return failed('the Content-Type names no charset');
    if (!UNICODE.has(charset.toLowerCase())) return failed(`charset=${charset} is neither UTF-8 nor UTF-16`);
    const parsed = parseResponse(message.response);
    const declared = parsed.ok ? parsed.encoding : null;
    return declared && declared.toLowerCase() !== charset.toLowerCase() ? failed(`charset=${charset} but the XML declaration says encoding="${declared}"`) : passed;
  },
};

export const contentTypeTextXml: WsiAssertion<WsiMessage> = {
  id: 'SSBP5101', target: 'message', prereqs: [],
  requirement: 'A MESSAGE MUST have a "Content-Type" HTTP header field (R9702) whose media type is "text/xml" (R9703).',
  section: 'Simple SOAP Binding Profile 1.0, 3.1.1 XML Envelope Serialization (R9702, R9703)',
  judge(message) {
    if (!envelopeOf(message)) return notApplicable('the response is not a SOAP 1.1 envelope');
    const { mediaType } = parseContentType(message.response.headers['content-type']);
    return mediaType === 'text/xml' ? passed : failed(`Content-Type: ${message.response.headers['content-type'] ?? '(none)'}`);
  },
};

export const acceptsByteOrderMark: WsiAssertion<WsiMessage> = {
  id: 'R4001', target: 'message', prereqs: [],
  requirement: 'A RECEIVER MUST accept envelopes that include the Unicode Byte Order Mark (BOM).',
  section: 'Simple SOAP Binding Profile 1.0, 3.1.3 Unicode BOMs',
  judge(message) {
    const body = message.request.body ?? '';
    if (!body.startsWith('\uFEFF')) return notApplicable('the request has no byte order mark');
    const env = envelopeOf(message);
    const code = env?.fault?.children.find((c) => c.name === 'faultcode')?.text ?? '';
    // Refused as the sender's fault (or not understood): the BOM was not accepted. A business
    // fault about the values is an acceptance of the envelope.
    if (message.response.status >= 400 && message.response.status < 500) return failed(`HTTP ${message.response.status} to an envelope with a BOM`);
    return /(^|:)Client\b/.test(code.trim()) ? failed(`a ${code.trim()} fault to an envelope with a BOM`) : passed;
  },
};

export const MESSAGE_ASSERTIONS: ReadonlyArray<WsiAssertion<WsiMessage>> = [
  soapActionQuoted, soapActionEqualsBinding, soapActionEmptyWhenUnbound, successIsOk, badRequestIs4xx, faultIs500,
  charsetUtf8Or16, contentTypeTextXml, acceptsByteOrderMark,
];
