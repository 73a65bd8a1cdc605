/** tsiws-conform merge-reports DIR... [--reports-dir OUT]: the reports of a run made in shards. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError } from '../config/settings.js';
import type { TransportId } from '../transports/index.js';
import { consoleTable } from '../report/formats/console.js';
import { mergeShards, type ShardReports } from '../regression/merge.js';
import { RunDigest } from '../report/digest/digest.js';
import { openExchangeLog, EXCHANGE_LOG_FILE, exchangeLogSource } from '../results/exchange-log.js';
import { passes, verdictText, type RunInfo } from '../report/digest/summary.js';
import { failOnOf } from '../results/levels.js';
import { writeReports } from '../report/write.js';
import { judgingOf, ReferenceVerdicts } from '../session/reference-records.js';
import { TransportReachVerdicts } from '../session/transport-reach.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

function readShard(dir: string): ShardReports<RunInfo> {
  const path = join(dir, 'results.json');
  if (!existsSync(path)) throw new ConfigError(`merge-reports: ${path} does not exist: give the --reports folder of each shard's run`);
  let run: RunInfo | undefined;
  try {
    run = (JSON.parse(readFileSync(path, 'utf8')) as { run?: RunInfo }).run;
  } catch (err) {
    throw new ConfigError(`merge-reports: ${path} is not JSON (${(err as Error).message}); re-run that shard`);
  }
  if (!run || typeof run.seed !== 'number' || typeof run.configuration !== 'object') throw new ConfigError(`merge-reports: ${path} has no run section; re-run that shard`);
  // A shard without records.jsonl is named now; its records are read when the merged run is written.
  return { dir, run, records: exchangeLogSource(dir) };
}

export default async function mergeReports(argv: string[], io: Io): Promise<number> {
  const line = commandLine('merge-reports', argv, io);
  if (!line) return EXIT.conforms;
  const { positionals } = line;
  if (positionals.length === 0) throw new ConfigError('merge-reports: give the reports folder of every shard, e.g. merge-reports shard-1 shard-2 shard-3 shard-4 (see tsiws-conform merge-reports --help)');
  // --reports-dir, --reports, TSIWS_REPORTS or .env, as run's folder resolves.
  const out = commandSettings('merge-reports', line.flags, io).reportsDir;
  const { records, run } = mergeShards(positionals.map((dir) => readShard(resolve(dir))), out);
  // As a run does: the merged records.jsonl is written a record at a time, and the digest keeps
  // counts and the records with findings; the reports that need every record read it back.
  const stream = openExchangeLog(out);
  const digest = new RunDigest(failOnOf(run));
  // Noise learned in one shard applies to all: the verdicts against --reference-url are made again.
  const reference = new ReferenceVerdicts(judgingOf(run.configuration));
  // Whether each transport reached the service: judged again over every shard's valid requests.
  const reach = new TransportReachVerdicts(judgingOf(run.configuration));
  try {
    for (const r of records) {
      stream.write(r);
      digest.add(r);
      reference.add(r);
      reach.add(r);
    }
    for (const r of [...reference.records(), ...reach.records()]) {
      stream.write(r);
      digest.add(r);
    }
  } finally {
    stream.close();
  }
  const files = writeReports(out, digest, run, [EXCHANGE_LOG_FILE]);
  const operations = run.configuration['operations'] as string[];
  const transports = run.configuration['transports'] as TransportId[];
  io.out(`tsiws-conform: merged ${run.merged!.length} shards (${run.merged!.map((m) => m.shard).join(', ')})`);
  io.out(consoleTable(digest, operations, transports, run));
  io.out(`Reports: ${files.join(', ')}`);
  if (run.incomplete) io.out(`Incomplete: ${run.incomplete.reason}; ${run.incomplete.casesNotRun} cases not run, ${run.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`);
  const summary = digest.summary(run);
  const { verdict } = summary;
  io.out(`Verdict: ${verdictText(summary)} (longest shard ${(run.durationMs / 1000).toFixed(1)} s)`);
  return passes(verdict) ? EXIT.conforms : verdict === 'does-not-conform' ? EXIT.findings : EXIT.internal;
}
