/**
 * What accepting a negative case breaks, per transport and profile: the level of the finding and
 * the rule it cites. The spec makes the SOAP types the contract over SOAP; over GET and POST it
 * says every parameter "is transmitted as text" (Transports, note 3), and ASMX's own HttpGet and
 * HttpPost bindings type every part s:string, so what a service makes of unparseable text there
 * is not the contract's: the strict profile holds it to the SOAP type, the asmx profile to what
 * ASMX does (it refuses it), the lenient one only warns.
 */
import type { ScenarioId } from '../results/case-labels.js';
import type { Level, ProfileId, TransportId } from '../contract/vocabulary.js';

export interface AcceptRule {
  readonly level: Level;
  /** The rule the acceptance breaks, with its source. */
  readonly rule: string;
}

const XSD_TYPE = 'spec, Parameter order and types: over SOAP the SOAP types (xs:int, xs:dateTime, xs:boolean) are the contract, and XSD 1.0 Part 2 (3.3.17, 3.2.7, 3.2.2) leaves this value out of its type';
const AS_TEXT = 'spec, Transports note 3: over HTTP GET and POST every parameter "is transmitted as text" (ASMX\'s HttpGet/HttpPost bindings type every part s:string)';
const RULES = {
  soapType: { level: 'error', rule: XSD_TYPE },
  strictText: { level: 'error', rule: `strict profile: the SOAP type held over GET/POST too (${AS_TEXT}, so only the strict and asmx profiles make this an error)` },
  asmxText: { level: 'error', rule: 'asmx profile: ASMX converts GET/POST text to the SOAP type and refuses this value (Microsoft reference source, ScalarFormatter.FromString; observed on Mono 6.8, npm run test:asmx)' },
  lenientText: { level: 'warning', rule: `${AS_TEXT}: what a service does with text its SOAP type refuses is not in the contract` },
  xsdAllows: { level: 'warning', rule: 'XSD 1.0 Part 2 allows this value (3.2.2.1: xs:boolean is {true, false, 1, 0}); only ASMX\'s own parsing refuses it (Boolean.Parse, Int32.Parse, DateTime.Parse over GET/POST: Microsoft reference source, ScalarFormatter; Mono 6.8)' },
  silent: { level: 'warning', rule: 'the spec is silent: "Required/optional status of each parameter: not shown"; it names the SOAPAction and paths a client sends, not what a receiver does with others' },
  message: { level: 'error', rule: 'a message SOAP or XML refuses (XML 1.0 well-formedness; SOAP 1.1 and 1.2 envelopes) is not a valid request' },
  auth: { level: 'error', rule: 'spec, Authentication: every request carries repnumber, timestamp and sig (and mobilekey where listed)' },
  versionMismatch: { level: 'error', rule: 'SOAP 1.2 Part 1, Appendix A: a SOAP 1.2 node receiving a SOAP/1.1 message may process it as SOAP/1.1 (answering in SOAP 1.1) or answers a version mismatch fault; a SOAP 1.2 success is neither' },
} as const satisfies Record<string, AcceptRule>;

const TYPED: ReadonlySet<ScenarioId> = new Set(['int-non-numeric', 'int-out-of-range', 'int-empty', 'dt-invalid', 'bool-invalid']);
const ASMX_ONLY: ReadonlySet<ScenarioId> = new Set(['int-asmx-only', 'dt-asmx-only', 'bool-asmx-only']);
const SILENT: ReadonlySet<ScenarioId> = new Set(['missing-parameter', 'unknown-soapaction', 'unknown-operation-path']);

/** The finding a success to `scenario` over `transport` makes under `profile`, given the SOAP
 * version the answer is in; undefined when that success conforms. */
export function acceptRule(profile: ProfileId, scenario: ScenarioId, transport: TransportId, answeredIn?: '1.1' | '1.2'): AcceptRule | undefined {
  if (scenario === 'soap11-envelope-as-soap12') return answeredIn === '1.1' ? undefined : RULES.versionMismatch;
  if (TYPED.has(scenario)) {
    if (transport === 'soap11' || transport === 'soap12') return RULES.soapType;
    return profile === 'strict' ? RULES.strictText : profile === 'asmx' ? RULES.asmxText : RULES.lenientText;
  }
  if (ASMX_ONLY.has(scenario)) return RULES.xsdAllows;
  if (SILENT.has(scenario)) return RULES.silent;
  return scenario.startsWith('auth-') ? RULES.auth : RULES.message;
}
