/**
 * What `npm run mutants` runs: the clean server with the default configuration, the clean server
 * under each configuration the mutants need (so that a finding there cannot be credited to a
 * mutant), and every mutant under the cheapest configuration that still shows its deviation. A
 * mutant that needs a baseline is run as a regression run (record against the clean server, replay
 * against the mutant), and its clean control is the clean server replaying its own recording.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULTS, DEFAULT_RUNS, type RunSettings } from '../../src/config/settings.js';
import { ALL_MUTANTS, type CatalogMutant } from './catalog.js';
import { ALL_CHECKS } from '../../src/checks/registry.js';
import type { ProfileId } from '../../src/profiles/types.js';
import type { ResultFormat } from '../../src/results/result-format.js';

/** A fixed seed makes the mutation score reproducible; --seed changes it. */
export const DEFAULT_SEED = 20240517;
export const AUTH_SECRET = 'mutation-testing-secret';
export const EXAMPLE_SIGNER = fileURLToPath(new URL('../../examples/signer.mjs', import.meta.url));
/** Fuzz runs for mutants whose deviation does not depend on the fuzzed values. */
export const CHEAP_RUNS = 1;

/** One conformance run: the clean server or a mutant, with its settings. */
export interface Subject {
  /** 'clean' or 'clean:<config>' for the clean server, else the mutant's name. */
  readonly name: string;
  readonly mutant?: string;
  readonly settings: RunSettings;
  /** How the configuration differs from the default, in words (for the table). */
  readonly config: string;
  /** A regression run: a baseline recorded against the clean server with these settings is
   * replayed against the subject (run-subject.ts); only the replay's checks count. */
  readonly replay?: boolean;
  /** A payload mutant's run (and its clean control): the replay also gives --result-schemas, the
   * schemas `shapes infer` learns from the baseline recorded against the clean server, whose
   * results are in this format. */
  readonly payload?: ResultFormat;
  /** Every case also goes to a clean stateful server started for the run, as --reference-url
   * (run-subject.ts), and the run's verdicts against it count. */
  readonly reference?: boolean;
  /** A personality of the stateful service (src/server/stateful/personality.ts): the subject's
   * server is started with it by run-subject.ts and run as a live target (--base-url,
   * --allow-mutations), as a vendor's service would be; so is its reference. */
  readonly personality?: string;
}

/** A mutant that changes only the shape of the result text (src/server/mutants, `payload-*`):
 * caught by result-schema (schemas inferred from the clean server) and by shape drift in a
 * regression run. Names ending in -xml deviate from the clean server's XML result format. */
export function payloadFormatOf(name: string): ResultFormat | undefined {
  if (!name.startsWith('payload-')) return undefined;
  return name.endsWith('-xml') ? 'xml' : 'json';
}

/** Settings under which the embedded server answers in `format`: XML results are the run setting
 * resultFormat (serve --result-format xml, issue 21), JSON results the default. */
export function withResultFormat(settings: RunSettings, format: ResultFormat): RunSettings {
  return { ...settings, resultFormat: format };
}

export interface PlanOptions {
  readonly seed?: number;
  /** Only these mutants (default: all). */
  readonly only?: readonly string[];
  /** Restrict every run to these operations (the quick subset in npm test). */
  readonly operations?: readonly string[];
  /** The mutants to plan from (default: both catalogs, scripts/mutation/catalog.ts). */
  readonly catalog?: readonly CatalogMutant[];
}

export function base(options: PlanOptions): RunSettings {
  return { ...DEFAULTS, seed: options.seed ?? DEFAULT_SEED, ...(options.operations ? { operations: options.operations } : {}) };
}

const WARNING_CHECKS = new Set(ALL_CHECKS.filter((c) => c.level === 'warning').map((c) => c.id));

export function configure(settings: RunSettings, m: { needs?: CatalogMutant['needs']; caughtBy?: CatalogMutant['caughtBy']; resultFormat?: CatalogMutant['resultFormat']; payload?: ResultFormat }): { settings: RunSettings; config: string; replay?: true; payload?: ResultFormat } {
  // A payload mutant is caught in a regression run that also validates against inferred schemas.
  const needs = m.payload ? { ...m.needs, baseline: true } : (m.needs ?? {});
  const words: string[] = [];
  let s: RunSettings = { ...settings, runs: needs.fuzz ? settings.runs : CHEAP_RUNS };
  words.push(needs.fuzz ? `runs ${s.runs}` : `runs ${CHEAP_RUNS}`);
  if (needs.auth) {
    s = { ...s, authSecret: AUTH_SECRET, signer: EXAMPLE_SIGNER };
    words.push('auth');
  }
  if (needs.slaMs !== undefined) {
    s = { ...s, slaMs: needs.slaMs };
    words.push(`sla ${needs.slaMs} ms`);
  }
  if (needs.wsi) {
    s = { ...s, wsi: needs.wsi };
    words.push(`wsi ${needs.wsi}`);
  }
  if (needs.profile) {
    s = { ...s, profile: needs.profile };
    words.push(`profile ${needs.profile}`);
  }
  // A mutant that answers in its own result format is run (and its baseline recorded) in that format.
  if (!m.payload && m.resultFormat && m.resultFormat !== settings.resultFormat) {
    s = { ...s, resultFormat: m.resultFormat };
    words.push(`${m.resultFormat} results`);
  }
  if (needs.baseline) words.push('baseline replay');
  // The reference is a live system as far as the run knows: mutations reach it only when allowed.
  if (needs.reference) {
    s = { ...s, allowMutations: true };
    words.push('against a clean reference');
  }
  if (m.payload) {
    s = withResultFormat(s, m.payload);
    words.push(`${m.payload} results, schemas inferred`);
  }
  // A deviation the catalog grades as a warning fails a run only under --fail-on warning; such a
  // mutant runs that way, so that its fuzzed samples count warnings as failures too.
  if (m.caughtBy?.some((id) => WARNING_CHECKS.has(id))) {
    s = { ...s, failOn: 'warning' };
    words.push('fail-on warning');
  }
  return { settings: s, config: words.join(', '), ...(needs.baseline ? { replay: true as const } : {}), ...(m.payload ? { payload: m.payload } : {}), ...(needs.reference ? { reference: true as const } : {}) };
}

export function mutantsFor(options: PlanOptions): readonly CatalogMutant[] {
  const catalog = options.catalog ?? ALL_MUTANTS;
  if (!options.only) return catalog;
  const unknown = options.only.filter((n) => !catalog.some((m) => m.name === n));
  if (unknown.length > 0) throw new Error(`--only: unknown mutant ${unknown.join(', ')}; see tsiws-conform serve --list-mutants and serve --stateful --list-mutants`);
  return catalog.filter((m) => options.only!.includes(m.name));
}

/** The clean control of a profile: the default run count, plus every auth and SLA setting any
 * mutant uses; for the mutants run as regression runs (`replay`), a replay of the same kind. */
export function baselineName(profile: ProfileId, replay = false, payload?: ResultFormat, stateful = false, reference = false): string {
  if (stateful) return reference ? 'clean:stateful:reference' : 'clean:stateful';
  const name = profile === 'asmx' ? 'clean:mutant-config' : `clean:${profile}`;
  return `${replay || payload ? `${name}:replay` : name}${payload ? `:${payload}-schemas` : ''}`;
}

/** The stateful implementation as the embedded server (run --stateful): it keeps state, so the run
 * goes in phases and learns from it (src/engine/learn/phases.ts, discover.ts). */
export const statefulSettings = (settings: RunSettings): RunSettings => ({ ...settings, stateful: true });

export function plan(options: PlanOptions = {}): Subject[] {
  const mutants = mutantsFor(options);
  const settings = base(options);
  const subjects: Subject[] = [{ name: 'clean', settings, config: 'default configuration' }];
  // One clean run per profile and kind of run (conformance or replay) the mutants use, with the
  // union of their needs and full fuzz runs.
  const kindOf = (m: CatalogMutant) => `${m.needs?.profile ?? 'asmx'} ${m.needs?.baseline || payloadFormatOf(m.name) ? 'replay' : 'run'} ${payloadFormatOf(m.name) ?? ''}`;
  const echo = mutants.filter((m) => !m.stateful);
  for (const kind of [...new Set(echo.map(kindOf))]) {
    const users = echo.filter((m) => kindOf(m) === kind);
    const profile = users[0]!.needs?.profile ?? 'asmx';
    const payload = payloadFormatOf(users[0]!.name);
    const replay = users[0]!.needs?.baseline === true || payload !== undefined;
    const slaMs = users.map((m) => m.needs?.slaMs).filter((v): v is number => v !== undefined);
    const union = {
      fuzz: true,
      auth: users.some((m) => m.needs?.auth),
      ...(slaMs.length > 0 ? { slaMs: Math.min(...slaMs) } : {}),
      ...(profile !== 'asmx' ? { profile } : {}),
      ...(replay ? { baseline: true } : {}),
    };
    const c = configure(settings, { needs: union, ...(payload ? { payload } : {}) });
    // The default run already is the asmx baseline when no mutant needs more than it.
    if (profile === 'asmx' && !replay && !union.auth && slaMs.length === 0) continue;
    subjects.push({ name: baselineName(profile, replay, payload), ...c });
  }
  // The stateful implementation's mutants have one clean control: the stateful service with the
  // union of their needs, every fuzz run, and warnings counted (state-consistency is a warning).
  const stateful = mutants.filter((m) => m.stateful);
  if (stateful.length > 0) {
    const union = { fuzz: true, auth: stateful.some((m) => m.needs?.auth) };
    const c = configure(statefulSettings(settings), { needs: union, caughtBy: stateful.flatMap((m) => m.caughtBy) });
    subjects.push({ name: baselineName('asmx', false, undefined, true), ...c, config: `stateful, ${c.config}` });
    // And, for those run against a reference, the clean service against a clean reference.
    const referenced = stateful.filter((m) => m.needs?.reference);
    if (referenced.length > 0) {
      const r = configure(statefulSettings(settings), { needs: { ...union, auth: referenced.some((m) => m.needs?.auth), reference: true }, caughtBy: referenced.flatMap((m) => m.caughtBy) });
      subjects.push({ name: baselineName('asmx', false, undefined, true, true), ...r, config: `stateful, ${r.config}` });
    }
  }
  for (const m of mutants) {
    const payload = payloadFormatOf(m.name);
    if (m.stateful) {
      const c = configure(statefulSettings(settings), m);
      subjects.push({ name: m.name, mutant: m.name, ...c, config: `stateful, ${c.config}` });
    } else subjects.push({ name: m.name, mutant: m.name, ...configure(settings, { ...m, ...(payload ? { payload } : {}) }) });
  }
  return subjects;
}

export { DEFAULT_RUNS };
