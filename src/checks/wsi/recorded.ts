/** The WS-I results as a record keeps them (results/wsi.ts) and as the wsi checks' verdict says them. */
import type { WsiRecorded, WsiRecordedOutcome } from '../../results/wsi.js';
import type { Level } from '../../results/levels.js';
import { fail, pass, skip, type Verdict } from '../types.js';
import { WSI_ASSERTIONS } from './catalog.js';
import { wsiLevel } from './grade.js';
import type { WsiContext } from './wsdl-facts.js';
import { WSI_RESULTS, type WsiOutcome, type WsiResult } from './types.js';

/** `outcomes` compacted; `shown` bounds and redacts every text the target may have put in them. */
export function wsiRecorded(outcomes: readonly WsiOutcome[], shown: (text: string) => string, claim = false): WsiRecorded {
  const notApplicable: string[] = [];
  const other: WsiRecordedOutcome[] = [];
  for (const o of outcomes) {
    if (o.result === 'notApplicable' && !o.note) notApplicable.push(o.id);
    else if (o.result !== 'passed' || o.note) other.push({ id: o.id, result: o.result, ...(o.detail ? { detail: shown(o.detail) } : {}), ...(o.note ? { note: shown(o.note) } : {}) });
  }
  // Outside the profile every assertion says the same: the reason once.
  const first = outcomes[0];
  const outside = first && notApplicable.length === outcomes.length && outcomes.every((o) => o.detail === first.detail) ? first.detail : undefined;
  if (outside) return { outside, ...(claim ? { claim: true as const } : {}) };
  return { ...(notApplicable.length > 0 ? { notApplicable } : {}), ...(other.length > 0 ? { other } : {}), ...(claim ? { claim: true as const } : {}) };
}

/** A record's outcomes expanded again: every assertion of `ids` not named in it passed. */
export function wsiOutcomesOfRecorded(recorded: WsiRecorded, ids: readonly string[]): WsiOutcome[] {
  if (recorded.outside) return ids.map((id) => ({ id, result: 'notApplicable', detail: recorded.outside }));
  const known = new Set<string>(WSI_RESULTS);
  const byId = new Map<string, WsiOutcome>();
  for (const id of recorded.notApplicable ?? []) byId.set(id, { id, result: 'notApplicable' });
  for (const o of recorded.other ?? []) if (known.has(o.result)) byId.set(o.id, { ...o, result: o.result as WsiResult });
  return ids.map((id) => byId.get(id) ?? { id, result: 'passed' });
}

const label = (id: string) => {
  const tad = WSI_ASSERTIONS.find((a) => a.id === id)?.tad;
  return tad ? `${id} (${tad})` : id;
};

const NOTHING_ELSEWHERE = (): boolean => false;
const pairedCheck = new Map(WSI_ASSERTIONS.flatMap((a): Array<[string, string]> => (a.sameDefectAs ? [[a.id, a.sameDefectAs]] : [])));

/** The wsi checks' verdict: the failed assertions at the graded level; only Analyzer warnings (a
 * SHOULD) one level less; nothing judged (outside the profile) skipped.
 *
 * One defect, one finding: R1008/R1009 and R1126 say what soap-no-dtd-or-pi and fault-status say of
 * the same response, and so does R2712, failure by failure, of what soap-body-single-child (an
 * empty or crowded Body), soap-response-element (another element) and xsd-valid (a payload its
 * declaration refuses) say; those are errors whatever the grading (SOAP 1.1 sections 3 and 6.2, the
 * spec's Response shapes and types). Counting the assertion again would give a broken response two findings, and a
 * report two lines to read for one fix. So when the run selected that check, a failure of such an
 * assertion is named here, pointing to the check, at info: it weighs nothing itself, the other
 * check's error keeps the verdict failing, and the assertion stays failed where a certifier reads
 * it (wsi-report.xml, the report's WS-I section, from the record's outcomes). Under --skip-checks
 * of that check, the assertion is this check's finding again. */
export function wsiVerdict(outcomes: readonly WsiOutcome[], context: Pick<WsiContext, 'held' | 'judgedElsewhere'> | undefined): Verdict {
  const held = context?.held;
  const selected = context?.judgedElsewhere ?? NOTHING_ELSEWHERE;
  // The selected check whose finding a failure's defect is, if any.
  const elsewhere = (o: WsiOutcome): string | undefined => {
    const check = o.sameDefectAs ?? pairedCheck.get(o.id);
    return check !== undefined && selected(check) ? check : undefined;
  };
  const failed = outcomes.filter((o) => o.result === 'failed');
  const warned = outcomes.filter((o) => o.result === 'warning');
  if (failed.length + warned.length > 0) {
    const own = failed.filter((o) => elsewhere(o) === undefined);
    const level: Level = own.length > 0 ? wsiLevel(held) : warned.length > 0 && held ? 'warning' : 'info';
    const pointer = (o: WsiOutcome) => (o.result === 'failed' && elsewhere(o) ? ` (the same defect is ${elsewhere(o)}'s finding)` : '');
    const line = (o: WsiOutcome) => `${label(o.id)}${o.result === 'warning' ? ' (a SHOULD)' : ''}: ${o.detail ?? ''}${pointer(o)}`;
    return fail([...failed, ...warned].map(line).join('\n'), level);
  }
  if (outcomes.every((o) => o.result === 'notApplicable')) return skip(outcomes[0]?.detail ?? 'no WS-I assertion applies');
  return pass;
}
