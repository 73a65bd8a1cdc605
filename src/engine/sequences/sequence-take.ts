/**
 * The learned record a sequence takes where no operation makes one (a rep assignment), or changes
 * without making it (an account, a task): one a transport and repetition, never another's, so that
 * sequences side by side never touch each other's records (issue 37).
 */
import type { LearnedRecord } from '../../state/learn.js';

type Fields = Readonly<Record<string, string>>;

export interface Taken {
  readonly record: LearnedRecord;
  /** With `sibling`: another record of the same group, which the sequence must leave alone. */
  readonly sibling?: LearnedRecord;
}

const keyOf = (r: LearnedRecord, names: readonly string[]) => JSON.stringify(names.map((k) => r.fields[k]));
const covered = (r: LearnedRecord, params: readonly string[]) => params.filter((p) => r.fields[p] !== undefined).length;

/**
 * The `slot`-th record from the last that carries every one of `ids`, one per distinct tuple of
 * them: of the records with the same ids, the one with most of `params` (the account as its search
 * shows it, not a task that names it). With `sibling`, records are grouped by every id but the first
 * (an assignment's service order), a group per slot, groups of two or more taken first (their
 * second record is the sibling), so no two slots share a group.
 */
export function takeRecord(records: readonly LearnedRecord[], ids: readonly string[], params: readonly string[], slot: number, sibling: boolean): Taken | undefined {
  const best = new Map<string, LearnedRecord>();
  for (const r of records) {
    if (ids.some((k) => r.fields[k] === undefined)) continue;
    const key = keyOf(r, ids);
    const held = best.get(key);
    if (!held || covered(r, params) > covered(held, params)) best.set(key, r);
  }
  const groups = new Map<string, LearnedRecord[]>();
  for (const r of best.values()) {
    const key = sibling ? keyOf(r, ids.slice(1)) : keyOf(r, ids);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const all = [...groups.values()];
  const ordered = sibling ? [...all.filter((g) => g.length < 2), ...all.filter((g) => g.length >= 2)] : all;
  const group = ordered[ordered.length - 1 - slot];
  if (!group) return undefined;
  return { record: group[0]!, ...(group[1] ? { sibling: group[1] } : {}) };
}

/** `fields` restricted to `names`. */
export const pick = (fields: Fields, names: readonly string[]): Record<string, string> => Object.fromEntries(names.filter((p) => fields[p] !== undefined).map((p) => [p, fields[p]!]));
