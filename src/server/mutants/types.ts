/**
 * A mutant is a deliberate deviation of the reference server: a realistic bug a vendor could ship,
 * used to prove that the suite catches it (`serve --mutant NAME`, `npm run mutants`). It is a set of
 * hooks the server consults; the clean server has none, so its path is untouched.
 */
import type { Operation, Parameter } from '../../contract/index.js';
import type { TransportId } from '../../transports/index.js';
import type { Family, Typed } from '../../asmx/values.js';
import type { Reply } from '../replies.js';
import type { ProfileId } from '../../profiles/types.js';
import type { EchoDocument } from '../../asmx/echo-payload.js';
import type { ResultFormat } from '../../results/result-format.js';
import type { WsiProfile } from '../../contract/vocabulary.js';

/** Which endpoint produced a reply, and for which operation as the request names it. */
export interface ReplyContext {
  /** SOAP version as ASMX guesses it from the request headers; 'wsdl' for the ?WSDL answer. */
  readonly transport: TransportId | 'wsdl';
  readonly operation: string | undefined;
}

/** What a conformance run needs so that the checks meant to catch a mutant can see it. */
export interface MutantNeeds {
  /** The server enforces the example signing scheme and the run signs (auth cases are sent). */
  readonly auth?: boolean;
  /** The run gives --sla-ms this value (response-time judges only then). */
  readonly slaMs?: number;
  /** The deviation shows only for some values: the run keeps the default number of fuzz runs. */
  readonly fuzz?: boolean;
  /** The profile the run uses when the deviation is one the default profile (asmx) accepts. */
  readonly profile?: ProfileId;
  /** The deviation is one a regression run must catch (matches-baseline): the run records a baseline
   * against the clean server and replays it against the mutant (`run --record`, then `run --baseline`). */
  readonly baseline?: boolean;
  /** The deviation is one only a trusted deployment shows (matches-reference, issue 38): the run
   * also sends every case to a clean stateful server (`run --reference-url`, --allow-mutations). */
  readonly reference?: boolean;
  /** The run holds the target to a WS-I profile (--wsi), so that a failed assertion is an error. */
  readonly wsi?: WsiProfile;
}

export interface Mutant {
  readonly name: string;
  readonly description: string;
  /** The check ids meant to catch this mutant: each must fire for it to count as caught. */
  readonly caughtBy: readonly string[];
  /** Set for a variant that is real ASMX behaviour rather than a deviation: why the default profile
   * (asmx) must accept it. The mutation run then requires that no check fires on it. */
  readonly tolerated?: string;
  /** A deployment mistake (deployment.ts): the diagnosis (src/diagnoses/) a run against it must
   * name, explaining every finding of the run. */
  readonly diagnosis?: string;
  /** The namespace the service declares ([WebService(Namespace = ...)]) instead of the run's. */
  readonly namespace?: string;
  readonly needs?: MutantNeeds;
  /** The result format this mutant answers in whatever the server was started with (a name ending
   * `-xml` says xml); runs against it (`npm run mutants`) read the echo in that format. */
  readonly resultFormat?: ResultFormat;
  /** Reshapes the result before it is written: the JSON value or the XML builder object
   * (src/asmx/echo-payload.ts). Changes only the payload's shape, never the envelope. */
  readonly reshapeResult?: (doc: EchoDocument, format: ResultFormat) => EchoDocument;
  /** Replaces parameter conversion; `convert` is the faithful one. */
  readonly convert?: (param: Parameter, text: string | null, family: Family, convert: (p: Parameter, t: string | null, f: Family) => Typed) => Typed;
  /** Rewrites a string parameter's text as received over `transport`. */
  readonly receiveString?: (text: string, transport: TransportId) => string;
  /** Changes a converted value before the result is written (how the service renders it). */
  readonly render?: (param: Parameter, value: Typed, transport: TransportId, op?: Operation) => Typed;
  /** Rejects a GET/POST request before its parameters are read: the message of the 500. */
  readonly screenForm?: (params: URLSearchParams, transport: 'get' | 'post') => string | undefined;
  /** Post-processes a reply of the service endpoints (status, headers, body; may delay it). */
  readonly respond?: (reply: Reply, ctx: ReplyContext) => Reply | Promise<Reply>;
  /** The clock the signature check measures the timestamp window against. */
  readonly authClock?: (op: Operation, raw: ReadonlyMap<string, string | null>) => number;
}
