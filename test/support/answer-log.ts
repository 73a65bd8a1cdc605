/**
 * The data path as the target itself counts it (issue 49): from the stateful service's answer log
 * (serve --stateful --answer-log, or the answerLog option), not from the tool's reading of the
 * answers. A call counts when every value was inside the personality's validity rules and it was
 * not refused for its credentials (the auth scenarios' bad signatures are meant to fail).
 */
import type { AnswerEntry } from '../../src/server/server.js';

export interface LogDataPath {
  /** Successes over counted calls, per operation and overall (0 when nothing was counted). */
  readonly ratio: number;
  readonly perOperation: Readonly<Record<string, { readonly counted: number; readonly succeeded: number }>>;
}

export function dataPathFromLog(entries: readonly AnswerEntry[]): LogDataPath {
  const perOperation: Record<string, { counted: number; succeeded: number }> = {};
  for (const e of entries) {
    if (!e.valid || e.outcome === 'auth-failure') continue;
    const tally = (perOperation[e.operation] ??= { counted: 0, succeeded: 0 });
    tally.counted++;
    if (e.outcome === 'success') tally.succeeded++;
  }
  const counted = Object.values(perOperation).reduce((n, t) => n + t.counted, 0);
  const succeeded = Object.values(perOperation).reduce((n, t) => n + t.succeeded, 0);
  return { ratio: counted === 0 ? 0 : succeeded / counted, perOperation };
}

/** The lines of an answer-log file. */
export const parseAnswerLog = (text: string): AnswerEntry[] => text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as AnswerEntry);
