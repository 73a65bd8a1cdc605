/**
 * Anchors (issue 59, item 1): per operation, a request the target answered with success. Every
 * probe is one anchor with exactly one change, so that a different answer is that change's doing
 * (RESTler builds its checkers' probes from requests that succeeded; schemathesis' negative cases
 * mutate one part of an otherwise valid case). Plain data: made in the main process
 * (engine/learn/anchors.ts), handed to the suites' workers in LearnedState and shown in the reports.
 */
import type { TransportId } from '../transports/index.js';

/** Where the success was seen: a discovery read that answered records, the value search, or the
 * run itself (a valid case, or a probe's confirmation, answered with success: shown in the reports
 * for an operation whose probes had no anchor before, a delete's). */
export type AnchorSource = 'discovery' | 'search' | 'run';

export interface Anchor {
  /** The wire values, the authentication parameters left out: repnumber comes from configuration,
   * and sig, timestamp and mobilekey are made for each request anew. */
  readonly values: Readonly<Record<string, string>>;
  /** The transport the target answered it with success on. */
  readonly transport: TransportId;
  readonly source: AnchorSource;
}

/** What a probe is built from: its operation's anchor, or why there was none. */
export type AnchorUse = { readonly anchor: Anchor } | { readonly anchorMissing: string };
