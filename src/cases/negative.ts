/**
 * Negative scenarios, generated from the contract for every operation and transport: values a
 * conforming service must refuse, and requests it cannot read or route. What a target must answer
 * is not decided here but by a profile (src/profiles/).
 */
import { AUTH_PARAMS, hasMobileKey, type Operation, type SoapType } from '../contract/index.js';
import { getTransportById, TRANSPORT_IDS, type CodecContext, type HttpRequest, type TransportId, type WireValues } from '../transports/index.js';
import type { NegativeCase } from './case.js';
import { exampleCase } from './examples.js';
import type { ScenarioId } from '../results/case-labels.js';
import { invalidValueOnWire } from './wire-guard.js';
import type { AnchorUse } from '../results/anchor.js';

export interface Scenario {
  readonly id: ScenarioId;
  readonly description: string;
  readonly transports: readonly TransportId[];
  /** Scenarios that spoil one parameter of this type: one case per such parameter. */
  readonly perParam?: SoapType;
  /** The spoiled wire value of that parameter. */
  readonly value?: string;
  /** Needs authentication to be configured (a signer or real credentials). */
  readonly auth?: boolean;
  /** Made by fuzzing only (engine/fuzz/fuzz.ts), never from this catalog: a value its XSD type allows
   * (src/wsdl/lexical-space.ts) that ASMX's own parsing refuses on the transport it is sent over. */
  readonly fromFuzz?: true;
}

const SOAP: readonly TransportId[] = ['soap11', 'soap12'];
const FORM: readonly TransportId[] = ['get', 'post'];

/** ASP.NET's httpRuntime maxQueryStringLength and IIS's requestLimits maxQueryString both default
 * to 2048 characters (Microsoft documentation): a longer GET query is refused before ASMX sees it. */
export const MAX_QUERY_STRING = 2048;

export const SCENARIOS: readonly Scenario[] = [
  { id: 'int-non-numeric', description: 'a non-numeric value for an int parameter', transports: TRANSPORT_IDS, perParam: 'int', value: 'abc' },
  { id: 'int-out-of-range', description: 'an int parameter one beyond Int32.MaxValue', transports: TRANSPORT_IDS, perParam: 'int', value: '2147483648' },
  { id: 'int-empty', description: 'an empty value for an int parameter', transports: TRANSPORT_IDS, perParam: 'int', value: '' },
  { id: 'dt-invalid', description: 'an invalid dateTime', transports: TRANSPORT_IDS, perParam: 'dt', value: '2024-13-45T25:61:00' },
  { id: 'bool-invalid', description: 'an invalid boolean', transports: TRANSPORT_IDS, perParam: 'bool', value: 'maybe' },
  { id: 'missing-parameter', description: 'the first parameter left out', transports: FORM },
  { id: 'unknown-soapaction', description: 'a SOAPAction that names no operation', transports: ['soap11'] },
  { id: 'soap12-envelope-as-soap11', description: 'a SOAP 1.2 envelope sent with the SOAP 1.1 content type and SOAPAction', transports: ['soap11'] },
  { id: 'soap11-envelope-as-soap12', description: 'a SOAP 1.1 envelope sent with the SOAP 1.2 content type', transports: ['soap12'] },
  { id: 'malformed-xml', description: 'a body that is not well-formed XML (cut short)', transports: SOAP },
  { id: 'unknown-operation-path', description: 'a path naming no operation', transports: FORM },
  { id: 'auth-corrupted-sig', description: 'a valid request whose sig is corrupted', transports: TRANSPORT_IDS, auth: true },
  { id: 'auth-stale-timestamp', description: 'a valid request signed with a timestamp a day old', transports: TRANSPORT_IDS, auth: true },
  { id: 'auth-missing-mobilekey', description: 'a valid request without mobilekey', transports: TRANSPORT_IDS, auth: true },
  // Sent, unlike a missing one: over GET and POST a missing parameter is ASMX's own refusal before
  // the web method runs, so only a wrong key asks the service's own check there.
  { id: 'auth-wrong-mobilekey', description: 'a valid request whose mobilekey is wrong', transports: TRANSPORT_IDS, auth: true },
  { id: 'int-asmx-only', description: 'an xs:int that ASMX\'s Int32 parsing refuses', transports: TRANSPORT_IDS, perParam: 'int', fromFuzz: true },
  { id: 'dt-asmx-only', description: 'an xs:dateTime that ASMX\'s DateTime parsing refuses', transports: TRANSPORT_IDS, perParam: 'dt', fromFuzz: true },
  { id: 'bool-asmx-only', description: 'an xs:boolean that ASMX\'s Boolean.Parse refuses (1 or 0 over GET or POST)', transports: TRANSPORT_IDS, perParam: 'bool', fromFuzz: true },
];

/** The scenario of a generated value of `type` that is outside its XSD type's lexical space, and
 * of one inside it that ASMX refuses all the same (engine/fuzz/fuzz.ts). */
export const INVALID_SCENARIO: Readonly<Record<Exclude<SoapType, 'str'>, ScenarioId>> = { int: 'int-non-numeric', dt: 'dt-invalid', bool: 'bool-invalid' };
export const ASMX_ONLY_SCENARIO: Readonly<Record<Exclude<SoapType, 'str'>, ScenarioId>> = { int: 'int-asmx-only', dt: 'dt-asmx-only', bool: 'bool-asmx-only' };

/** What ASP.NET request validation refuses, as either runtime does: .NET Framework (reference
 * source, CrossSiteScriptingValidation.IsDangerousString) "<" before a letter, "!", "/" or "?";
 * Mono 6.8 (observed, npm run test:asmx) "<" before a letter, "!" or a control character; both "&#".
 * Used to classify values and by the reference server's request-validation variant; a run
 * recognises a refusal from the answer (src/profiles/host-rejection.ts), never from this. */
export const LOOKS_LIKE_MARKUP = /<[A-Za-z!/?\x00-\x1f]|&#/;

export const getScenario = (id: ScenarioId): Scenario => SCENARIOS.find((s) => s.id === id)!;

/** The operation name no contract has; used to probe routing. */
export const UNKNOWN_OPERATION = 'MobileNoSuchOperation';

// The guard's verdicts are the same for every plan a process makes (a worker makes several).
const guarded = new Map<string, readonly TransportId[]>();

/** The validity guard: only the transports whose wire form of the value its type refuses. */
function guardedTransports(op: Operation, s: Scenario, param: string, values: WireValues): readonly TransportId[] {
  const key = `${op.name} ${s.id} ${param}`;
  let transports = guarded.get(key);
  if (!transports) guarded.set(key, (transports = s.transports.filter((t) => invalidValueOnWire(op, values, t, param))));
  return transports;
}

/** The scenarios whose refusal means something only of a request that succeeds without the
 * change: an invalid type, a missing parameter, a broken credential. The others (an unknown
 * SOAPAction, a body cut short) are refused by the runtime before the values are read. */
export const isAnchoredScenario = (s: Scenario): boolean => s.perParam !== undefined || s.id === 'missing-parameter' || s.auth === true;

/** Every negative case of one operation. Auth scenarios only when authentication is configured.
 * Given the operation's anchor (a request the target answered with success), each case is the
 * anchor with its scenario's one change; given why it has none, the anchored scenarios say so. */
export function negativeCases(op: Operation, options: { auth: boolean; anchor?: AnchorUse }): NegativeCase[] {
  const use = options.anchor;
  const base = use && 'anchor' in use ? { ...exampleCase(op).values, ...use.anchor.values } : exampleCase(op).values;
  const cases: NegativeCase[] = [];
  for (const s of SCENARIOS) {
    if (s.fromFuzz) continue;
    if ((s.auth && (!options.auth || ((s.id === 'auth-missing-mobilekey' || s.id === 'auth-wrong-mobilekey') && !hasMobileKey(op))))) continue;
    const missing = use && 'anchorMissing' in use && isAnchoredScenario(s) ? { anchorMissing: use.anchorMissing } : {};
    const common = { operation: op.name, kind: 'negative' as const, scenario: s.id, transports: s.transports, ...missing };
    if (s.perParam) {
      for (const p of op.params.filter((q) => q.type === s.perParam)) {
        // repnumber comes from configuration; the spoiled value replaces it all the same.
        const values = { ...base, [p.name]: s.value! };
        const transports = guardedTransports(op, s, p.name, values);
        if (transports.length > 0) cases.push({ ...common, transports, id: `${op.name}-${s.id}-${p.name}`, param: p.name, values });
      }
    } else if (s.id === 'missing-parameter') {
      const first = op.params[0]!;
      cases.push({ ...common, id: `${op.name}-${s.id}-${first.name}`, param: first.name, values: base });
    } else {
      cases.push({ ...common, id: `${op.name}-${s.id}`, values: base });
    }
  }
  return cases;
}

/** Parameters whose spoiled value must survive the authentication step (repnumber is one). */
export function spoiledAuthParam(c: NegativeCase): string | undefined {
  return c.param && AUTH_PARAMS.includes(c.param) && c.scenario !== 'missing-parameter' ? c.param : undefined;
}

/** The request a negative case sends over one transport, built from the codecs' own output. */
export function negativeRequest(c: NegativeCase, transportId: TransportId, ctx: CodecContext, op: Operation, values: WireValues): HttpRequest {
  const transport = getTransportById(transportId);
  const valid = transport.encode(ctx, op, values);
  switch (c.scenario) {
    case 'missing-parameter': {
      const { [c.param!]: _dropped, ...rest } = values;
      return transport.encode(ctx, op, rest);
    }
    case 'auth-missing-mobilekey': {
      const { mobilekey: _dropped, ...rest } = values;
      return transport.encode(ctx, op, rest);
    }
    case 'unknown-soapaction':
      return { ...valid, headers: { ...valid.headers, SOAPAction: `"${ctx.namespace}/${UNKNOWN_OPERATION}"` } };
    case 'soap12-envelope-as-soap11':
      return { ...valid, body: getTransportById('soap12').encode(ctx, op, values).body! };
    case 'soap11-envelope-as-soap12':
      return { ...valid, body: getTransportById('soap11').encode(ctx, op, values).body! };
    case 'malformed-xml':
      // Cut inside the last end tag: the envelope is never closed.
      return { ...valid, body: valid.body!.slice(0, valid.body!.lastIndexOf('</') + 3) };
    case 'unknown-operation-path':
      return { ...valid, path: valid.path.replace(`/${op.name}`, `/${UNKNOWN_OPERATION}`) };
    default:
      return valid;
  }
}
