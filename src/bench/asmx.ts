/**
 * The bench against a real ASMX runtime: the Mono host of `npm run test:asmx` (scripts/asmx/),
 * autocannon replaying the same prebuilt valid requests, then the harness's positive suite, and
 * their ratio, and node-soap's calls on the same host (node-soap.ts) beside the harness; then the
 * same with Mono and the bench on cores of their own (onOwnCores). Mono not installed is a skip
 * with its reason, printed and kept in bench.json.
 */
import { spawnSync } from 'node:child_process';
import { bracketed, type Bracketed, type BracketedOptions } from './bracketed.js';
import { cpuLine } from './cpu.js';
import { splitCores } from './affinity.js';
import { availableParallelism } from 'node:os';
import { DIALECTS, nodeSoap, nodeSoapLine, type NodeSoapFigures } from './node-soap.js';
import { harness, WARM_UP_MS } from './harness.js';
import type { ExampleCall } from './requests.js';

/** Mono's figures on the machine's shared cores (as the reference server's: bracketed.ts), and
 * again with Mono and the bench on cores of their own (affinity.ts); or why they were not measured. */
export type AsmxFigures = (Bracketed & { readonly nodeSoap: NodeSoapFigures; readonly ownCores: OwnCoresFigures }) | { readonly skipped: string };

export type OwnCoresFigures = (Bracketed & { readonly nodeSoap: NodeSoapFigures; readonly targetCores: number; readonly clientCores: number }) | { readonly skipped: string };

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

/** Why autocannon's latency against Mono is not what it seems (its rate is): Mono's HttpListener
 * closes a connection after 100 requests (`Keep-Alive: timeout=15,max=100`), autocannon reconnects
 * but keeps the request it had written to the closing connection in its queue, and from then on
 * pairs each answer with an earlier request (autocannon 9.0.0, lib/httpClient.js). Seen through a
 * counting proxy, 2026-11-25: one request in flight on each connection at every write, 1,663 a
 * second on one connection, 49 connections closed by Mono in 3 s, and a mean latency of 13 ms. */
const RAW_LATENCY_CAVEAT = "(autocannon's latency, not its rate, is skewed by Mono closing each connection after 100 requests)";

/** As for the reference server, and the calls node-soap makes (node-soap.ts); the lines printed
 * are Mono's own. */
export type AsmxBenchOptions = Omit<BracketedOptions, 'print' | 'who' | 'findingsAllowed'> & { readonly examples: readonly ExampleCall[] };

/**
 * The harness and node-soap on the host as a user would compare them (issue 61): the harness's
 * positive suite over the two SOAP transports node-soap speaks, with --workers 1 so that its 4 in
 * flight are all there are (lanes would multiply them), sized to send for the bench's window plus
 * the warm-up at the rate just measured; then node-soap the same calls, as many in flight, for as
 * long as the harness sent. The bracketed harness rate (four transports, lanes) is not compared:
 * half its exchanges are GET and POST, which node-soap does not make.
 */
async function nodeSoapOn(host: AsmxHost, options: AsmxBenchOptions, measured: Bracketed, who: string): Promise<NodeSoapFigures> {
  const { concurrency, seconds, examples } = options;
  const perRepeat = examples.length * DIALECTS.length;
  const repeat = Math.max(1, Math.ceil((measured.harness.perSecond * (seconds + WARM_UP_MS / 1000)) / perRepeat));
  const { result: h } = await harness({ url: host.baseUrl, repeat, seed: options.seed, reports: `${options.reports}-soap`, targetPid: host.pid, findingsAllowed: true, runFlags: ['--transports', DIALECTS.map((d) => d.transport).join(','), '--workers', '1', '--concurrency', String(concurrency)] });
  const window = h.sendingMs / 1000;
  const figures = await nodeSoap({ baseUrl: host.baseUrl, targetPid: host.pid, examples, concurrency, seconds: window, harness: { perSecond: h.perSecond, windowPerSecond: h.windowPerSecond, wallPerSecond: h.wallPerSecond, exchanges: h.exchanges } });
  console.log(nodeSoapLine(who, concurrency, window, figures));
  return figures;
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
    const shared = await bracketed({ url: host.baseUrl, pid: host.pid, oneThread: false, placement: { kind: 'shared', cores: availableParallelism() } }, {
      ...options, findingsAllowed: true,
      who: 'asmx ', print: {
        raw: (r) => `asmx raw (Mono System.Web.Services, autocannon, ${requests.length} prebuilt valid requests, ${concurrency} connections, ${seconds} s): ${r.perSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms ${RAW_LATENCY_CAVEAT}, ${r.errors} errors, ${r.non2xx} non-2xx`,
        harness: (h, repeat) => `asmx harness (positive suite x${repeat}): ${h.exchanges} exchanges, ${h.perSecond.toFixed(0)} checked exchanges/s sustained after the warm-up, p50 ${h.p50Ms} ms, p99 ${h.p99Ms} ms`,
        rawAgain: (r, mean) => `asmx raw again after the harness: ${r.perSecond.toFixed(0)} req/s (mean of both ${mean.toFixed(0)})`,
      },
    });
    console.log(`asmx ratio harness/raw: ${(shared.ratio * 100).toFixed(0)}% (target at least 80%)`);
    if (shared.cpuPerRequest) console.log(cpuLine('asmx ', shared.cpuPerRequest));
    const nodeSoapFigures = await nodeSoapOn(host, options, shared, 'asmx ');
    return { ...shared, nodeSoap: nodeSoapFigures, ownCores: await onOwnCores(host, options) };
  } finally {
    await host.stop();
  }
}

/** The same measurement with Mono on a core of its own and the bench (autocannon, the harness's
 * processes) on the others: whether the harness keeps up with Mono when they do not share a core,
 * as with a target on a host of its own. Mono on one core served about as many requests a second
 * as on two shared ones (1,471 to 1,770 against 1,625 to 2,018, bench runs of 2026-11-24). */
async function onOwnCores(host: AsmxHost, options: AsmxBenchOptions): Promise<OwnCoresFigures> {
  const split = splitCores(host.pid);
  if ('skipped' in split) {
    console.log(`asmx on cores of their own: skipped: ${split.skipped}`);
    return split;
  }
  const where = `Mono on ${split.targetCores} core, the bench on ${split.clientCores}`;
  try {
    const measured = await bracketed({ url: host.baseUrl, pid: host.pid, oneThread: false, placement: { kind: 'split', targetCores: split.targetCores, clientCores: split.clientCores } }, {
      ...options, reports: `${options.reports}-own-cores`, findingsAllowed: true,
      who: 'asmx on cores of their own: ', print: {
        raw: (r) => `asmx raw, ${where} (taskset): ${r.perSecond.toFixed(0)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms ${RAW_LATENCY_CAVEAT}, ${r.errors} errors, ${r.non2xx} non-2xx`,
        harness: (h, repeat) => `asmx harness, ${where} (positive suite x${repeat}): ${h.perSecond.toFixed(0)} checked exchanges/s sustained after the warm-up, p50 ${h.p50Ms} ms, p99 ${h.p99Ms} ms`,
        rawAgain: (r, mean) => `asmx raw again, ${where}: ${r.perSecond.toFixed(0)} req/s (mean of both ${mean.toFixed(0)})`,
      },
    });
    console.log(`asmx ratio harness/raw on cores of their own: ${(measured.ratio * 100).toFixed(0)}% (the 80% target, read as "the harness is not the bottleneck")`);
    if (measured.cpuPerRequest) console.log(cpuLine('asmx on cores of their own: ', measured.cpuPerRequest));
    const nodeSoapFigures = await nodeSoapOn(host, options, measured, `asmx, ${where}: `);
    return { ...measured, nodeSoap: nodeSoapFigures, targetCores: split.targetCores, clientCores: split.clientCores };
  } finally {
    split.restore();
  }
}
