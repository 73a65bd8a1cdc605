/** What a replay of captured traffic (`run --traffic`, engine/replay/traffic.ts) puts into its
 * reports: plain data, so that every layer above may carry it. What it puts on each record,
 * TrafficRef, sits with the record in results/traffic.ts. */

/** Why entries were left out, by kind: each kind's count, and its first few entries with their reason. */
export type LeftOutKind = 'unreadable' | 'description' | 'not-a-call' | 'unknown-operation' | 'not-selected';

export interface LeftOutEntry {
  readonly entry: number;
  readonly reason: string;
}

/** The run's replay, for results.json (run.traffic) and report.html. */
export interface TrafficSummary {
  /** The file read: the .har, or DIR/traffic.jsonl. */
  readonly source: string;
  readonly format: 'har' | 'jsonl';
  readonly transports: 'captured' | 'all';
  /** Entries read, replayed (sent, or recorded skipped by the mutation guard), left out. */
  readonly entries: number;
  readonly replayed: number;
  readonly leftOut: number;
  /** Left-out entries by kind: how many, and the first LEFT_OUT_SHOWN of them. */
  readonly leftOutBy: Partial<Record<LeftOutKind, { readonly count: number; readonly first: readonly LeftOutEntry[] }>>;
}

export const LEFT_OUT_SHOWN = 5;

/** Each kind of left-out entry in words, for the console line and report.html. */
export const LEFT_OUT_TEXT: Readonly<Record<LeftOutKind, string>> = {
  unreadable: 'unreadable',
  description: 'service description requests (?WSDL)',
  'not-a-call': 'not calls of this service (another host or path)',
  'unknown-operation': 'unknown operations',
  'not-selected': 'not selected by --operations or --transports',
};
