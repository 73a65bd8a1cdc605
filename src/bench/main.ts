/**
 * npm run bench: how busy the harness keeps a target, and how a run grows with its size.
 *
 * 1. On one reference server (a separate process), autocannon replays the 80 prebuilt valid
 *    requests at the run's concurrency: the raw request rate.
 * 2. On the same server, the harness runs the positive suite (send, decode, every check, XSD
 *    validation) --repeat times over: its rate of fully checked exchanges while it was sending
 *    (first request sent to last answer read; vitest's start-up is in the wall time, not the rate).
 * 3. The default run (embedded server, fuzzing and parity) at 1x, 4x and 16x its cases (--repeat):
 *    wall time and peak memory of its process tree.
 * 4. Start-up: `tsiws-conform --help` from the compiled package, as a median CPU-time ratio to a
 *    bare `node -e 0` (startup.ts).
 * The figures are printed and written to reports/bench.json (--out).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { helpText } from '../config/commands.js';
import { inputFor, readCommandLine, resolveCommand } from '../config/resolve.js';
import { DEFAULTS } from '../config/settings.js';
import type { ExchangeRecord } from '../results/record.js';
import { raw, type RawResult } from './autocannon.js';
import { runCli, startServer, type ChildRun } from './child.js';
import { prebuiltRequests } from './requests.js';
import { startup } from './startup.js';

/** The bench's flags are declared with every command's in src/config/command-settings.ts. */
const USAGE = helpText('bench').split('\n')[0]!;

function options() {
  try {
    const line = readCommandLine('bench', process.argv.slice(2));
    if (line.help) {
      console.log(helpText('bench'));
      process.exit(0);
    }
    // The bench's settings choose from no catalog.
    const s = resolveCommand('bench', inputFor(line.flags, process.env, { checks: [], normalise: [] }));
    return { seconds: s.duration, harnessRepeat: s.harnessRepeat, sizeList: s.sizes, seed: String(s.benchSeed), out: s.out };
  } catch (err) {
    console.error(`bench: ${(err as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const flags = options();
const SECONDS = flags.seconds;
const SIZES = flags.sizeList;
const CONCURRENCY = DEFAULTS.concurrency;
const MiB = 1024 * 1024;
const work = mkdtempSync(join(tmpdir(), 'tsiws-bench-'));

const mib = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / MiB).toFixed(0)} MiB`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function readRecords(dir: string): ExchangeRecord[] {
  return readFileSync(join(dir, 'records.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ExchangeRecord);
}

function failed(what: string, run: ChildRun): never {
  throw new Error(`${what} ended with exit ${run.code}:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
}

interface HarnessResult {
  readonly exchanges: number;
  readonly perSecond: number;
  readonly wallPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly wallMs: number;
  readonly peakTreeBytes: number | null;
  readonly peakProcessBytes: number;
}

async function harness(url: string, repeat: number): Promise<HarnessResult> {
  const reports = join(work, 'harness');
  const run = await runCli(['run', '--base-url', url, '--allow-mutations', '--echo', '--suites', 'positive', '--repeat', String(repeat), '--seed', flags.seed, '--reports', reports]);
  if (run.code !== 0) failed('the harness run', run);
  const exchanges = readRecords(reports).filter((r) => r.response?.sentAt !== undefined && r.transport !== 'parity');
  const first = Math.min(...exchanges.map((r) => Date.parse(r.response!.sentAt!)));
  const last = Math.max(...exchanges.map((r) => Date.parse(r.response!.sentAt!) + r.response!.elapsedMs));
  const latencies = exchanges.map((r) => r.response!.elapsedMs).sort((a, b) => a - b);
  return {
    exchanges: exchanges.length,
    perSecond: exchanges.length / ((last - first) / 1000),
    wallPerSecond: exchanges.length / (run.wallMs / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    wallMs: run.wallMs,
    peakTreeBytes: run.memory.treeBytes,
    peakProcessBytes: run.memory.processBytes,
  };
}

interface GrowthRow {
  readonly size: number;
  readonly exchanges: number;
  readonly verdict: string;
  readonly wallMs: number;
  readonly peakTreeBytes: number | null;
  readonly peakProcessBytes: number;
}

async function growth(size: number): Promise<GrowthRow> {
  const reports = join(work, `x${size}`);
  const run = await runCli(['run', '--repeat', String(size), '--seed', flags.seed, '--reports', reports]);
  if (run.code !== 0) failed(`the ${size}x run`, run);
  const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as { summary: { verdict: string; exchanges: { total: number } } };
  rmSync(reports, { recursive: true, force: true });
  return { size, exchanges: results.summary.exchanges.total, verdict: results.summary.verdict, wallMs: run.wallMs, peakTreeBytes: run.memory.treeBytes, peakProcessBytes: run.memory.processBytes };
}

const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryBytes: totalmem(), node: process.version, platform: `${process.platform} ${process.arch}`, loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))) };
console.log(`tsiws bench on ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, load average ${machine.loadAverageAtStart.join(' ')}`);

const server = await startServer();
let rawResult: RawResult;
let harnessResult: HarnessResult;
try {
  const requests = await prebuiltRequests(DEFAULTS);
  await raw(server.url, requests, CONCURRENCY, 2); // warm-up: the server's code paths compiled before measuring
  rawResult = await raw(server.url, requests, CONCURRENCY, SECONDS);
  console.log(`raw (autocannon, ${requests.length} prebuilt valid requests, ${CONCURRENCY} connections, ${SECONDS} s): ${rawResult.perSecond.toFixed(0)} req/s, p50 ${rawResult.p50Ms} ms, p99 ${rawResult.p99Ms} ms, ${rawResult.errors} errors, ${rawResult.non2xx} non-2xx`);
  harnessResult = await harness(server.url, flags.harnessRepeat);
  console.log(`harness (positive suite x${flags.harnessRepeat}, every check and XSD validation, concurrency ${CONCURRENCY}): ${harnessResult.exchanges} exchanges, ${harnessResult.perSecond.toFixed(0)} checked exchanges/s while sending (${harnessResult.wallPerSecond.toFixed(0)}/s over the whole ${(harnessResult.wallMs / 1000).toFixed(1)} s run), p50 ${harnessResult.p50Ms} ms, p99 ${harnessResult.p99Ms} ms, peak memory ${mib(harnessResult.peakTreeBytes)} (largest process ${mib(harnessResult.peakProcessBytes)})`);
} finally {
  await server.stop();
}
const ratio = harnessResult.perSecond / rawResult.perSecond;
console.log(`ratio harness/raw: ${(ratio * 100).toFixed(0)}% (target at least 70%)`);

const rows: GrowthRow[] = [];
console.log('\nsize  exchanges  wall      peak memory (tree)  largest process');
for (const size of SIZES) {
  const row = await growth(size);
  rows.push(row);
  console.log(`${`${size}x`.padEnd(6)}${String(row.exchanges).padEnd(11)}${`${(row.wallMs / 1000).toFixed(1)} s`.padEnd(10)}${mib(row.peakTreeBytes).padEnd(20)}${mib(row.peakProcessBytes)}`);
}
rmSync(work, { recursive: true, force: true });

const start = startup();
console.log(`\nstart-up: tsiws-conform --help ${start.helpCpuMs} ms CPU, node -e 0 ${start.nodeCpuMs} ms CPU (medians of ${start.runs}): ratio ${start.ratio} (target at most 3)`);

const base = rows.find((r) => r.size === 1);
const top = rows.find((r) => r.size === 16);
const memoryGrowth = base && top && base.peakTreeBytes && top.peakTreeBytes ? top.peakTreeBytes / base.peakTreeBytes : null;
const targets = {
  throughputRatio: { value: Number(ratio.toFixed(3)), target: '>= 0.70', met: ratio >= 0.7 },
  memoryGrowth16x: { value: memoryGrowth === null ? null : Number(memoryGrowth.toFixed(3)), target: '<= 1.25', met: memoryGrowth !== null && memoryGrowth <= 1.25 },
  defaultRunSeconds: { value: base ? base.wallMs / 1000 : null, target: '< 60', met: base !== undefined && base.wallMs < 60_000 },
  startupRatio: { value: start.ratio, target: '<= 3', met: start.ratio <= 3 },
};
console.log(`\ntargets: throughput ratio ${targets.throughputRatio.value} (${targets.throughputRatio.met ? 'met' : 'NOT met'}), memory 16x/1x ${targets.memoryGrowth16x.value ?? 'n/a'} (${targets.memoryGrowth16x.met ? 'met' : 'NOT met'}), default run ${targets.defaultRunSeconds.value ?? 'n/a'} s (${targets.defaultRunSeconds.met ? 'met' : 'NOT met'}), start-up ${targets.startupRatio.value} (${targets.startupRatio.met ? 'met' : 'NOT met'})`);

const out = resolve(flags.out);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ schemaVersion: 1, at: new Date().toISOString(), machine: { ...machine, loadAverageAtEnd: loadavg().map((l) => Number(l.toFixed(2))) }, concurrency: CONCURRENCY, raw: rawResult, harness: harnessResult, ratio: Number(ratio.toFixed(3)), growth: rows, startup: start, targets }, null, 2)}\n`);
console.log(`Figures: ${out}`);
