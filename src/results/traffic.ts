/** What a replay of captured traffic (`run --traffic`, engine/replay/traffic.ts) puts on each
 * record: plain data of the record's own, below everything that carries a record (the rest of the
 * replay's data is the traffic room's, traffic/summary.ts). */
import type { TransportId } from '../contract/vocabulary.js';

/** On each record of a replayed call: the captured entry it came from. */
export interface TrafficRef {
  /** The entry's place in its capture, from 0 (`log.entries[N]`, or the Nth line of traffic.jsonl). */
  readonly entry: number;
  readonly startedDateTime?: string;
  /** The transport the client used. */
  readonly captured: TransportId;
  /** The client checks that found the captured request invalid (error level), when any did. */
  readonly clientErrors?: readonly string[];
}
