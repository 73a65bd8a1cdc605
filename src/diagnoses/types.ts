/**
 * A diagnosis names the one deployment mistake behind many findings: the evidence that identifies
 * it, the findings it accounts for, and the fix. Like a check, each is one small named rule in a
 * catalog (catalog.ts); diagnose.ts picks the fewest that explain a run's findings.
 */
import type { Level } from '../results/levels.js';
import type { ExchangeRecord } from '../results/record.js';

/** One finding of a run: a failed check verdict of level error or warning, a crashed check, or an
 * exchange that did not complete (its error code stands for the check), as results.json lists them. */
export interface Finding {
  readonly record: ExchangeRecord;
  readonly check: string;
  readonly level: Level;
  readonly message: string;
}

/** What a diagnosis reads of a run. */
export interface RunFindings {
  /** The records with findings, and the service's (?WSDL) record. */
  readonly records: readonly ExchangeRecord[];
  /** The namespace the run expects (the contract's, or --namespace). */
  readonly namespace: string;
  /** Transports at least one exchange was sent over, and those over which a valid request
   * (kind positive) passed: passing records are not kept, so this is all a diagnosis learns of them. */
  readonly sentOver: ReadonlySet<string>;
  readonly passedOver: ReadonlySet<string>;
  /** The lines of the ?WSDL comparison's finding ("[binding-missing] no HTTP GET binding ..."). */
  readonly wsdlDrifts: readonly string[];
}

/** A diagnosis found in a run: what identified it, and which findings it accounts for. */
export interface Identified {
  /** One sentence: what is wrong ("HTTP GET and HTTP POST are not enabled"). */
  readonly summary: string;
  /** What in the target's answers identifies it, quoted. */
  readonly evidence: readonly string[];
  readonly fix: string;
  /** Whether this cause accounts for a finding of an exchange (parity findings are attributed to the
   * exchanges they compare by diagnose.ts; a WSDL finding through explainsDrift). */
  explains(finding: Finding): boolean;
  /** Whether this cause accounts for one line of the ?WSDL comparison. */
  explainsDrift?(line: string): boolean;
}

export interface DiagnosisRule {
  /** A stable id, as a check's: `transport-not-enabled`. */
  readonly id: string;
  readonly description: string;
  /** The ASMX runtime behaviour the rule relies on, and where it was observed (.NET, Mono or both). */
  readonly runtimeEvidence: string;
  identify(run: RunFindings): Identified | undefined;
}

/** A finding as a diagnosis lists it: enough to find it in results.json and failures/. */
export interface FindingRef {
  readonly operation: string;
  readonly transport: ExchangeRecord['transport'];
  readonly caseId: string;
  readonly check: string;
  readonly level: Level;
}

/** A diagnosis of a run, as every report shows it. */
export interface Diagnosis {
  readonly id: string;
  /** The highest level among the findings it explains: a diagnosis is as grave as they are. */
  readonly level: Level;
  readonly summary: string;
  readonly evidence: readonly string[];
  readonly fix: string;
  readonly runtimeEvidence: string;
  readonly explains: readonly FindingRef[];
}
