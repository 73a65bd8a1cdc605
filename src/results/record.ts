/**
 * The plain, serialisable record of one exchange and its check verdicts: what reporters consume.
 * Secrets never enter a record: the request shown is the same request re-encoded with the spec's
 * placeholders, and secret values are replaced wherever else they might appear (redact.ts; the
 * request and response are made into their recorded form by recorded-http.ts).
 */
import type { TransportId, Decoded } from '../transports/index.js';
import type { CheckOutcome } from './check-outcome.js';
import type { DataPathOutcome, DataPathTally } from './data-path.js';
import type { ScenarioId, ValueClass } from './case-labels.js';
import type { NormalisationRule, ParityDifference, RegressionComparison } from './differences.js';
import type { BaselineAnswer, TransportOutcome } from './transport-outcome.js';
import type { FieldPath, ReferenceInfo, ReferenceSummary } from './reference.js';
import type { WsiRecorded } from './wsi.js';
import type { TrafficRef } from './traffic.js';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** A ready-to-paste curl command (secrets as placeholders). */
  readonly curl: string;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text, cut at EXCERPT_BYTES. */
  readonly body: string;
  readonly bodyBytes: number;
  readonly truncated: boolean;
  readonly elapsedMs: number;
  /** When the request was sent (ISO 8601), to find it in the target's logs. */
  readonly sentAt?: string;
  /** Times the request was re-sent after getting no answer (--retries). */
  readonly retries?: number;
}

/** How a fuzzed property went: its seed, how many runs, and for a failure the shrunk path. */
export interface FuzzInfo {
  readonly seed: number;
  readonly runs: number;
  readonly planned: number;
  /** Stopped early by --max-duration. */
  readonly interrupted: boolean;
  /** fast-check's path to the minimal counterexample (replay with seed and path). */
  readonly path?: string;
  readonly shrinks?: number;
  /** Shrinking stopped at its time budget: the counterexample is real but may not be minimal. */
  readonly shrinkCutShort?: boolean;
  /** Samples sent (runs and shrinking steps), and the value classes of every sample per parameter:
   * the record itself keeps only one sample's values. */
  readonly samples?: number;
  readonly coverage?: Readonly<Record<string, Partial<Record<ValueClass, number>>>>;
  /** What the valid requests of every sample got over this record's transport (data-path.ts): the
   * record itself is one sample. Counted once per transport record, never on the parity record. */
  readonly dataPath?: DataPathTally;
  /** Parameters the property learned to send known-good values (engine/fuzz/fuzz-constraints.ts). */
  readonly constrained?: readonly FuzzConstraint[];
  /** Texts longer than `chars` characters were cut to it from sample `after` on (but now and then):
   * the target refused long texts of two samples (engine/fuzz/fuzz-constraints.ts). */
  readonly lengthCeiling?: { readonly chars: number; readonly after: number };
  /** Set on a rung of the adversarial ladder (engine/fuzz/ladder.ts): the record is that one request. */
  readonly ladder?: LadderInfo;
}

/** One rung of the ladder: the one parameter changed from the accepted request `base` names, and
 * the rung (`dquote`, `len-256`) with what it put in, in words. */
export interface LadderInfo {
  readonly param: string;
  readonly rung: string;
  readonly what: string;
  readonly base: string;
}

/** A parameter a fuzz property constrained: the target's failures named it (`because` 'name') or
 * quoted the value sent for it ('value') in two samples (in one that did both), and from the sample
 * `after` on it was sent a known-good value (but now and then), taken `from` the search, the valid
 * case or its name class. `after` 0: the search had to change it, so it was constrained from the start. */
export interface FuzzConstraint {
  readonly param: string;
  readonly because: 'name' | 'value';
  readonly from: 'search' | 'valid case' | 'name class';
  readonly after: number;
}

/** A step of a sequence of one entity (engine/sequences/sequences.ts): create, find, update, see, delete, gone. */
export interface SequenceStep {
  /** The sequence's id, the same for all its steps: `contact-email-sequence-soap11`. */
  readonly id: string;
  readonly name: string;
  readonly step: number;
  readonly of: number;
  readonly action: string;
  /** The ids the sequence made so far (the e-mail it created). */
  readonly ids: Readonly<Record<string, string>>;
}

/** One case compared across transports: what each transport said, and how they differ. */
export interface ParityInfo {
  readonly outcomes: ReadonlyArray<TransportOutcome & { readonly curl: string }>;
  readonly differences: readonly ParityDifference[];
  readonly rules: readonly NormalisationRule[];
  /** Noise fields (issue 38) in which the transports' results differed and which parity therefore
   * did not count: learned from the baseline's repetitions, or from the reference's own answers. */
  readonly noise?: readonly FieldPath[];
}

/** A regression run (--baseline): what the baseline recorded for this exchange, and how it compares. */
export interface RegressionInfo extends RegressionComparison {
  readonly baseline: BaselineAnswer;
  /** The normalisation rules the comparison applied. */
  readonly rules: readonly string[];
}

export interface Confirmation {
  /** The valid request's non-secret values: the probe's record, every value valid. */
  readonly values: Readonly<Record<string, string>>;
  readonly succeeded: boolean;
  /** One line: the record taken and what the valid request on it was answered. */
  readonly line: string;
}

export interface ExchangeRecord {
  /** The operation, or the service name for a service-level record. */
  readonly operation: string;
  /** The transport, 'wsdl' for the service-level ?WSDL record, 'parity' for a comparison. */
  readonly transport: TransportId | 'wsdl' | 'parity';
  readonly caseId: string;
  /** 'fuzz': a fast-check property; the record is its shrunk counterexample, or its first run.
   * 'reference': the run's verdict on an operation and transport against --reference-url, made
   * once every exchange is in (session/, reference tally).
   * 'observed': an exchange a real client made through `tsiws-conform proxy` (issue 53); `observed`
   * says how its answer was judged. */
  readonly kind: 'positive' | 'negative' | 'service' | 'fuzz' | 'parity' | 'reference' | 'observed';
  readonly observed?: ObservedInfo;
  /** The case's non-secret wire values (authentication is added per request), for replay. */
  readonly values?: Readonly<Record<string, string>>;
  readonly fuzz?: FuzzInfo;
  readonly parity?: ParityInfo;
  readonly regression?: RegressionInfo;
  /** --reference-url: the reference's answers to this exchange's case and how they compare. */
  readonly reference?: ReferenceInfo;
  /** On a 'reference' record: the verdict's tally. */
  readonly referenceSummary?: ReferenceSummary;
  /** Negative cases: what was spoiled and what the profile expected instead. */
  readonly scenario?: ScenarioId;
  readonly param?: string;
  readonly expectation?: { readonly profile: string; readonly summary: string; readonly evidence: string };
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  readonly result?: Decoded;
  readonly checks: readonly CheckOutcome[];
  /** The WS-I assertions' results on the exchange, or on the WSDL for the service's record (issue 51). */
  readonly wsi?: WsiRecorded;
  /** Why the exchange was deliberately not made (e.g. a mutating operation without --allow-mutations). */
  readonly skipped?: string;
  /** A problem that kept the exchange from completing (unreachable, timeout, tool error). */
  readonly error?: { readonly code: string; readonly message: string };
  /** The sequence this exchange is a step of. */
  readonly sequence?: SequenceStep;
  /** What the case's setup did first (the e-mail a delete case deletes; engine/learn/instances.ts). */
  readonly setup?: string;
  /** A probe on a learned record of its own (engine/learn/confirm.ts): the valid request sent on that
   * record after it, whether it succeeded (then the probe's refusal is conclusive), and its answer. */
  readonly confirmation?: Confirmation;
  /** A valid request's (kind positive) outcome for data-path coverage (data-path.ts); a fuzz
   * record's samples are counted in fuzz.dataPath instead. */
  readonly dataPath?: DataPathOutcome;
  /** The exchange passed, so its bodies, curl command and result text were dropped (compact.ts). */
  readonly compacted?: true;
  /** A replayed captured call (run --traffic): the capture entry it came from. */
  readonly traffic?: TrafficRef;
}

/** How the proxy judged an exchange a client made (issue 53). */
export interface ObservedInfo {
  /** The answer was judged as the answer to a valid request (positive), to the negative scenario the
   * request's findings matched (negative; the record's scenario), as any answer (only the checks that
   * judge every answer: the request was invalid in a way no scenario matches, or not understood),
   * as the service's ?WSDL (service), or not at all (the target did not answer, or not whole, or its
   * answer was larger than --max-response-bytes: the record's error). */
  readonly judgedAs: 'positive' | 'negative' | 'any answer' | 'service' | 'not judged';
  /** The ids, among the record's checks, of the client checks (the request's verdicts). */
  readonly clientChecks: readonly string[];
  /** The client closed its connection before the answer was whole; the answer was judged all the same. */
  readonly clientLeft?: true;
}
