/**
 * The stateful mutants scored on the stateful service's personalities (issue 49): each named
 * personality but the reference is started as a live target (run --base-url --allow-mutations, the
 * example signer where the mutant needs signing), clean and with every stateful mutant; a mutant is
 * caught there when every check meant to catch it fails more often than in that personality's
 * clean control (the catalog run asks for a check the control never fails: see judgePersonalities).
 * A mutant whose deviation cannot show under a personality (StatefulMutant.notApplicable) is listed
 * as n/a with the reason, never dropped. The reference personality is the ordinary catalog run.
 */
import { findPersonality, PERSONALITIES } from '../../src/server/stateful/personality.js';
import { STATEFUL_MUTANTS } from '../../src/server/stateful/mutants.js';
import { base, configure, statefulSettings, type PlanOptions, type Subject } from './plan.js';
import { runAll } from './harness.js';
import type { SubjectResult } from './run-subject.js';

/** Every named personality but the reference (which the catalog run scores). */
export const OTHER_PERSONALITIES: readonly string[] = PERSONALITIES.map((p) => p.name).filter((n) => n !== 'reference');

export interface PersonalityCell {
  readonly personality: string;
  readonly mutant: string;
  readonly verdict: 'caught' | 'caught*' | 'MISSED' | 'n/a';
  /** n/a: why; MISSED: the checks that did not fire, and any tool error. */
  readonly reason?: string;
  readonly fired: readonly string[];
}

export interface PersonalityControl {
  readonly personality: string;
  readonly name: string;
  readonly errors: Readonly<Record<string, number>>;
  readonly warnings: Readonly<Record<string, number>>;
  readonly toolErrors: readonly string[];
  readonly exchanges: number;
}

export interface PersonalityResult {
  readonly controls: readonly PersonalityControl[];
  readonly cells: readonly PersonalityCell[];
}

const controlName = (personality: string, reference: boolean) => `clean:stateful${reference ? ':reference' : ''}@${personality}`;

export function planPersonalities(personalities: readonly string[], options: PlanOptions): { subjects: Subject[]; notApplicable: PersonalityCell[] } {
  const settings = statefulSettings(base(options));
  const mutants = STATEFUL_MUTANTS.filter((m) => !options.only || options.only.includes(m.name));
  const subjects: Subject[] = [];
  const notApplicable: PersonalityCell[] = [];
  const union = { fuzz: true, auth: mutants.some((m) => m.needs?.auth) };
  for (const name of personalities) {
    const personality = findPersonality(name)!;
    const c = configure(settings, { needs: union, caughtBy: mutants.flatMap((m) => m.caughtBy) });
    subjects.push({ name: controlName(name, false), ...c, config: `${name}, ${c.config}`, personality: name });
    const referenced = mutants.filter((m) => m.needs?.reference);
    if (referenced.length > 0) {
      const r = configure(settings, { needs: { ...union, reference: true }, caughtBy: referenced.flatMap((m) => m.caughtBy) });
      subjects.push({ name: controlName(name, true), ...r, config: `${name}, ${r.config}`, personality: name });
    }
    for (const m of mutants) {
      const why = m.notApplicable?.(personality);
      if (why) {
        notApplicable.push({ personality: name, mutant: m.name, verdict: 'n/a', reason: why, fired: [] });
        continue;
      }
      const mc = configure(settings, m);
      subjects.push({ name: `${m.name}@${name}`, mutant: m.name, ...mc, config: `${name}, ${mc.config}`, personality: name });
    }
  }
  return { subjects, notApplicable };
}

/** How often each check failed in a run, errors and warnings together. */
function failures(r: SubjectResult): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, n] of [...Object.entries(r.fired), ...Object.entries(r.warned)]) out.set(id, (out.get(id) ?? 0) + n);
  return out;
}

/** The verdicts on finished runs of planPersonalities' subjects. */
export function judgePersonalities(subjects: readonly Subject[], results: ReadonlyMap<string, SubjectResult>, notApplicable: readonly PersonalityCell[]): PersonalityResult {
  const controls = subjects.filter((s) => !s.mutant).map((s): PersonalityControl => {
    const r = results.get(s.name)!;
    return { personality: s.personality!, name: s.name, errors: r.fired, warnings: r.warned, toolErrors: r.toolErrors, exchanges: r.exchanges };
  });
  const cells = subjects.filter((s) => s.mutant).map((s): PersonalityCell => {
    const m = STATEFUL_MUTANTS.find((x) => x.name === s.mutant)!;
    const r = results.get(s.name)!;
    // Beyond the control: more often than there. On a personality the clean control may already fail
    // a check (the tool has not learned that vendor yet), and a check that fires there would
    // otherwise never credit a mutant; the runs are seeded, so the same requests go to both.
    const before = failures(results.get(controlName(s.personality!, s.reference === true))!);
    const fired = [...failures(r)].filter(([id, n]) => n > (before.get(id) ?? 0)).map(([id]) => id).sort();
    const missing = m.caughtBy.filter((id) => !fired.includes(id));
    const caught = missing.length === 0 && r.toolErrors.length === 0;
    const byWarnings = fired.every((id) => !(id in r.fired));
    const reason = [...(missing.length > 0 ? [`did not fire: ${missing.join(', ')}`] : []), ...r.toolErrors.map((e) => `tool error: ${e}`)].join('; ');
    return { personality: s.personality!, mutant: m.name, verdict: caught ? (byWarnings ? 'caught*' : 'caught') : 'MISSED', ...(reason ? { reason } : {}), fired };
  });
  return { controls, cells: [...cells, ...notApplicable] };
}

export async function runPersonalities(personalities: readonly string[], options: PlanOptions & { readonly parallel: number; readonly onResult?: (r: SubjectResult) => void }): Promise<PersonalityResult> {
  const { subjects, notApplicable } = planPersonalities(personalities, options);
  const results = await runAll(subjects, options.parallel, options.onResult ?? (() => {}));
  return judgePersonalities(subjects, results, notApplicable);
}

/** Whether every mutant that applies was caught on every personality, and every control completed. */
export const personalitiesOk = (r: PersonalityResult) => r.cells.every((c) => c.verdict !== 'MISSED') && r.controls.every((c) => c.toolErrors.length === 0);

const total = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((n, k) => n + k, 0);

/** One row per stateful mutant, one column per personality; then the clean controls and the misses. */
export function formatPersonalityTable(result: PersonalityResult, personalities: readonly string[]): string {
  const mutants = [...new Set(result.cells.map((c) => c.mutant))].sort((a, b) => STATEFUL_MUTANTS.findIndex((m) => m.name === a) - STATEFUL_MUTANTS.findIndex((m) => m.name === b));
  const width = Math.max(6, ...mutants.map((m) => m.length)) + 2;
  const col = Math.max(9, ...personalities.map((p) => p.length)) + 2;
  const lines = ['Stateful mutants on the personalities (caught* = by warnings only; n/a = cannot show there):', `${'mutant'.padEnd(width)}${personalities.map((p) => p.padEnd(col)).join('')}`];
  for (const m of mutants) lines.push(`${m.padEnd(width)}${personalities.map((p) => (result.cells.find((c) => c.mutant === m && c.personality === p)?.verdict ?? '-').padEnd(col)).join('')}`);
  lines.push('', 'Clean controls (the personality with no mutant; what fires here is not credited to a mutant):');
  for (const c of result.controls) {
    const list = (counts: Readonly<Record<string, number>>) => Object.entries(counts).map(([id, n]) => `${id} ${n}`).join(', ') || 'none';
    lines.push(`  ${c.name}: ${total(c.errors)} errors (${list(c.errors)}), ${total(c.warnings)} warnings (${list(c.warnings)}), ${c.exchanges} records${c.toolErrors.map((e) => `  [tool error: ${e}]`).join('')}`);
  }
  const notes = result.cells.filter((c) => c.verdict === 'MISSED' || c.verdict === 'n/a');
  if (notes.length > 0) lines.push('', 'Missed and not applicable:', ...notes.map((c) => `  ${c.mutant} on ${c.personality}: ${c.verdict}, ${c.reason ?? ''}`));
  const applicable = result.cells.filter((c) => c.verdict !== 'n/a');
  lines.push('', `Personality score: ${applicable.filter((c) => c.verdict !== 'MISSED').length}/${applicable.length} caught over ${personalities.length} personalities (${result.cells.length - applicable.length} n/a).`);
  return lines.join('\n');
}
