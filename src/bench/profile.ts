/**
 * Where a run's CPU time goes, by stage, from V8 CPU profiles (`node --cpu-prof`; vitest passes the
 * flag on to its forked workers, so one profiled run gives a `.cpuprofile` per process).
 *
 * Each sample's self time goes to one stage, found by walking its stack from the leaf towards the
 * root: the first frame in one of our own files decides (src/http → send, src/checks → checks...),
 * so a native call (libxml2's parse, a socket write) counts for the code of ours that made it.
 * Shared helpers (src/xml/, the charset decoding) defer to their caller. A stack with no frame of
 * ours is classed by the innermost frame whose package names a stage (undici → send, vitest → runner and messages,
 * module loading → loading). Idle time is left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stages, in the order of a request's life; `other` is whatever no rule names. */
export const STAGES = ['encode', 'send', 'parse', 'xsd', 'checks', 'engine', 'records', 'transfer', 'reporting', 'loading', 'gc', 'other'] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_MEANING: Readonly<Record<Stage, string>> = {
  encode: 'building requests: cases, transports, XML builder, signing',
  send: 'undici, sockets and streams (src/http)',
  parse: 'XML parse of the answer and its plain tree (src/decode)',
  xsd: 'XSD validation (xsd-valid, schema building)',
  checks: 'every other check, parity, profiles',
  engine: 'the engine and suites: planning, running cases, outcomes',
  records: 'building exchange records (src/results: redaction, curl, clipping)',
  transfer: 'vitest runner and worker-to-main messages (collector, serialisation)',
  reporting: 'formatting and writing reports (src/report)',
  loading: 'module loading and compiling (tsx, vite-node, esbuild)',
  gc: 'garbage collection',
  other: 'anything else (native code with no frame of ours, node internals)',
};

interface Frame { readonly functionName: string; readonly url: string }
interface ProfileNode { readonly id: number; readonly callFrame: Frame; readonly children?: readonly number[] }
interface CpuProfile { readonly nodes: readonly ProfileNode[]; readonly samples: readonly number[]; readonly timeDeltas: readonly number[] }

// decode/xml.ts holds both the parse and the validation: its validation functions count as xsd.
const XSD_FUNCTIONS = /^(validate|validateElement|validateText|compileSchema|serialise|toOrdered|schemaFor)$/;

/** A compiled source (the package's dist/, a checkout's .build/<key>/, bin/checkout-build.js)
 * counts as the source it was compiled from; any key, so the key's form is checkout-build.js's alone. */
const sourcePath = (path: string) => path.replace(/\/(?:dist|\.build\/[^/]+)\/(.*)\.js$/, '/src/$1.ts');

/** The stage of a frame of our own (a file under src/ or suites/, or compiled from src/), or
 * undefined for a frame that defers to its caller, or that is not ours. */
function ownStage(url: string, fn: string): Stage | 'defer' | undefined {
  const path = sourcePath(url);
  const m = /\/(src|suites)\/(.*)$/.exec(path);
  if (!m || path.includes('/node_modules/')) return undefined;
  const file = `${m[1]}/${m[2]}`;
  if (file.startsWith('src/xml/') || file === 'src/decode/response.ts' && fn === 'bodyText') return 'defer';
  if (file === 'src/decode/xml.ts') return XSD_FUNCTIONS.test(fn) ? 'xsd' : 'parse';
  if (file.startsWith('src/decode/')) return 'parse';
  if (file === 'src/checks/xsd-valid.ts' || file.startsWith('src/wsdl/')) return 'xsd';
  if (file.startsWith('src/http/')) return 'send';
  if (/^src\/(transports|cases|contract|signing)\//.test(file) || file === 'src/engine/send/auth.ts') return 'encode';
  if (/^src\/(checks|parity|profiles|asmx)\//.test(file)) return 'checks';
  if (file === 'src/engine/run/collector.ts' || file === 'src/engine/run/vitest-context.ts') return 'transfer';
  if (file.startsWith('src/results/')) return 'records';
  if (file.startsWith('src/report/')) return 'reporting';
  if (file.startsWith('src/engine/') || file.startsWith('suites/')) return 'engine';
  return 'other';
}

/** The stage a frame not of ours names, if any (a stack with no frame of ours goes by the
 * innermost frame that names one). */
function libraryStage(frame: Frame): Stage | undefined {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'gc';
  if (/node_modules\/undici\/|^node:(net|internal\/(stream|net|http))/.test(url)) return 'send';
  if (/node_modules\/(vitest|@vitest|tinypool|birpc|tinyrainbow|chai|loupe)\/|^node:internal\/child_process|^node:v8$/.test(url)) return 'transfer';
  if (/node_modules\/(tsx|vite|vite-node|esbuild|rollup)\/|^node:internal\/(modules|deps|source_map|bootstrap|fs\/promises)|^node:vm$/.test(url)) return 'loading';
  if (/node_modules\/(xmlbuilder|diff)\//.test(url)) return 'reporting';
  if (/node_modules\/libxmljs2\//.test(url)) return 'parse';
  if (/node_modules\/(fast-xml-parser|fast-xml-builder|fast-check)\//.test(url)) return 'encode';
  return undefined;
}

const IDLE = new Set(['(idle)']);

/** CPU milliseconds by stage in one profile. */
export function stagesOf(profile: CpuProfile): Record<Stage, number> {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const stageOfNode = new Map<number, Stage | null>();
  const classify = (id: number): Stage | null => {
    const known = stageOfNode.get(id);
    if (known !== undefined) return known;
    const leaf = byId.get(id)!.callFrame;
    let stage: Stage | null = null;
    if (!IDLE.has(leaf.functionName)) {
      let library: Stage | undefined;
      for (let at: number | undefined = id; at !== undefined && stage === null; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        const own = ownStage(frame.url, frame.functionName);
        if (own !== undefined && own !== 'defer') stage = own;
        else if (own === undefined && library === undefined) library = libraryStage(frame);
      }
      stage ??= library ?? 'other';
    }
    stageOfNode.set(id, stage);
    return stage;
  };
  const out = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  profile.samples.forEach((id, i) => {
    const stage = classify(id);
    // A sample's time is the interval up to the next one (as Chrome's DevTools counts it).
    if (stage !== null) out[stage] += (profile.timeDeltas[i + 1] ?? 0) / 1000;
  });
  return out;
}

export interface StageSplit {
  /** CPU ms by stage in the run's own process, every thread of it (the CLI: collector, reports, tsx's loader thread). */
  readonly main: Record<Stage, number>;
  /** CPU ms by stage in every other process and thread (vitest's workers). */
  readonly workers: Record<Stage, number>;
  readonly profiles: number;
}

/** Adds up the profiles in `dir`, split between the process `mainPid` and all others. Profile
 * files are named CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile. */
export function stageSplit(dir: string, mainPid: number): StageSplit {
  const main = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  const workers = { ...main };
  let profiles = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const [, pid, thread] = /^CPU\.\d+\.\d+\.(\d+)\.(\d+)\./.exec(name) ?? [];
    const into = Number(pid) === mainPid ? main : workers;
    const stages = stagesOf(JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile);
    for (const s of STAGES) into[s] += stages[s];
    profiles++;
  }
  return { main, workers, profiles };
}

/** CPU ms per checked exchange, by stage, in the workers and in the main process. */
export interface CpuPerExchange {
  readonly exchanges: number;
  readonly profiles: number;
  readonly workers: Record<Stage, number>;
  readonly main: Record<Stage, number>;
  readonly totals: { readonly workers: number; readonly main: number };
}

const ms = (n: number) => Number(n.toFixed(3));

export function perExchange(split: StageSplit, exchanges: number): CpuPerExchange {
  const per = (stages: Record<Stage, number>) => Object.fromEntries(STAGES.map((s) => [s, ms(stages[s] / exchanges)])) as Record<Stage, number>;
  const sum = (stages: Record<Stage, number>) => ms(STAGES.reduce((t, s) => t + stages[s], 0) / exchanges);
  return { exchanges, profiles: split.profiles, workers: per(split.workers), main: per(split.main), totals: { workers: sum(split.workers), main: sum(split.main) } };
}

/** The per-stage table as printed (and quoted in docs/performance.md). */
export function cpuTable(cpu: CpuPerExchange): string {
  const cell = (n: number) => n.toFixed(3).padStart(8);
  const lines = [`CPU ms per checked exchange (profiled run: ${cpu.exchanges} exchanges, ${cpu.profiles} profiles; module loading and start-up included)`, `stage       workers    main  what`];
  for (const s of STAGES) lines.push(`${s.padEnd(10)}${cell(cpu.workers[s])}${cell(cpu.main[s])}  ${STAGE_MEANING[s]}`);
  lines.push(`${'total'.padEnd(10)}${cell(cpu.totals.workers)}${cell(cpu.totals.main)}`);
  return lines.join('\n');
}
