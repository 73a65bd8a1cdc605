/** The harness side of the bench: `run --suites positive --repeat N` against a target, measured
 * from its records (fully checked exchanges per second while it was sending). */
import { readFileSync } from 'node:fs';
import type { ExchangeRecord } from '../results/record.js';
import { runCli, type ChildRun } from './child.js';

export interface HarnessResult {
  readonly exchanges: number;
  readonly perSecond: number;
  readonly wallPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly wallMs: number;
  readonly peakTreeBytes: number | null;
  readonly peakProcessBytes: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export function failed(what: string, run: ChildRun): never {
  throw new Error(`${what} ended with exit ${run.code}:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
}

function readRecords(dir: string): ExchangeRecord[] {
  return readFileSync(`${dir}/records.jsonl`, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ExchangeRecord);
}

export interface HarnessOptions {
  readonly url: string;
  readonly repeat: number;
  readonly seed: string;
  /** Folder for the run's reports. */
  readonly reports: string;
  /** Flags for node itself (--cpu-prof). */
  readonly nodeFlags?: readonly string[];
  /** Exit 1 (findings) still gives figures: a real runtime need not conform for its rate. */
  readonly findingsAllowed?: boolean;
}

/** The figures, and the run's process id (the profiled run finds its own profiles by it). */
export async function harness(options: HarnessOptions): Promise<{ readonly pid: number; readonly result: HarnessResult }> {
  const { url, repeat, seed, reports } = options;
  const run = await runCli(['run', '--base-url', url, '--allow-mutations', '--echo', '--suites', 'positive', '--repeat', String(repeat), '--seed', seed, '--reports', reports], options.nodeFlags);
  if (run.code !== 0 && !(run.code === 1 && options.findingsAllowed)) failed('the harness run', run);
  const exchanges = readRecords(reports).filter((r) => r.response?.sentAt !== undefined && r.transport !== 'parity');
  const first = Math.min(...exchanges.map((r) => Date.parse(r.response!.sentAt!)));
  const last = Math.max(...exchanges.map((r) => Date.parse(r.response!.sentAt!) + r.response!.elapsedMs));
  const latencies = exchanges.map((r) => r.response!.elapsedMs).sort((a, b) => a - b);
  const result = {
    exchanges: exchanges.length,
    perSecond: exchanges.length / ((last - first) / 1000),
    wallPerSecond: exchanges.length / (run.wallMs / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    wallMs: run.wallMs,
    peakTreeBytes: run.memory.treeBytes,
    peakProcessBytes: run.memory.processBytes,
  };
  return { pid: run.pid, result };
}
