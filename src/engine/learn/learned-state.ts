/**
 * What the run learned before its suites (discovery, the value search, the anchors), as plain data:
 * the one type every room of the engine reads, apart from the code that learns it, so that the
 * learning files need not import each other to name it.
 */
import type { ValuePool } from '../../state/learn.js';
import type { FailureSignature } from '../../state/in-band.js';
import type { LearnedFormat } from '../../checks/types.js';
import type { TransportId } from '../../transports/index.js';
import type { Anchor } from '../../results/anchor.js';
import type { TextLimit } from './length-probe.js';

/** Whether the target answered with data the run can use (hasData): an echo does not. */
export const hasData = (learned: LearnedState | undefined): learned is LearnedState => learned !== undefined && learned.pool.records.length > 0;

/** What the run learned before its suites: plain data, it crosses to the suites' workers. */
export interface LearnedState {
  readonly pool: ReturnType<ValuePool['toJSON']>;
  readonly failure?: FailureSignature;
  /** Business failures the target reports as faults (state/business-fault.ts), when learned. */
  readonly businessFault?: FailureSignature;
  /** Present when requests that should fail were answered HTTP 200 unlike any success and nothing
   * told those answers from successes: an HTTP 200 result cannot be classified (data path
   * `unknown`, auth-enforced inconclusive). What was seen, in one line. */
  readonly failureUnknown?: string;
  /** The format every answer that held records was in, when they agree. */
  readonly format?: LearnedFormat;
  readonly discovery: { readonly sent: number; readonly records: number; readonly probes: number; readonly transport: TransportId };
  /** Values that made an operation's valid request succeed (value-search.ts): operation -> parameter
   * -> value, used by every later valid case (learnedCase) and among the fuzzer's choices. */
  readonly found?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** What the search for those values did, and what still blocked the operations it did not solve. */
  readonly search?: SearchSummary;
  /** Per operation, a request the target answered with success (anchors.ts): every probe is one of
   * these with one change. Kept by discovery and the value search. */
  readonly anchors?: Anchors;
}

/** What still kept an operation's valid request from succeeding: the last answer, and the
 * parameter it named first, when it named one. */
export interface Blocked {
  readonly message: string;
  readonly param?: string;
  /** Why the search stopped: every candidate tried ('exhausted'), or the budget ran out first. */
  readonly stopped?: 'exhausted' | 'budget';
}

/** What the search did: plain data, it crosses to workers and into the reports. */
export interface SearchSummary {
  readonly budget: number;
  readonly sent: number;
  /** Operations whose valid request succeeded only with the values found (LearnedState.found). */
  readonly solved: readonly string[];
  readonly blocked: Readonly<Record<string, Blocked>>;
  /** The longest text a read took and the shortest it refused (length-probe.ts), when it refused one. */
  readonly textLimit?: TextLimit;
}

/** Per operation, a request the target answered with success (anchors.ts). */
export type Anchors = Readonly<Record<string, Anchor>>;
