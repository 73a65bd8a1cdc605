/**
 * What a refusal says (issue 59, item 2): the parameters it names (by name, or by the value sent for
 * each that it quotes, name-classes.ts namedParams) and the values it quotes that were not sent.
 * "service order 6 belongs to account 45, not 12" names sonumber (6) and accountnumber (12), and
 * quotes 45, nearest the 12 sent as accountnumber: a value the target itself says belongs there. A
 * hint is only tried, never trusted: it must pass the wire guard and the target's own answer.
 * Pure: the message, the parameters and the values sent in, plain data out.
 */
import { namedParams } from '../../cases/name-classes.js';

export interface Refusal {
  /** The parameters the message names, in the order it mentions them. */
  readonly named: readonly string[];
  /** Values the message quotes that were not sent, each for the named parameter whose sent value
   * it stands nearest to (only parameters named by a quoted value take hints). */
  readonly hints: ReadonlyArray<Readonly<Record<string, string>>>;
}

/** Numbers and identifier-like tokens (digits with letters or a dash, "OPP-12"). */
const TOKEN = /(?<![A-Za-z0-9.-])-?[A-Za-z]*-?\d+(?![A-Za-z0-9]|\.[0-9])/g;
/** Most hints read from one message. */
const MAX_HINTS = 4;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const quotedAt = (message: string, value: string): number => (value.trim() === '' ? -1 : new RegExp(`(?<![A-Za-z0-9.-])${escape(value)}(?![A-Za-z0-9]|\\.[0-9])`).exec(message)?.index ?? -1);

export function readRefusal(params: readonly string[], message: string, sent: Readonly<Record<string, string>>): Refusal {
  const named = namedParams(params, message, sent);
  // Where each named parameter's sent value is quoted: the anchors a hint is placed by.
  const anchors = named.map((p) => ({ p, at: quotedAt(message, sent[p] ?? '') })).filter((a) => a.at >= 0);
  const sentValues = new Set(Object.values(sent));
  const hints: Array<Record<string, string>> = [];
  for (const m of message.matchAll(TOKEN)) {
    if (hints.length >= MAX_HINTS || anchors.length === 0 || sentValues.has(m[0])) continue;
    const nearest = anchors.reduce((a, b) => (Math.abs(b.at - m.index) < Math.abs(a.at - m.index) ? b : a));
    hints.push({ [nearest.p]: m[0] });
  }
  return { named, hints };
}
