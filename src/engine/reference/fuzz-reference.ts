/**
 * matches-reference as part of a fuzz property (issue 50): with --reference-url, a sample whose
 * answer differs from the reference's beyond the noise is a counterexample, shrunk like any other,
 * even when no other check fails (`--checks matches-reference` alone). The run's verdict against
 * the reference is still made at its end over every exchange (session/reference-records.ts); a
 * sample cannot wait for that, so it is judged by the noise its property has learned so far: its
 * own (the reference asked twice) and that of the property's earlier samples, over every transport.
 */
import { matchesReference } from '../../checks/matches-reference.js';
import { runChecks, selected } from '../../checks/runner.js';
import type { RunSettings } from '../../config/settings.js';
import type { HttpClient } from '../../http/send.js';
import { ReferenceTally } from '../../regression/reference-tally.js';
import type { CheckOutcome } from '../../results/check-outcome.js';
import { failsWith } from '../../results/findings.js';
import type { ExchangeRecord } from '../../results/record.js';
import { referenceOf } from './reference-clients.js';

/** One property's judge of its samples against the reference. */
export interface SampleReferenceJudge {
  /** Learns the noise of a sample's records (call before judging them). */
  learn(records: readonly ExchangeRecord[]): void;
  /** The failing matches-reference verdict of one record, judged alone by the noise learned so
   * far: empty when it does not differ beyond it, or was not compared. */
  findings(record: ExchangeRecord): CheckOutcome[];
}

/** The judge of a property's samples, or undefined where none is needed: the client asks no
 * reference, or --checks/--skip-checks leave matches-reference out, or --fail-on does not count it. */
export function sampleReferenceJudge(settings: Pick<RunSettings, 'checks' | 'skipChecks' | 'failOn' | 'profile'>, client: HttpClient): SampleReferenceJudge | undefined {
  const chosen = selected([matchesReference], settings);
  if (!referenceOf(client) || chosen.length === 0) return undefined;
  // As the run's verdict judges (session/reference-records.ts): strict recognises no host refusal.
  const tally = new ReferenceTally({ hostRejections: settings.profile !== 'strict' });
  return {
    learn: (records) => {
      for (const r of records) tally.add(r);
    },
    findings: (record) => {
      const verdict = tally.judgeAlone(record);
      return verdict ? runChecks(chosen, (check) => check.run({ ...verdict, alone: true })).filter(failsWith(settings.failOn)) : [];
    },
  };
}
