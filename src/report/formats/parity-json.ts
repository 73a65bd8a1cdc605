/** reports/parity.json: the rules in force, the inherent behaviours and their evidence, and every
 * case whose transports differed, with what each said and a character-level diff. */
import type { ExchangeRecord } from '../../results/record.js';
import { INHERENT } from '../../parity/inherent.js';
import { jsonChunks } from '../digest/json-chunks.js';
import { reportOrder } from '../digest/report-order.js';
import type { RunInfo } from '../digest/summary.js';
import { ParityTally } from '../digest/parity-tally.js';

const tallyOf = (records: readonly ExchangeRecord[]) => {
  const tally = new ParityTally();
  for (const r of records) tally.add(r);
  return tally;
};

const EXCERPT = 400;

const differingEntry = (r: ExchangeRecord) => ({
  caseId: r.caseId,
  operation: r.operation,
  ...(r.scenario ? { scenario: r.scenario } : {}),
  ...(r.fuzz ? { fuzz: { seed: r.fuzz.seed, path: r.fuzz.path ?? null } } : {}),
  values: r.values ?? {},
  verdict: r.checks.find((c) => c.id === 'transport-parity')?.status ?? 'passed',
  outcomes: r.parity!.outcomes.map((o) => ({ ...o, text: o.text === null ? null : o.text.slice(0, EXCERPT) })),
  differences: r.parity!.differences,
});

/** The file in parts: `differing` holds the parity records whose transports differed, in report
 * order (report-order.ts; the digest's differingAt). */
export function* parityJsonChunks(tally: ParityTally, differing: Iterable<ExchangeRecord>, run: RunInfo): Generator<string> {
  yield* jsonChunks({
    schemaVersion: 1,
    profile: run.configuration['profile'],
    seed: run.seed,
    rules: tally.rules ?? [],
    inherentBehaviours: run.configuration['profile'] === 'strict' ? [] : INHERENT.map(({ id, description, evidence }) => ({ id, description, evidence })),
    summary: tally.summary(),
    differing: [],
  }, { differing: { items: mapped(differing, differingEntry) } });
}

function* mapped<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}

export function parityJson(records: readonly ExchangeRecord[], run: RunInfo): string {
  const differing = records.filter((r) => (r.parity?.differences.length ?? 0) > 0).sort(reportOrder);
  return [...parityJsonChunks(tallyOf(records), differing, run)].join('');
}
