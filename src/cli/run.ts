/** tsiws-conform run: resolve settings, run, write reports, print the table, exit 0/1/4; an
 * interrupted run still writes its reports (129/130/143), and so does one that fails early (2/3/4). */
import { join } from 'node:path';
import { optionsOf } from '../config/commands.js';
import { redactedSettings, type RunSettings } from '../config/settings.js';
import { runWritingBaseline } from '../engine/run-writing-baseline.js';
import { INTERRUPT_SIGNALS } from '../engine/run.js';
import type { ExchangeRecord } from '../results/record.js';
import { toolInfo } from '../results/tool-info.js';
import { discoveryLine, type DiscoveryInfo, type RunInfo } from '../report/summary.js';
import type { LearnedState } from '../engine/discover.js';
import { redact, redactClipped, secretsOf } from '../results/record.js';
import { openExchangeLog, EXCHANGE_LOG_FILE } from '../results/exchange-log.js';
import { RunDigest } from '../report/digest.js';
import { writeReports } from '../report/write.js';
import { readBaseline } from '../regression/baseline.js';
import { rulesFromFile } from '../parity/normalise.js';
import { resultSchemasFor } from '../checks/load-result-schemas.js';
import { casesToReplay } from '../engine/baseline-replay.js';
import { ConfigError } from '../config/errors.js';
import type { Flags, Options } from '../config/args.js';
import { checkingSettings, commandLine } from './settings.js';
import { EXIT } from './errors.js';
import { interruptionReason } from './exit-codes.js';
import type { Io } from './main.js';
import { regressionLine } from './regression.js';
import { runConsole } from './run-console.js';
import { prepareReportsFolder, runFailed } from './run-failure.js';

/** run's flags, for reading a command line that failed (run-failure.ts). */
export const runOptions: Options = optionsOf('run');

/** Stops the run gracefully on SIGINT, SIGTERM or SIGHUP: what finished is reported, marked
 * incomplete. The executable listens from its first line (io.interruption); called in process, the
 * command listens from its start. Listening until the reports are written also keeps a second
 * signal from killing the process halfway through writing them. */
function listenForInterruption(given: AbortSignal | undefined): { signal: AbortSignal; stop(): void } {
  if (given) return { signal: given, stop: () => {} };
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => controller.abort(signal);
  for (const sig of INTERRUPT_SIGNALS) process.on(sig, onSignal);
  return { signal: controller.signal, stop: () => INTERRUPT_SIGNALS.forEach((sig) => process.off(sig, onSignal)) };
}

export default async function run(argv: string[], io: Io): Promise<number> {
  const interruption = listenForInterruption(io.interruption);
  const startedAt = new Date();
  let settings: RunSettings | undefined;
  try {
    const line = commandLine('run', argv, io);
    if (!line) return EXIT.conforms;
    return await conform(line.flags, io, interruption.signal, (resolved) => (settings = resolved));
  } catch (err) {
    return runFailed(err, { argv, options: runOptions, settings, startedAt, tool: toolInfo() }, io);
  } finally {
    interruption.stop();
  }
}

async function conform(flags: Flags, io: Io, signal: AbortSignal, resolvedAs: (settings: RunSettings) => void): Promise<number> {
  const resolved = await checkingSettings('run', flags, io);
  resolvedAs(resolved);
  // A folder never mixes two runs: the earlier reports go before this run writes any, and a folder
  // that cannot take them is bad usage before anything else is said.
  prepareReportsFolder(resolved.reportsDir);
  // A damaged baseline is a usage error before any request; a regression run reports the seed its
  // cases were generated with.
  const baseline = resolved.baseline ? readBaseline(resolved.baseline) : undefined;
  const settings = baseline ? { ...resolved, seed: baseline.manifest.seed } : resolved;
  // So is a broken --normalise-file: otherwise each suite would report it as a tool error, after the probe.
  if (settings.normaliseFile) rulesFromFile(settings.normaliseFile);
  // And a broken result schema: compiled here once to name the file; each worker compiles its own.
  const schemas = resultSchemasFor(settings.resultSchemas);
  const ui = runConsole(settings, io);
  ui.say(`tsiws-conform: ${settings.operations.length} operations x ${settings.transports.length} transports against ${settings.baseUrl ?? 'the embedded reference server'}`);
  // A regression run sends the baseline's recorded cases: its own seed generates nothing.
  if (!settings.baseline) ui.say(`Seed: ${settings.seed} (repeat these requests with --seed ${settings.seed}); ${settings.runs} fuzzed requests per operation and transport`);
  if (baseline) {
    const { manifest, dir } = baseline;
    const cases = casesToReplay(baseline, settings);
    if (cases.length === 0) {
      const part = settings.shard ? ` in shard ${settings.shard.index}/${settings.shard.count}` : '';
      throw new ConfigError(`--baseline: ${dir} has no recorded case for the selected --operations and --transports${part}; widen them${part ? ', use fewer shards,' : ''} or record a baseline that covers them`);
    }
    ui.say(`Regression: replaying ${cases.length} cases recorded ${manifest.startedAt} by ${manifest.tool.name} ${manifest.tool.version} against ${manifest.target}, seed ${manifest.seed} (${dir})`);
    if (!manifest.complete) io.err(`tsiws-conform: WARNING: the baseline in ${dir} is incomplete (its run did not finish); only what it recorded is compared`);
  }
  if (schemas) ui.say(`Result schemas: ${schemas.size} of ${settings.operations.length} operations (${settings.resultSchemas})${schemas.size === 0 ? '; the folder has no <Operation>.xsd or <Operation>.schema.json, so check result-schema judges nothing' : ''}`);
  if (settings.shard) ui.say(`Shard ${settings.shard.index}/${settings.shard.count} of the cases (join the shards' reports with tsiws-conform merge-reports)`);
  if (settings.insecure) io.err('tsiws-conform: WARNING: --insecure: the target\'s certificate is not verified; use it for self-signed test hosts only');
  if (settings.showSecrets) io.err('tsiws-conform: WARNING: --show-secrets: sig, timestamp, mobilekey and the access values (--auth, --header, --proxy, TLS files) appear unredacted in the reports; do not share them');
  // Records go to disk as they arrive (records.jsonl, for merge-reports, interrupted runs and the
  // reports that need every record), and into the digest, which keeps only counts and the records
  // with findings: a large run's passing records are never all held here.
  const stream = openExchangeLog(settings.reportsDir);
  const digest = new RunDigest(settings.failOn);
  let run;
  try {
    run = await runWritingBaseline(settings, toolInfo(), {
      signal,
      onRecord: (r: ExchangeRecord, text: string) => {
        stream.write(r, text);
        digest.add(r);
        ui.progress?.onRecord(r);
      },
      ...(ui.progress ? { onProgress: ui.progress.onProgress } : {}),
    });
  } finally {
    stream.close();
  }
  const { result, baselineWriter, complete: baselineComplete } = run;
  const fuzzStopped = digest.fuzzInterrupted;
  const info: RunInfo = {
    tool: toolInfo(),
    target: result.target.embedded ? `embedded reference server (${result.target.baseUrl})` : result.target.baseUrl,
    embedded: result.target.embedded,
    namespace: settings.namespace,
    startedAt: result.startedAt,
    durationMs: result.durationMs,
    configuration: redactedSettings(settings),
    toolErrors: result.toolErrors,
    seed: settings.seed,
    ...(result.target.learned ? { discovery: discoveryInfo(result.target.learned, settings) } : {}),
    ...(result.interrupted
      ? { incomplete: { reason: interruptionReason(result.interrupted), casesNotRun: result.cutShort, fuzzPropertiesInterrupted: fuzzStopped } }
      : result.cutShort > 0 || fuzzStopped > 0
        ? { incomplete: { reason: `--max-duration ${settings.maxDurationS} s ran out`, casesNotRun: result.cutShort, fuzzPropertiesInterrupted: fuzzStopped } }
        : {}),
  };
  const files = writeReports(settings.reportsDir, digest, info, [EXCHANGE_LOG_FILE]);
  const extra = [
    ...(info.discovery ? [discoveryLine(info.discovery)] : []),
    ...(settings.baseline ? [regressionLine(digest.regression.data(), settings.baseline)] : []),
    ...(baselineWriter ? [`Baseline recorded in ${baselineWriter.dir}${baselineComplete ? '' : ', incomplete: only what the run sent'} (replay with --baseline ${baselineWriter.dir})`] : []),
  ];
  return ui.finish(digest, info, files, result.interrupted, extra);
}

/** What reports show of the discovery step. The failure pattern's evidence quotes the target's
 * answers (clipped), which may echo a fixed --sig or --mobilekey: those are redacted as everywhere
 * else, a secret's start at a clip mark included. */
function discoveryInfo(learned: LearnedState, settings: RunSettings): DiscoveryInfo {
  const fixed = settings.showSecrets ? [] : secretsOf({ ...(settings.sig ? { sig: settings.sig } : {}), ...(settings.mobilekey ? { mobilekey: settings.mobilekey } : {}), ...(settings.timestamp ? { timestamp: settings.timestamp } : {}) });
  const { failure, format, discovery } = learned;
  return {
    sent: discovery.sent, probes: discovery.probes, records: discovery.records,
    ...(failure ? { failurePattern: { ...failure, pattern: redact(failure.pattern, fixed), evidence: redactClipped(failure.evidence, fixed) } } : {}),
    ...(format ? { resultFormat: format.format } : {}),
  };
}
