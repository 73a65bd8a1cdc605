/**
 * The bench against a real ASMX runtime: the Mono host of `npm run test:asmx` (scripts/asmx/),
 * autocannon replaying the same prebuilt valid requests, then the harness's positive suite, and
 * their ratio. Mono not installed is a skip with its reason, printed and kept in bench.json.
 */
import { spawnSync } from 'node:child_process';
import type { HttpRequest } from '../transports/index.js';
import { bracketingRate, raw, type RawResult } from './autocannon.js';
import { harness, type HarnessResult } from './harness.js';
import { cpuDuring, cpuLine, cpuPerRequest, type CpuPerRequest } from './cpu.js';
import { availableParallelism } from 'node:os';

export type AsmxFigures =
  | { readonly raw: RawResult; readonly rawAfter: RawResult; readonly harness: HarnessResult; readonly ratio: number; readonly cpuPerRequest: CpuPerRequest | null }
  | { readonly skipped: string };

interface AsmxHost { readonly baseUrl: string; readonly pid: number; stop(): Promise<void> }

// scripts/ is not part of the package (nor of its compiled dist/): the host is imported from the
// checkout by a computed URL, which `npm run bench` (tsx) resolves and the package build ignores.
const HOST_MODULE = new URL('../../scripts/asmx/host.ts', import.meta.url).href;

function missingTool(): string | undefined {
  for (const tool of ['mono', 'mcs']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error) return `${tool} is not installed (install Mono with: apt-get install -y --no-install-recommends mono-devel, or npm run pretest:asmx)`;
  }
  return undefined;
}

export interface AsmxBenchOptions {
  readonly requests: readonly HttpRequest[];
  readonly concurrency: number;
  readonly seconds: number;
  readonly repeat: number;
  readonly seed: string;
  readonly reports: string;
}

export async function asmxFigures(options: AsmxBenchOptions): Promise<AsmxFigures> {
  const missing = missingTool();
  if (missing) {
    console.log(`asmx: skipped: ${missing}`);
    return { skipped: missing };
  }
  const { startAsmxHost } = (await import(HOST_MODULE)) as { startAsmxHost(): Promise<AsmxHost> };
  const host = await startAsmxHost();
  try {
    const { requests, concurrency, seconds } = options;
    await raw(host.baseUrl, requests, concurrency, 2); // warm-up: Mono's JIT compiles the service's paths
    const rawRun = await cpuDuring(host.pid, () => raw(host.baseUrl, requests, concurrency, seconds));
    const rawResult = rawRun.result;
    console.log(`asmx raw (Mono System.Web.Services, autocannon, ${requests.length} prebuilt valid requests, ${concurrency} connections, ${seconds} s): ${rawResult.perSecond.toFixed(0)} req/s, p50 ${rawResult.p50Ms} ms, p99 ${rawResult.p99Ms} ms, ${rawResult.errors} errors, ${rawResult.non2xx} non-2xx`);
    const { result: harnessResult } = await harness({ url: host.baseUrl, repeat: options.repeat, seed: options.seed, reports: options.reports, findingsAllowed: true, targetPid: host.pid });
    // Mono serves on a pool of threads: only the bound of the cores applies to it.
    const cpu = rawRun.cpu && harnessResult.steadyCpu ? cpuPerRequest(rawRun.cpu, rawResult.requests, harnessResult.steadyCpu, availableParallelism(), false) : null;
    console.log(`asmx harness (positive suite x${options.repeat}): ${harnessResult.exchanges} exchanges, ${harnessResult.perSecond.toFixed(0)} checked exchanges/s sustained after the warm-up, p50 ${harnessResult.p50Ms} ms, p99 ${harnessResult.p99Ms} ms`);
    const rawAfter = await raw(host.baseUrl, requests, concurrency, seconds);
    const rate = bracketingRate(rawResult, rawAfter);
    const ratio = Number((harnessResult.perSecond / rate).toFixed(3));
    console.log(`asmx raw again after the harness: ${rawAfter.perSecond.toFixed(0)} req/s (mean of both ${rate.toFixed(0)})`);
    console.log(`asmx ratio harness/raw: ${(ratio * 100).toFixed(0)}% (target at least 80%)`);
    if (cpu) console.log(cpuLine('asmx ', cpu));
    return { raw: rawResult, rawAfter, harness: harnessResult, ratio, cpuPerRequest: cpu };
  } finally {
    await host.stop();
  }
}
