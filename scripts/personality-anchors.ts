/**
 * Issue 59's anchor acceptance, read from one run's reports: the run names an anchor (a request the
 * target answered with success) for every operation (results.json run.discovery.anchors), and no
 * verdict on an operation with an anchor is `inconclusive` (records.jsonl: an info verdict whose
 * message starts so; a probe's refusal, a sequence's unseen relation alike). Missing reports count
 * against it, never for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AnchorVerdict {
  /** Operations the run names no anchor for. */
  readonly unanchored: readonly string[];
  /** Inconclusive verdicts on anchored operations: how many, and the first few, each "operation check: message". */
  readonly inconclusive: number;
  readonly samples: readonly string[];
  /** A report that could not be read. */
  readonly unreadable?: string;
}

interface Line { operation?: string; checks?: Array<{ id?: string; status?: string; level?: string; message?: string }> }

export function anchorVerdict(reports: string, operations: readonly string[]): AnchorVerdict {
  const results = join(reports, 'results.json');
  const records = join(reports, 'records.jsonl');
  if (!existsSync(results) || !existsSync(records)) return { unanchored: [...operations], inconclusive: 0, samples: [], unreadable: `no ${existsSync(results) ? 'records.jsonl' : 'results.json'}` };
  const run = (JSON.parse(readFileSync(results, 'utf8')) as { run?: { discovery?: { anchors?: Record<string, unknown> } } }).run;
  const anchored = new Set(Object.keys(run?.discovery?.anchors ?? {}));
  const found: string[] = [];
  for (const text of readFileSync(records, 'utf8').split('\n')) {
    if (text.trim() === '') continue;
    const r = JSON.parse(text) as Line;
    if (r.operation === undefined || !anchored.has(r.operation)) continue;
    for (const c of r.checks ?? []) if (c.status === 'failed' && c.message?.startsWith('inconclusive')) found.push(`${r.operation} ${c.id ?? '?'}: ${c.message.slice(0, 200)}`);
  }
  return { unanchored: operations.filter((o) => !anchored.has(o)), inconclusive: found.length, samples: found.slice(0, 3) };
}

/** What a failing verdict adds to a personality's line; empty when it holds. */
export function describeAnchors(v: AnchorVerdict): string {
  const parts = [
    ...(v.unreadable ? [`anchors unreadable: ${v.unreadable}`] : v.unanchored.length > 0 ? [`no anchor: ${v.unanchored.join(', ')}`] : []),
    ...(v.inconclusive > 0 ? [`${v.inconclusive} inconclusive on anchored operations (first: ${v.samples[0]})`] : []),
  ];
  return parts.join('; ');
}

export const anchorsHold = (v: AnchorVerdict): boolean => v.unreadable === undefined && v.unanchored.length === 0 && v.inconclusive === 0;
