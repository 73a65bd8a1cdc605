/**
 * One run, end to end: the library function the `run` command calls, and a user's script can call
 * too (package export `tsiws-conformance/run`). It checks what can be checked before any request
 * (the reports folder, a baseline, the normalisation rules, the result schemas), runs the suites,
 * streams every record to records.jsonl, into the run's digest and, with --allure, to the Allure
 * results, writes the baseline with --record, and writes the reports. What it shows goes through the caller's handlers: the CLI
 * prints, a script may log or stay silent.
 */
import { SequenceParity } from '../engine/sequences/sequence-parity.js';
import { ConfigError } from '../config/errors.js';
import { redactedSettings, type RunSettings } from '../config/settings.js';
import { casesToReplay } from '../engine/replay/baseline-replay.js';
import { readTraffic, trafficLine } from '../engine/replay/traffic.js';
import { LEFT_OUT_TEXT, type LeftOutKind, type TrafficSummary } from '../traffic/summary.js';
import { SERVICE_PATH } from '../contract/index.js';
import type { LearnedState } from '../engine/learn/learned-state.js';
import { withSeenAnchor } from '../engine/learn/anchors.js';
import type { Anchors } from '../engine/learn/learned-state.js';
import type { SearchSummary } from '../engine/learn/learned-state.js';
import { INTERRUPT_SIGNALS, type RunOptions } from '../engine/run/run.js';
import { runWritingBaseline } from '../engine/run/run-writing-baseline.js';
import { resultSchemasFor } from '../checks/load-result-schemas.js';
import { refuseClientChecks } from '../checks/catalogs.js';
import { rulesFromFile } from '../parity/normalise.js';
import { readBaseline, type Baseline } from '../regression/baseline.js';
import { ReferenceVerdicts } from './reference-records.js';
import { TransportReachVerdicts } from './transport-reach.js';
import { RunDigest } from '../report/digest/digest.js';
import type { AllureResults } from '../report/foreign/allure-results.js';
import type { DiscoveryInfo, RunInfo } from '../report/digest/summary.js';
import { wsiRunInfo } from '../report/digest/wsi-report.js';
import type { SearchInfo } from '../report/digest/search-line.js';
import type { AnchorsInfo } from '../report/digest/anchors.js';
import { prepareReportsFolder, writeReports } from '../report/write.js';
import { EXCHANGE_LOG_FILE, exchangeLogSource, openExchangeLog, type ExchangeLog, type RecordSource } from '../results/exchange-log.js';
import { interruptionReason } from '../results/interruption.js';
import { redact, redactClipped } from '../results/redact.js';
import { secretsOf } from '../results/secrets.js';
import type { ExchangeRecord } from '../results/record.js';
import { toolInfo } from '../results/tool-info.js';
import { applyWaivers } from '../results/waivers.js';

export interface RunHandlers {
  /** Stops the run gracefully when aborted (its reason, e.g. 'SIGINT', is reported). Without it,
   * the run listens for SIGINT, SIGTERM and SIGHUP itself until its reports are written. */
  readonly signal?: AbortSignal;
  /** A line for people about the run about to start: target, seed, baseline, schemas, shard. */
  readonly say?: (line: string) => void;
  /** A warning: --insecure, --show-secrets, an incomplete baseline. */
  readonly warn?: (line: string) => void;
  /** Each record as it arrives (with this, the main process parses each record while the run sends);
   * the run keeps none itself. */
  readonly onRecord?: (record: ExchangeRecord) => void;
  readonly onProgress?: RunOptions['onProgress'];
}

export interface RunReport {
  /** The settings the run went by: a regression run takes its baseline's seed. */
  readonly settings: RunSettings;
  /** Counts, verdicts and the records with findings (report/digest/digest.ts). */
  readonly digest: RunDigest;
  readonly info: RunInfo;
  /** Every file written to the reports folder, certificate last. */
  readonly files: readonly string[];
  /** The reason the run was stopped from outside, when it was. */
  readonly interrupted?: string;
  /** The baseline written with --record, and whether its run sent everything it planned. */
  readonly baselineWritten?: { readonly dir: string; readonly complete: boolean };
}

/** Stops the run gracefully on SIGINT, SIGTERM or SIGHUP: what finished is reported, marked
 * incomplete. Listening until the reports are written also keeps a second signal from killing the
 * process halfway through writing them. */
export function listenForInterruption(given: AbortSignal | undefined): { signal: AbortSignal; stop(): void } {
  if (given) return { signal: given, stop: () => {} };
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => controller.abort(signal);
  for (const sig of INTERRUPT_SIGNALS) process.on(sig, onSignal);
  return { signal: controller.signal, stop: () => INTERRUPT_SIGNALS.forEach((sig) => process.off(sig, onSignal)) };
}

/** Runs the suites with `resolved` (config/resolve.ts) and writes the reports. Throws a
 * ConfigError for bad usage found before any request, and what the run itself throws. */
export async function runAndReport(resolved: RunSettings, handlers: RunHandlers = {}): Promise<RunReport> {
  const interruption = listenForInterruption(handlers.signal);
  try {
    return await reportedRun(resolved, { ...handlers, signal: interruption.signal });
  } finally {
    interruption.stop();
  }
}

async function reportedRun(resolved: RunSettings, handlers: RunHandlers & { signal: AbortSignal }): Promise<RunReport> {
  const say = handlers.say ?? (() => {});
  const { baseline, settings, schemas, allure } = await checkedBeforeAnyRequest(resolved, handlers);
  say(`tsiws-conform: ${settings.operations.length} operations x ${settings.transports.length} transports against ${settings.baseUrl ?? 'the embedded reference server'}`);
  // A capture that cannot be read, or holds no call to replay, is bad usage before any request.
  const traffic = settings.traffic ? await trafficToReplay({ ...settings, traffic: settings.traffic }) : undefined;
  if (traffic) say(trafficLine(traffic));
  announceRun(settings, baseline, traffic, schemas, say, handlers);
  // Records go to disk as they arrive (records.jsonl, for merge-reports, interrupted runs and the
  // reports that need every record), and into the digest, which keeps only counts and the records
  // with findings: a large run's passing records are never all held here.
  const log = openExchangeLog(settings.reportsDir);
  const collected = collectorsOf(settings);
  const run = await sentAndCollected(settings, handlers, log, collected, liveHandler(allure, handlers));
  const { result, baselineWriter, complete, source } = run;
  const { digest } = collected;
  const info = runInfoOf(settings, result, traffic, collected);
  const files = writeReports(settings.reportsDir, digest, info, [EXCHANGE_LOG_FILE], source);
  allure?.finish(digest, info);
  return {
    settings, digest, info, files,
    ...(result.interrupted ? { interrupted: result.interrupted } : {}),
    ...(baselineWriter ? { baselineWritten: { dir: baselineWriter.dir, complete } } : {}),
  };
}

/** What is bad usage is found before any request, and before the reports folder is touched where it
 * can be: returns the run's settings (a regression run takes its baseline's seed), its baseline,
 * result schemas and Allure results. */
async function checkedBeforeAnyRequest(resolved: RunSettings, handlers: RunHandlers) {
  // A client check selected for a run would judge nothing: bad usage, before the folder is touched.
  refuseClientChecks(resolved);
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
  // A bad --allure folder is bad usage before any request too. The library loads only for it (150 ms).
  const allure = settings.allure ? new (await import('../report/foreign/allure-results.js')).AllureResults({ dir: settings.allure, reportsDir: settings.reportsDir, seed: settings.seed, failOn: settings.failOn, warn: (line) => handlers.warn?.(line) }) : undefined;
  return { baseline, settings, schemas, allure };
}

/** The lines said before the run starts: its seed or the baseline it replays (a baseline with no
 * case selected is bad usage), the result schemas, the shard, and the warnings of risky flags. */
function announceRun(settings: RunSettings, baseline: Baseline | undefined, traffic: TrafficSummary | undefined, schemas: ReturnType<typeof resultSchemasFor>, say: (line: string) => void, handlers: RunHandlers): void {
  // A regression run sends the baseline's recorded cases: its own seed generates nothing.
  if (!settings.baseline && !traffic) say(`Seed: ${settings.seed} (repeat these requests with --seed ${settings.seed}); ${settings.runs} fuzzed requests per operation and transport`);
  if (baseline) {
    const { manifest, dir } = baseline;
    const cases = casesToReplay(baseline, settings);
    if (cases.length === 0) {
      const part = settings.shard ? ` in shard ${settings.shard.index}/${settings.shard.count}` : '';
      throw new ConfigError(`--baseline: ${dir} has no recorded case for the selected --operations and --transports${part}; widen them${part ? ', use fewer shards,' : ''} or record a baseline that covers them`);
    }
    say(`Regression: replaying ${cases.length} cases recorded ${manifest.startedAt} by ${manifest.tool.name} ${manifest.tool.version} against ${manifest.target}, seed ${manifest.seed} (${dir})`);
    if (!manifest.complete) handlers.warn?.(`WARNING: the baseline in ${dir} is incomplete (its run did not finish); only what it recorded is compared`);
  }
  if (schemas) say(`Result schemas: ${schemas.size} of ${settings.operations.length} operations (${settings.resultSchemas})${schemas.size === 0 ? '; the folder has no <Operation>.xsd or <Operation>.schema.json, so check result-schema judges nothing' : ''}`);
  if (settings.shard) say(`Shard ${settings.shard.index}/${settings.shard.count} of the cases (join the shards' reports with tsiws-conform merge-reports)`);
  if (settings.insecure) handlers.warn?.('WARNING: --insecure: the target\'s certificate is not verified; use it for self-signed test hosts only');
  if (settings.showSecrets) handlers.warn?.('WARNING: --show-secrets: sig, timestamp, mobilekey and the access values (--auth, --header, --proxy, TLS files) appear unredacted in the reports; do not share them');
}

/** What the main process makes of the run's records, besides records.jsonl. */
interface Collected {
  readonly digest: RunDigest;
  /** The verdict against --reference-url needs the noise learned over the whole run: made once every
   * exchange is in (an interrupted run's too), then written like any other record. */
  readonly reference: ReferenceVerdicts;
  /** The sequences over the transports, compared once they are all in (engine/sequences/sequence-parity.ts). */
  readonly sequences: SequenceParity;
  /** Whether each transport reached the service at all, judged once every valid request is in. */
  readonly reach: TransportReachVerdicts;
  /** A success the run saw of an operation the discovery and search left without an anchor (a
   * delete's valid case, a probe's confirmation): its anchor in the reports (engine/learn/anchors.ts). */
  seen: Anchors;
}

function collectorsOf(settings: RunSettings): Collected {
  return { digest: new RunDigest(settings.failOn), reference: new ReferenceVerdicts(settings), sequences: new SequenceParity(), reach: new TransportReachVerdicts(settings), seen: {} };
}

function digested(collected: Collected, r: ExchangeRecord): void {
  collected.seen = withSeenAnchor(collected.seen, r);
  collected.digest.add(r);
  collected.reference.add(r);
  collected.sequences.add(r);
  collected.reach.add(r);
}

/** Who sees each record while the workers send: Allure's files and a script's onRecord, if any.
 * Otherwise the main process only copies the records' JSON lines into records.jsonl, not even
 * decoded; the digest reads them back once the sending is done. On two cores the main process shares
 * a core with the workers and a local target: parsing and digesting each record as it came took
 * 0.08 ms of it an exchange (bench, CPU by stage: collector and digest; issue 52). */
function liveHandler(allure: AllureResults | undefined, handlers: RunHandlers): ((r: ExchangeRecord) => void) | undefined {
  return allure || handlers.onRecord ? (r: ExchangeRecord) => {
    allure?.add(r);
    handlers.onRecord?.(r);
  } : undefined;
}

/** Runs the suites, the records copied into records.jsonl as they come; then digests them and adds
 * the verdicts made over the whole run. The log is closed whatever happens. */
async function sentAndCollected(settings: RunSettings, handlers: RunHandlers & { signal: AbortSignal }, log: ExchangeLog, collected: Collected, live: ((r: ExchangeRecord) => void) | undefined): Promise<Awaited<ReturnType<typeof runWritingBaseline>> & { source: RecordSource }> {
  const { digest, reference, sequences, reach } = collected;
  try {
    const run = await runWritingBaseline(settings, toolInfo(), {
      signal: handlers.signal,
      ...(live ? { onRecord: (r: ExchangeRecord, text: string) => {
        log.writeText(text);
        live(r);
      } } : { onRecordBytes: (lines: Buffer) => log.writeLines(lines) }),
      ...(handlers.onProgress ? { onProgress: handlers.onProgress } : {}),
    });
    log.flush();
    // The reports read back from this source: it knows where the lines are (exchange-log.ts).
    const source = exchangeLogSource(settings.reportsDir);
    for (const r of source.records()) digested(collected, r);
    // The verdicts made here are waived as the workers' are, on the run's day.
    const made = [...reference.records(), ...sequences.records(), ...reach.records()].map((r) => applyWaivers(r, settings.waivers, run.result.target.today));
    for (const r of made) {
      log.write(r);
      digest.add(r);
      live?.(r);
    }
    return { ...run, source };
  } finally {
    log.close();
  }
}

/** The run's information in the reports. */
function runInfoOf(settings: RunSettings, result: Awaited<ReturnType<typeof runWritingBaseline>>['result'], traffic: TrafficSummary | undefined, collected: Collected): RunInfo {
  const fuzzStopped = collected.digest.fuzzInterrupted;
  return {
    tool: toolInfo(),
    target: result.target.embedded ? `embedded reference server (${result.target.baseUrl})` : result.target.baseUrl,
    embedded: result.target.embedded,
    namespace: settings.namespace,
    startedAt: result.startedAt,
    durationMs: result.durationMs,
    configuration: redactedSettings(settings),
    ...(settings.sources ? { configurationSources: settings.sources } : {}),
    toolErrors: result.toolErrors,
    seed: settings.seed,
    ...(traffic ? { traffic } : {}),
    ...(result.target.learned ? { discovery: discoveryInfo(result.target.learned, settings, collected.seen) } : {}),
    // What graded the WS-I checks, read before any test (engine/run/wsi-wsdl.ts); absent when they were left out.
    ...(result.target.wsiWsdl ? { wsi: wsiRunInfo(result.target.wsiWsdl, settings.wsi) } : {}),
    ...(result.interrupted
      ? { incomplete: { reason: interruptionReason(result.interrupted), casesNotRun: result.cutShort, fuzzPropertiesInterrupted: fuzzStopped } }
      : result.cutShort > 0 || fuzzStopped > 0
        ? { incomplete: { reason: `--max-duration ${settings.maxDurationS} s ran out`, casesNotRun: result.cutShort, fuzzPropertiesInterrupted: fuzzStopped } }
        : {}),
  };
}

/** What a replay of --traffic will send, read once before the run (the suite reads it again, in
 * its worker); a capture with nothing to replay, or a replay asked to do two things, is bad usage. */
async function trafficToReplay(settings: RunSettings & { traffic: string }): Promise<TrafficSummary> {
  if (settings.baseline) throw new ConfigError('--traffic and --baseline each replace the suites with a replay; give one of them');
  // The calls go in their captured order: a shard would cut a create from its read.
  if (settings.shard) throw new ConfigError('--traffic replays the capture in its order and cannot be split by --shard; leave --shard out');
  const summary = await readTraffic(settings, () => {});
  if (summary.replayed === 0) {
    const why = Object.entries(summary.leftOutBy).map(([kind, v]) => `${v.count} ${LEFT_OUT_TEXT[kind as LeftOutKind]} (entry ${v.first[0]!.entry}: ${v.first[0]!.reason})`).join('; ');
    throw new ConfigError(`--traffic: ${summary.source} has no call of this service to replay${summary.entries === 0 ? ' (it has no entries)' : `: of its ${summary.entries} entries, ${why}`}; capture calls to ${SERVICE_PATH}, or widen --operations and --transports`);
  }
  return summary;
}

/** What reports show of the discovery step. The failure pattern's evidence quotes the target's
 * answers (clipped), which may echo a fixed --sig or --mobilekey: those are redacted as everywhere
 * else, a secret's start at a clip mark included. */
function discoveryInfo(learned: LearnedState, settings: RunSettings, seen: Anchors): DiscoveryInfo {
  const fixed = settings.showSecrets ? [] : secretsOf({ ...(settings.sig ? { sig: settings.sig } : {}), ...(settings.mobilekey ? { mobilekey: settings.mobilekey } : {}), ...(settings.timestamp ? { timestamp: settings.timestamp } : {}) });
  const { failure, businessFault, failureUnknown, format, discovery, search, found } = learned;
  return {
    sent: discovery.sent, probes: discovery.probes, records: discovery.records,
    ...(learned.pool.weak?.length ? { weakRecords: learned.pool.weak.length } : {}),
    ...(failure ? { failurePattern: { ...failure, pattern: redact(failure.pattern, fixed), evidence: redactClipped(failure.evidence, fixed) } } : {}),
    ...(businessFault ? { businessFault: { pattern: businessFault.pattern, flags: businessFault.flags, evidence: redactClipped(businessFault.evidence, fixed) } } : {}),
    ...(failureUnknown !== undefined ? { failureUnknown: redactClipped(failureUnknown, fixed) } : {}),
    ...(format ? { resultFormat: format.format } : {}),
    ...(search ? { search: searchInfo(search, found, fixed) } : {}),
    ...(learned.anchors && learned.pool.records.length > 0 ? { anchors: anchorsInfo({ ...seen, ...learned.anchors }, fixed) } : {}),
  };
}

/** The anchors as reports show them: no authentication parameter is in one (engine/learn/anchors.ts),
 * and a fixed secret a value might hold is redacted as everywhere else. */
function anchorsInfo(anchors: NonNullable<LearnedState['anchors']>, fixed: Array<[string, string]>): AnchorsInfo {
  return Object.fromEntries(Object.entries(anchors).map(([op, a]) => [op, { ...a, values: Object.fromEntries(Object.entries(a.values).map(([p, v]) => [p, redact(v, fixed)])) }]));
}

/** The search as reports show it: values and messages with the fixed secrets redacted (a message
 * may echo the request's sig; the values never hold one, authentication is not searched). */
function searchInfo(search: SearchSummary, found: LearnedState['found'], fixed: Array<[string, string]>): SearchInfo {
  const shown = (values: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(values).map(([p, v]) => [p, redact(v, fixed)]));
  return {
    budget: search.budget, sent: search.sent,
    found: Object.fromEntries(Object.entries(found ?? {}).map(([op, values]) => [op, shown(values)])),
    blocked: Object.fromEntries(Object.entries(search.blocked).map(([op, b]) => [op, { ...b, message: redactClipped(b.message, fixed) }])),
    ...(search.textLimit ? { textLimit: search.textLimit } : {}),
  };
}
