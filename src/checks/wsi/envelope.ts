/**
 * Basic Profile 1.1 assertions on the target's SOAP 1.1 response envelope. Requirement texts are
 * the profile's (http://www.ws-i.org/Profiles/BasicProfile-1.1.html), in one sentence; the test
 * assertion ids (BPxxxx) are given only where catalog.ts says how the pairing was confirmed.
 */
import { bodyText, parseResponse } from '../../decode/response.js';
import { compileSchema, resolveQName, type CompiledSchema, type XmlElement } from '../../decode/xml.js';
import { soap11 } from '../../transports/dialects.js';
import { processingInstructionAt } from '../soap-no-dtd-or-pi.js';
import { schemaFor } from '../response-schema.js';
import { SOAP11_ENVELOPE_XSD } from './soap11-envelope-xsd.js';
import { failed, notApplicable, passed, warned, type WsiAssertion, type WsiJudgement, type WsiMessage } from './types.js';

const ENV = soap11.envelopeNs;
const ENCODING_STYLE = `{${ENV}}encodingStyle`;
const MUST_UNDERSTAND = `{${ENV}}mustUnderstand`;

/** The response's SOAP 1.1 envelope, its Body and the Body's element children. */
interface Envelope {
  readonly root: XmlElement;
  readonly body: XmlElement | undefined;
  readonly fault: XmlElement | undefined;
}

export function envelopeOf(message: WsiMessage): Envelope | undefined {
  const parsed = parseResponse(message.response);
  if (!parsed.ok || parsed.root.ns !== ENV || parsed.root.name !== 'Envelope') return undefined;
  const body = parsed.root.children.find((c) => c.ns === ENV && c.name === 'Body');
  const fault = body?.children.find((c) => c.ns === ENV && c.name === 'Fault');
  return { root: parsed.root, body, fault };
}

const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';

/** Whether the answer is a SOAP envelope of either version: a SOAP 1.2 one on a SOAP 1.1 exchange
 * (the stateful service's fault to a SOAP 1.2 envelope sent as SOAP 1.1) is no non-SOAP refusal;
 * its version is soap-envelope-version's to judge. */
export function anyEnvelope(message: WsiMessage): boolean {
  const parsed = parseResponse(message.response);
  return parsed.ok && parsed.root.name === 'Envelope' && (parsed.root.ns === ENV || parsed.root.ns === SOAP12_ENV);
}

/** An assertion on the response envelope: not applicable to an answer that is no SOAP 1.1 envelope. */
function onEnvelope(judge: (env: Envelope, message: WsiMessage) => WsiJudgement): (message: WsiMessage) => WsiJudgement {
  return (message) => {
    const env = envelopeOf(message);
    return env ? judge(env, message) : notApplicable('the response is not a SOAP 1.1 envelope');
  };
}

const onFault = (judge: (fault: XmlElement, env: Envelope) => WsiJudgement) =>
  onEnvelope((env) => (env.fault ? judge(env.fault, env) : notApplicable('the envelope is not a fault')));

let envelopeSchema: CompiledSchema | undefined;

export const envelopeConformsToSoap11: WsiAssertion<WsiMessage> = {
  id: 'R9980', tad: 'BP1701', target: 'envelope', prereqs: [],
  requirement: 'An ENVELOPE MUST conform to the structure specified in SOAP 1.1 Section 4, "SOAP Envelope" (subject to amendment).',
  section: 'Basic Profile 1.1, 3.1.1 SOAP Envelope Structure',
  judge: onEnvelope((env) => {
    envelopeSchema ??= compileSchema(SOAP11_ENVELOPE_XSD);
    const errors = envelopeSchema.validate(env.root);
    if (errors.length > 0) return failed(`invalid against the SOAP 1.1 envelope schema: ${errors.slice(0, 3).join('; ')}`);
    return env.fault ? faultHasCodeAndString(env.fault) : passed;
  }),
};

/** What the published schema's soap:Fault requires and ours leaves to this (soap11-envelope-xsd.ts):
 * a faultcode and a faultstring (SOAP 1.1 section 4.4), sought by local name, since a qualified one
 * is R1001's failure. soap-fault-shape finds the same defect: its error is the one finding. */
function faultHasCodeAndString(fault: XmlElement): WsiJudgement {
  const missing = ['faultcode', 'faultstring'].filter((name) => !fault.children.some((c) => c.name === name));
  return missing.length === 0 ? passed : { ...failed(`soap:Fault has no ${missing.join(' and no ')} (SOAP 1.1 section 4.4)`), sameDefectAs: 'soap-fault-shape' };
}

export const noDtdOrProcessingInstruction: WsiAssertion<WsiMessage> = {
  id: 'R1008/R1009', target: 'envelope', prereqs: [], sameDefectAs: 'soap-no-dtd-or-pi',
  requirement: 'An ENVELOPE MUST NOT contain a Document Type Declaration (R1008) nor Processing Instructions (R1009).',
  section: 'Basic Profile 1.1, 3.1.3 XML Declarations and 3.1.4 Processing Instructions (in 4.1 SOAP Envelopes)',
  judge: onEnvelope((_env, message) => {
    const parsed = parseResponse(message.response);
    if (parsed.ok && parsed.hasDoctype) return failed('the envelope has a document type declaration');
    const text = bodyText(message.response);
    const at = processingInstructionAt(text);
    return at === -1 ? passed : failed(`a processing instruction at "${text.slice(at, at + 40)}"`);
  }),
};

export const bodyChildrenQualified: WsiAssertion<WsiMessage> = {
  id: 'R1014', tad: 'BP1202', target: 'envelope', prereqs: [],
  requirement: 'The children of the soap:Body element in an ENVELOPE MUST be namespace qualified.',
  section: 'Basic Profile 1.1, 4.1.13 SOAP Body and Namespace Qualification',
  judge: onEnvelope((env) => {
    const unqualified = env.body?.children.filter((c) => !c.ns) ?? [];
    return unqualified.length === 0 ? passed : failed(`unqualified soap:Body child <${unqualified[0]!.name}>`);
  }),
};

export const nothingAfterBody: WsiAssertion<WsiMessage> = {
  id: 'R1011', tad: 'BP1309', target: 'envelope', prereqs: [],
  requirement: 'An ENVELOPE MUST NOT have any element children of soap:Envelope following the soap:Body element.',
  section: 'Basic Profile 1.1, 4.1.12 Trailers',
  judge: onEnvelope((env) => {
    const at = env.body ? env.root.children.indexOf(env.body) : -1;
    const after = at === -1 ? [] : env.root.children.slice(at + 1);
    return after.length === 0 ? passed : failed(`<${after[0]!.name}> follows soap:Body`);
  }),
};

/** Elements of the envelope namespace (R1005), soap:Body's children (R1006) and grandchildren (R1007). */
function encodingStyleHolders(env: Envelope): XmlElement[] {
  const inEnvelopeNs: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    if (el.ns === ENV) inEnvelopeNs.push(el);
    el.children.forEach(walk);
  };
  walk(env.root);
  const children = env.body?.children ?? [];
  return [...inEnvelopeNs, ...children, ...children.flatMap((c) => c.children)];
}

export const noEncodingStyle: WsiAssertion<WsiMessage> = {
  id: 'R1005-R1007', target: 'envelope', prereqs: [],
  requirement: 'An ENVELOPE MUST NOT contain soap:encodingStyle attributes on elements of the envelope namespace (R1005), on children of soap:Body (R1006), nor, in an rpc-literal binding, on its grandchildren (R1007).',
  section: 'Basic Profile 1.1, 4.1.7 SOAP encodingStyle Attribute',
  judge: onEnvelope((env) => {
    const holder = encodingStyleHolders(env).find((el) => ENCODING_STYLE in el.attrs);
    return holder ? failed(`soap:encodingStyle="${holder.attrs[ENCODING_STYLE]}" on <${holder.name}>`) : passed;
  }),
};

export const mustUnderstandZeroOrOne: WsiAssertion<WsiMessage> = {
  id: 'R1013', target: 'envelope', prereqs: [],
  requirement: 'An ENVELOPE containing a soap:mustUnderstand attribute MUST only use the lexical forms "0" and "1".',
  section: 'Basic Profile 1.1, 4.1.9 SOAP mustUnderstand Attribute',
  judge: onEnvelope((env) => {
    const bad: string[] = [];
    const walk = (el: XmlElement) => {
      const value = el.attrs[MUST_UNDERSTAND];
      if (value !== undefined && value !== '0' && value !== '1') bad.push(`soap:mustUnderstand="${value}" on <${el.name}>`);
      el.children.forEach(walk);
    };
    walk(env.root);
    return bad.length === 0 ? passed : failed(bad[0]!);
  }),
};

const FAULT_CHILDREN = new Set(['faultcode', 'faultstring', 'faultactor', 'detail']);

export const faultChildrenKnown: WsiAssertion<WsiMessage> = {
  id: 'R1000', target: 'envelope', prereqs: [],
  requirement: 'When an ENVELOPE is a Fault, the soap:Fault element MUST NOT have element children other than faultcode, faultstring, faultactor and detail.',
  section: 'Basic Profile 1.1, 4.1.5 Fault Structure',
  judge: onFault((fault) => {
    const other = fault.children.find((c) => !FAULT_CHILDREN.has(c.name));
    return other ? failed(`soap:Fault has a child <${other.name}>`) : passed;
  }),
};

export const faultChildrenUnqualified: WsiAssertion<WsiMessage> = {
  id: 'R1001', target: 'envelope', prereqs: [],
  requirement: 'When an ENVELOPE is a Fault, the element children of the soap:Fault element MUST be unqualified.',
  section: 'Basic Profile 1.1, 4.1.6 SOAP Fault Namespace Qualification',
  judge: onFault((fault) => {
    const qualified = fault.children.find((c) => c.ns !== null);
    return qualified ? failed(`soap:Fault child <${qualified.name}> is in namespace ${qualified.ns}`) : passed;
  }),
};

export const detailAttributesAccepted: WsiAssertion<WsiMessage> = {
  id: 'R1003', target: 'envelope', prereqs: [],
  requirement: 'A RECEIVER MUST accept fault messages that have any number of qualified or unqualified attributes, including zero, appearing on the detail element.',
  section: 'Basic Profile 1.1, 4.1.5 Fault Structure',
  // The receiver of the target's faults is this tool: nothing the target sends can break it.
  judge: () => notApplicable('a requirement on the receiver of faults (this tool), not on the target'),
};

const SOAP11_FAULT_CODES = new Set(['VersionMismatch', 'MustUnderstand', 'Client', 'Server']);

export const faultCodeKnownOrQualified: WsiAssertion<WsiMessage> = {
  id: 'R1004', target: 'envelope', prereqs: ['R1001'],
  requirement: 'When an ENVELOPE contains a faultcode element, the content of that element SHOULD be either one of the fault codes defined in SOAP 1.1 or a namespace qualified fault code.',
  section: 'Basic Profile 1.1, 4.1.8 SOAP Fault Codes',
  judge: onFault((fault, env) => {
    const code = fault.children.find((c) => c.name === 'faultcode');
    if (!code) return notApplicable('the fault has no faultcode');
    const { ns, local } = resolveQName([env.root, env.body!, fault, code], code.text.trim());
    // SOAP 1.1 section 4.4.1 allows dotted refinements of its codes (Client.Authentication).
    if (ns === ENV && SOAP11_FAULT_CODES.has(local.split('.')[0]!)) return passed;
    // A SHOULD: the Analyzer reports it as a warning, not a failure.
    return ns && ns !== ENV ? passed : warned(`faultcode "${code.text.trim()}" is neither a SOAP 1.1 code nor namespace qualified`);
  }),
};

/** Which catalog check finds an R2712 failure's defect too (its error is then the one finding):
 * soap-response-element and xsd-valid judge valid requests only (checks/types.ts scope.positive). */
const failedAs = (detail: string, check: string | undefined): WsiJudgement => (check ? { ...failed(detail), sameDefectAs: check } : failed(detail));

/** R2712 on a non-fault envelope: the Body holds the part's element, alone, and valid against its
 * declaration. A document-literal binding's message has one part (R2201, R2210), so the Body has
 * one child; "an instance of the global element declaration" is what the Analyzer's BP1011 checks
 * by validating the payload against the WSDL's schema (its BP1212 counts rpc-literal accessors). */
function judgePartElement(env: Envelope, message: WsiMessage): WsiJudgement {
  const children = env.body?.children ?? [];
  const { ns, name } = message.resultElement;
  const valid = message.kind === 'positive';
  const [child] = children;
  if (!child) return failedAs(env.body ? `soap:Body is empty; expected {${ns}}${name}` : 'the envelope has no soap:Body', 'soap-body-single-child');
  if (child.ns !== ns || child.name !== name) return failedAs(`soap:Body holds {${child.ns ?? ''}}${child.name}; the binding's part is {${ns}}${name}`, valid ? 'soap-response-element' : undefined);
  if (children.length > 1) {
    const extra = children.slice(1).map((c) => `{${c.ns ?? ''}}${c.name}`).join(', ');
    return failedAs(`soap:Body holds ${children.length} elements: the binding's one part {${ns}}${name}, then ${extra}`, 'soap-body-single-child');
  }
  const errors = schemaFor(ns, child).validate(child);
  return errors.length === 0 ? passed : failedAs(`{${ns}}${name} is not an instance of its declaration: ${errors.slice(0, 3).join('; ')}`, valid ? 'xsd-valid' : undefined);
}

export const bodyChildIsPartElement: WsiAssertion<WsiMessage> = {
  id: 'R2712', tad: 'BP1011', target: 'envelope', prereqs: ['R1014'],
  requirement: 'A document-literal binding MUST be serialized as an ENVELOPE with a soap:Body whose child element is an instance of the global element declaration referenced by the corresponding wsdl:message part.',
  section: 'Basic Profile 1.1, 4.7.11 Document-literal Bindings (serialization)',
  judge: onEnvelope((env, message) => (env.fault ? notApplicable('a fault is no wsdl:message part') : judgePartElement(env, message))),
};

/** In the order the report lists them. */
export const ENVELOPE_ASSERTIONS: ReadonlyArray<WsiAssertion<WsiMessage>> = [
  envelopeConformsToSoap11, noDtdOrProcessingInstruction, bodyChildrenQualified, nothingAfterBody, noEncodingStyle,
  mustUnderstandZeroOrOne, faultChildrenKnown, faultChildrenUnqualified, detailAttributesAccepted, faultCodeKnownOrQualified, bodyChildIsPartElement,
];
