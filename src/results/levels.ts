/**
 * Graded findings. Every failed check verdict has a level, and the run's --fail-on decides which
 * levels fail it (as linters and spectral's --fail-severity do):
 * - error: the contract is broken: the spec's tables, or a standard the contract names (SOAP 1.1,
 *   SOAP 1.2, XML, XSD, HTTP);
 * - warning: differs from documented or observed ASMX runtime behaviour where the contract is
 *   silent (message wording, the shape of an error or of a host's own rejection);
 * - info: an observation, e.g. a difference between transports that ASMX itself shows.
 * A leaf module: records, reports and the suites all read levels from here.
 */
import type { FailOn, Level } from '../contract/vocabulary.js';

// The names themselves are vocabulary the configuration validates against: they live in the contract.
export { DEFAULT_FAIL_ON, FAIL_ON, LEVELS, type FailOn, type Level } from '../contract/vocabulary.js';

const RANK: Readonly<Record<Level, number>> = { info: 0, warning: 1, error: 2 };

/** Whether a finding of `level` fails a run with `failOn`. A record written before levels
 * existed has none: its findings were all errors then. */
export const failsRun = (level: Level | undefined, failOn: FailOn): boolean => RANK[level ?? 'error'] >= RANK[failOn];

/** `run.configuration.failOn` of a report, defaulting for reports written before it existed. */
export function failOnOf(run: { readonly configuration: Readonly<Record<string, unknown>> }): FailOn {
  const value = run.configuration['failOn'];
  return value === 'warning' ? 'warning' : 'error';
}

export type LevelCounts = Record<Level, number>;
export const noLevels = (): LevelCounts => ({ error: 0, warning: 0, info: 0 });
