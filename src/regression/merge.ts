/**
 * Joining the shards of one run (`run --shard i/n` on n machines) into the reports of the whole
 * run: the shards' records side by side, and one run section. Parity needs no work here: a case's
 * transports are always in one shard (engine/run/plan.ts), so its parity record is already made. The
 * verdicts against a reference are made again over all the shards (cli/merge-reports.ts).
 */
import { ConfigError } from '../config/errors.js';
import type { ExchangeRecord } from '../results/record.js';
import type { RecordSource } from '../results/exchange-log.js';

/** The fields of a run section that merging reads and writes; the others are the first shard's,
 * kept as they are. Named here, and report/digest/summary.ts's RunInfo extends it, so that regression/
 * needs nothing of report/, not even a type (no folder cycle, type-only included). */
export interface ShardRun {
  readonly startedAt: string;
  readonly durationMs: number;
  readonly configuration: Record<string, unknown>;
  /** Where each value of `configuration` that is not its default came from: a flag (`--seed`), a
   * variable, a .env line, or a config file and JSON pointer (`tsiws.config.json#/targets/local/runs`). */
  readonly configurationSources?: Readonly<Record<string, string>>;
  readonly toolErrors: readonly string[];
  /** fast-check seed: `--seed` repeats the run's requests. */
  readonly seed: number;
  /** Present when the run did not do all it planned. */
  readonly incomplete?: { readonly reason: string; readonly casesNotRun: number; readonly fuzzPropertiesInterrupted: number };
  /** Present when merge-reports joined these reports from the shards of one run. */
  readonly merged?: ReadonlyArray<{ readonly shard: string; readonly from: string; readonly startedAt: string; readonly durationMs: number }>;
}

export interface ShardReports<Run extends ShardRun = ShardRun> {
  /** Where the shard's reports were read from, for messages. */
  readonly dir: string;
  readonly run: Run;
  /** The shard's records (its records.jsonl, read when the merged run is written). */
  readonly records: RecordSource;
}

/** The settings that may differ between shards of one run: --workers is how each machine uses its
 * own cores, which changes nothing reported (src/engine/run/lanes.ts). */
const PER_SHARD = new Set(['shard', 'reportsDir', 'workers']);

const shardOf = (s: ShardReports): { index: number; count: number } | undefined => s.run.configuration['shard'] as { index: number; count: number } | undefined;

function sameRun(a: ShardReports, b: ShardReports): string | undefined {
  if (a.run.seed !== b.run.seed) return `seed ${a.run.seed} in ${a.dir} but ${b.run.seed} in ${b.dir}`;
  const keys = new Set([...Object.keys(a.run.configuration), ...Object.keys(b.run.configuration)]);
  for (const key of keys) {
    if (PER_SHARD.has(key)) continue;
    const [x, y] = [JSON.stringify(a.run.configuration[key]), JSON.stringify(b.run.configuration[key])];
    if (x !== y) return `${key} is ${x} in ${a.dir} but ${y} in ${b.dir}`;
  }
  return undefined;
}

/** Checks that the folders are the n shards of one run, each once, and joins them. */
export function mergeShards<Run extends ShardRun>(shards: readonly ShardReports<Run>[], reportsDir: string): { records: Iterable<ExchangeRecord>; run: Run } {
  if (shards.length === 0) throw new ConfigError('merge-reports: give the reports folder of every shard');
  const first = shards[0]!;
  const count = shardOf(first)?.count;
  if (count === undefined) throw new ConfigError(`merge-reports: ${first.dir} is not a shard's reports (its run had no --shard)`);
  const seen = new Map<number, string>();
  for (const s of shards) {
    const shard = shardOf(s);
    if (!shard) throw new ConfigError(`merge-reports: ${s.dir} is not a shard's reports (its run had no --shard)`);
    if (shard.count !== count) throw new ConfigError(`merge-reports: ${s.dir} is shard ${shard.index}/${shard.count}, but ${first.dir} is one of ${count}`);
    if (seen.has(shard.index)) throw new ConfigError(`merge-reports: shard ${shard.index}/${count} given twice (${seen.get(shard.index)} and ${s.dir})`);
    seen.set(shard.index, s.dir);
    const differs = sameRun(first, s);
    if (differs) throw new ConfigError(`merge-reports: ${s.dir} is not a shard of the same run as ${first.dir}: ${differs}; every shard must run with the same flags and --seed`);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new ConfigError(`merge-reports: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing; give the reports folder of every shard`);

  const ordered = [...shards].sort((a, b) => shardOf(a)!.index - shardOf(b)!.index);
  const incomplete = ordered.filter((s) => s.run.incomplete);
  const { incomplete: _first, ...base } = first.run;
  const merged: ShardRun = {
    ...base,
    // The shards ran side by side: the run began with the first and lasted as long as the longest.
    startedAt: ordered.map((s) => s.run.startedAt).sort()[0]!,
    durationMs: Math.max(...ordered.map((s) => s.run.durationMs)),
    configuration: { ...first.run.configuration, shard: undefined, reportsDir },
    ...(first.run.configurationSources ? { configurationSources: mergedSources(first.run.configurationSources) } : {}),
    toolErrors: ordered.flatMap((s) => s.run.toolErrors.map((e) => `shard ${shardOf(s)!.index}/${count}: ${e}`)),
    ...(incomplete.length > 0
      ? {
          incomplete: {
            reason: incomplete.map((s) => `shard ${shardOf(s)!.index}/${count}: ${s.run.incomplete!.reason}`).join('; '),
            casesNotRun: incomplete.reduce((n, s) => n + s.run.incomplete!.casesNotRun, 0),
            fuzzPropertiesInterrupted: incomplete.reduce((n, s) => n + s.run.incomplete!.fuzzPropertiesInterrupted, 0),
          },
        }
      : {}),
    merged: ordered.map((s) => ({ shard: `${shardOf(s)!.index}/${count}`, from: s.dir, startedAt: s.run.startedAt, durationMs: s.run.durationMs })),
  };
  // The spread of the first shard's run keeps every field of Run that merging does not set.
  return { records: inOrder(ordered), run: merged as Run };
}

/** The first shard's sources, for the whole run: no shard, and the reports folder merge-reports was given. */
function mergedSources(sources: Readonly<Record<string, string>>): Record<string, string> {
  const { shard: _shard, ...rest } = sources;
  return { ...rest, reportsDir: 'merge-reports' };
}

/** The shards' records one after the other, read a record at a time: never all held. A shard's
 * verdicts against --reference-url are left out: they knew only that shard's noise, so the merged
 * run makes its own from every shard's exchanges (session/reference-records.ts). */
function* inOrder(shards: readonly ShardReports[]): Generator<ExchangeRecord> {
  // Nor the per-transport verdicts of session/transport-reach.ts (the only service records not of ?WSDL).
  for (const s of shards) for (const r of s.records.records()) if (r.kind !== 'reference' && !(r.kind === 'service' && r.transport !== 'wsdl')) yield r;
}
