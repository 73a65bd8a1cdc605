/** What a check sees and what it says. Checks report findings; they never throw for a target's defect. */
import type { Operation } from '../contract/index.js';
import type { Expectation, Profile } from '../profiles/types.js';
import type { HttpRequest, HttpResponse, ObservedCall, RequestReading, Transport } from '../transports/index.js';
import type { Level } from '../results/levels.js';
import type { HostRejection } from '../profiles/host-rejection.js';
import type { ResultSchema } from './load-result-schemas.js';
import type { ResultFormat } from '../results/result-format.js';
import type { FailureSignature } from '../state/in-band.js';
import type { ScenarioId } from '../results/case-labels.js';
import type { NormalisationRule, ParityDifference } from '../results/differences.js';
import type { TransportOutcome } from '../results/transport-outcome.js';
import type { FieldPath } from '../results/reference.js';
import { isBusinessFault } from '../state/business-fault.js';
import { codecFor, decodedOf } from './observe.js';
import type { WsiContext } from './wsi/wsdl-facts.js';

/** One request sent over one transport and the response it got, with what it was meant to test. */
export interface Exchange {
  readonly operation: Operation;
  readonly transport: Transport;
  readonly namespace: string;
  readonly request: HttpRequest;
  readonly response: HttpResponse;
  readonly kind: 'positive' | 'negative';
  /** Negative cases: the scenario and what the profile expects a conforming target to answer. */
  readonly scenario?: ScenarioId;
  readonly expectation?: Expectation;
  readonly profile: Profile;
  /** --sla-ms, when given. */
  readonly slaMs?: number;
  /** The typed values the target should echo back (src/asmx/echo.ts), when it echoes. */
  readonly echo?: Readonly<Record<string, number | boolean | string | null>>;
  /** The result format the echo is written in (src/asmx/echo-payload.ts); json when absent. */
  readonly resultFormat?: ResultFormat;
  /** The host refused the request before the service saw it, and the profile recognises that as
   * inherent ASMX behaviour (src/profiles/host-rejection.ts). */
  readonly hostRejection?: HostRejection;
  /** The operation's schema in --result-schemas, when one is given for it. */
  readonly resultSchema?: ResultSchema;
  /** What the target's in-band failure answers look like (learned or --failure-pattern), when known. */
  readonly failure?: FailureSignature;
  /** What the target's business failures reported as faults say (src/state/business-fault.ts), when learned. */
  readonly businessFault?: FailureSignature;
  /** Requests that should fail were answered HTTP 200 and nothing learned tells such answers from
   * successes: an HTTP 200 result may be a failure (engine/learn/discover.ts, failureUnknown). */
  readonly failureUnknown?: true;
  /** The format the target's successful answers are in, as the discovery step learned it. */
  readonly learnedFormat?: LearnedFormat;
  /** The run's WS-I context (wsi/wsdl-facts.ts): why it holds the profile, and the target's WSDL's soapActions. */
  readonly wsi?: WsiContext;
  /** A probe not built from a request the target answered with success (engine/learn/anchors.ts): which
   * anchor was missing. Its refusal is inconclusive; an acceptance is still a finding. */
  readonly anchorMissing?: string;
}

/** The one format a target's results were seen in, and from how many answers. */
export interface LearnedFormat {
  /** pairs: `name=value` text (state/learn.ts, isPairsText). */
  readonly format: 'json' | 'xml' | 'pairs';
  readonly learnedFrom: number;
}

export type Verdict =
  | { readonly status: 'passed' }
  /** `level`: where one check judges both the contract and ASMX habit, the verdict says which
   * this finding is; otherwise the check's own level applies. */
  | { readonly status: 'failed'; readonly message: string; readonly level?: Level }
  | { readonly status: 'skipped'; readonly message: string };

/** What every check declares about itself, whatever it judges. */
export interface CheckInfo {
  /** Stable id, used in reports and with --checks / --skip-checks. */
  readonly id: string;
  readonly description: string;
  /** The spec line or standard the check enforces. */
  readonly enforces: string;
  /** The level of its findings (a verdict may name another, see Verdict). */
  readonly level: Level;
  /** Why that level: the spec line or standard that makes it the contract, or why it is not. */
  readonly levelReason: string;
  readonly appliesText: string;
}

export interface Check extends CheckInfo {
  readonly scope: 'exchange';
  /** Which exchanges the check judges; others are neither evaluated nor reported. */
  readonly applies: (exchange: Exchange) => boolean;
  run(exchange: Exchange): Verdict;
}

/** The service as a whole: its published `?WSDL` answer. */
export interface ServiceExchange {
  readonly namespace: string;
  readonly url: string;
  readonly response: HttpResponse;
  readonly profile: Profile;
  /** The run's WS-I context (wsi/wsdl-facts.ts). */
  readonly wsi?: WsiContext;
}

/** A check judged once per run, on the service rather than on one operation and transport. */
export interface ServiceCheck extends CheckInfo {
  readonly scope: 'service';
  run(exchange: ServiceExchange): Verdict;
}

/** One case as answered over several transports. */
export interface CaseExchange {
  readonly outcomes: readonly TransportOutcome[];
  readonly values: Readonly<Record<string, string>>;
  readonly profile: Profile;
  readonly rules: readonly NormalisationRule[];
  /** Each transport worked on its own instance, or the operation creates one: texts may differ by
   * the ids, so the transports must agree on the outcome and the shape (issue 37). */
  readonly byOutcome?: boolean;
  readonly failure?: FailureSignature;
  /** Result fields that differ between answers to the same case anyway (parity/compare.ts, CompareOptions.noise). */
  readonly noise?: readonly FieldPath[];
}

/** A check judged on all transports of one case. */
export interface CaseCheck extends CheckInfo {
  readonly scope: 'case';
  run(exchange: CaseExchange): { readonly verdict: Verdict; readonly differences: readonly ParityDifference[] };
}

/** A request a real client sent (issue 53: the proxy, captured traffic), as decoded by
 * transports/request.ts: the call it makes and what the reader saw of it. */
export interface ClientExchange {
  readonly namespace: string;
  readonly call: ObservedCall;
  readonly reading: RequestReading;
}

/** A check judged on what a client sent, not on what a service answered. */
export interface ClientCheck extends CheckInfo {
  readonly scope: 'client';
  run(exchange: ClientExchange): Verdict;
}

export const pass: Verdict = Object.freeze({ status: 'passed' });
export const fail = (message: string, level?: Level): Verdict => (level ? { status: 'failed', message, level } : { status: 'failed', message });
export const skip = (message: string): Verdict => ({ status: 'skipped', message });
/** A refused probe's verdict: a pass when it was built from an anchor, else inconclusive (info),
 * naming the anchor that was missing (issue 59: a refusal of a request refused anyway proves nothing). */
export const refused = (ex: Exchange, what: string): Verdict => (ex.anchorMissing === undefined ? pass : fail(`inconclusive: ${what} was refused, but ${ex.anchorMissing}`, 'info'));

const isSoap = (ex: Exchange): boolean => ex.transport.dialect !== undefined;

/** A valid request answered with a fault that reports a business failure, as this target was learned
 * to report them (src/state/business-fault.ts): the spec does not say how failures are reported, so
 * the answer is a failure's, judged as faults are (fault-status, soap-fault-shape), not as a result. */
export function isBusinessFaultAnswer(ex: Exchange): boolean {
  if (ex.businessFault === undefined || ex.kind !== 'positive') return false;
  const decoded = decodedOf(ex);
  if (decoded.kind !== 'fault') return false;
  // A fault in the other SOAP version's envelope answers no web method (state/business-fault.ts).
  const otherVersion = ex.transport.dialect !== undefined && codecFor(ex).dialect !== ex.transport.dialect;
  return isBusinessFault({ ...decoded, otherVersion }, ex.businessFault);
}

/** A valid request the service answered: one the host refused first is not the service's answer
 * (under asmx and lenient; transport-parity notes the refusal as inherent). */
const sentValid = (ex: Exchange): boolean => ex.kind === 'positive' && ex.hostRejection === undefined;
/** ... and answered with a result or a fault that is no business failure. */
const answeredValid = (ex: Exchange): boolean => sentValid(ex) && !isBusinessFaultAnswer(ex);

/** Applicability predicates, named for the catalog table. */
export const scope = {
  positive: { applies: answeredValid, appliesText: 'valid requests, all transports' },
  /** Business failures reported as faults included (not-a-fault notes them). */
  positiveAll: { applies: sentValid, appliesText: 'valid requests, all transports' },
  positiveSoap: { applies: (ex: Exchange) => answeredValid(ex) && isSoap(ex), appliesText: 'valid requests, SOAP' },
  positiveHttp: { applies: (ex: Exchange) => answeredValid(ex) && !isSoap(ex), appliesText: 'valid requests, GET/POST' },
  negative: { applies: (ex: Exchange) => ex.kind === 'negative' && !ex.scenario?.startsWith('auth-'), appliesText: 'invalid requests, all transports' },
  auth: { applies: (ex: Exchange) => ex.kind === 'negative' && ex.scenario?.startsWith('auth-') === true, appliesText: 'authentication cases (signer or credentials configured)' },
  anyNegative: { applies: (ex: Exchange) => ex.kind === 'negative', appliesText: 'invalid requests, all transports' },
  all: { applies: () => true, appliesText: 'every exchange' },
  sla: { applies: (ex: Exchange) => ex.slaMs !== undefined, appliesText: 'every exchange, when --sla-ms is given' },
} as const;
