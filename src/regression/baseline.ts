/** Reads and validates a baseline file set (format.ts); every problem names the file and line. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { getOperation } from '../contract/index.js';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';
import { BASELINE_FORMAT_VERSION, CASES, MANIFEST, RESPONSES, type BaselineManifest, type BaselineCase } from './format.js';
import type { BaselineAnswer } from '../results/transport-outcome.js';

export interface Baseline {
  readonly dir: string;
  readonly manifest: BaselineManifest;
  /** In the order they were recorded. */
  readonly cases: readonly BaselineCase[];
  /** The answers of each case, by case id and transport. */
  readonly answers: ReadonlyMap<string, ReadonlyMap<TransportId, BaselineAnswer>>;
}

const HOW = 'record one with: tsiws-conform run --record DIR';

function read(dir: string, name: string): string {
  const path = join(dir, name);
  if (!existsSync(path)) throw new ConfigError(`--baseline: ${path} does not exist; ${HOW}`);
  return readFileSync(path, 'utf8');
}

function lines<T>(dir: string, name: string, valid: (v: any) => string | undefined): T[] {
  return read(dir, name).split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new ConfigError(`--baseline: ${join(dir, name)} line ${i + 1} is not JSON (${(err as Error).message}); the file is damaged, record the baseline again`);
    }
    const problem = value && typeof value === 'object' ? valid(value) : 'not an object';
    if (problem) throw new ConfigError(`--baseline: ${join(dir, name)} line ${i + 1}: ${problem}; the file is damaged, record the baseline again`);
    return [value as T];
  });
}

const OUTCOMES = ['result', 'rejected', 'unreadable', 'error', 'skipped'];

function validCase(c: any): string | undefined {
  if (typeof c.id !== 'string') return 'no case "id"';
  try {
    getOperation(c.operation);
  } catch {
    return `unknown operation ${JSON.stringify(c.operation)}`;
  }
  if (!['positive', 'negative', 'fuzz'].includes(c.kind)) return `unknown kind ${JSON.stringify(c.kind)}`;
  if (c.kind === 'negative' && typeof c.scenario !== 'string') return 'a negative case without "scenario"';
  if (!c.values || typeof c.values !== 'object' || Object.values(c.values).some((v) => typeof v !== 'string')) return '"values" must map names to strings';
  return undefined;
}

function validAnswer(a: any): string | undefined {
  if (typeof a.case !== 'string') return 'no "case"';
  if (!TRANSPORT_IDS.includes(a.transport)) return `unknown transport ${JSON.stringify(a.transport)}`;
  if (!OUTCOMES.includes(a.outcome)) return `unknown outcome ${JSON.stringify(a.outcome)}`;
  if (a.status !== null && typeof a.status !== 'number') return '"status" must be a number or null';
  return undefined;
}

export function readBaseline(dir: string): Baseline {
  let manifest: BaselineManifest;
  try {
    manifest = JSON.parse(read(dir, MANIFEST)) as BaselineManifest;
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`--baseline: ${join(dir, MANIFEST)} is not JSON (${(err as Error).message}); ${HOW}`);
  }
  if (manifest?.format !== 'tsiws-baseline') throw new ConfigError(`--baseline: ${join(dir, MANIFEST)} is not a tsiws-conform baseline manifest; ${HOW}`);
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion > BASELINE_FORMAT_VERSION) {
    throw new ConfigError(`--baseline: ${join(dir, MANIFEST)} has format version ${manifest.formatVersion}, this tool reads up to ${BASELINE_FORMAT_VERSION}; use a newer tsiws-conform or record the baseline again`);
  }
  if (typeof manifest.seed !== 'number' || typeof manifest.startedAt !== 'string' || typeof manifest.tool?.version !== 'string') {
    throw new ConfigError(`--baseline: ${join(dir, MANIFEST)} lacks its seed, start time or tool version; the file is damaged, record the baseline again`);
  }
  const cases = lines<BaselineCase>(dir, CASES, validCase);
  const known = new Set(cases.map((c) => c.id));
  const answers = new Map<string, Map<TransportId, BaselineAnswer>>();
  for (const a of lines<BaselineAnswer>(dir, RESPONSES, validAnswer)) {
    if (!known.has(a.case)) throw new ConfigError(`--baseline: ${join(dir, RESPONSES)} has an answer for case "${a.case}", which ${CASES} does not list; record the baseline again`);
    const byTransport = answers.get(a.case) ?? new Map<TransportId, BaselineAnswer>();
    byTransport.set(a.transport, a);
    answers.set(a.case, byTransport);
  }
  return { dir, manifest, cases, answers };
}
