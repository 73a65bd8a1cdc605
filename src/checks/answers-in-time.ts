/**
 * A target that leaves a malformed or cut-off request unanswered is a finding about the target,
 * not a failure of this tool: one per scenario and transport, naming the request and how long was
 * waited (--negative-timeout-ms). gSOAP 2.8, given a SOAP body cut inside its last end tag with a
 * Content-Length that matched it, waited for the rest of the envelope (issue 43); RFC 9112, 6.3:
 * the body ends at Content-Length, so that request was complete and due an answer.
 *
 * No answered exchange is in its scope: the engine (engine/exchange/run-case.ts) gives its verdict, from
 * hangVerdict, where a negative case's answer did not come in time.
 */
import type { ScenarioId } from '../results/case-labels.js';
import type { TransportId } from '../transports/index.js';
import { fail, type Check, type Verdict } from './types.js';

export const answersInTime: Check = {
  id: 'answers-in-time',
  description: 'Invalid, malformed or cut-off requests are answered within --negative-timeout-ms',
  enforces: 'RFC 9112 section 6.3 (a request ends at its Content-Length, or has no body) and RFC 9110 section 15 (a server answers a complete request); one finding per scenario and transport',
  scope: 'exchange',
  level: 'error',
  levelReason: 'a complete request (RFC 9112, 6.3) that is never answered leaves every client of the service hanging; the time allowed is --negative-timeout-ms, since the spec shows no time-outs',
  appliesText: 'invalid requests that got no answer in time (judged by the engine, not on an answer)',
  applies: () => false,
  run: () => fail('answers-in-time judges only requests that got no answer (engine/exchange/run-case.ts)'),
};

/** The finding for a negative case's request that got no complete answer within `waitedMs`. */
export function hangVerdict(scenario: ScenarioId, transport: TransportId, waitedMs: number, detail: string): Verdict {
  return fail(`no complete answer within ${waitedMs} ms (--negative-timeout-ms) to ${scenario} over ${transport}: ${detail}; the request is in this record (curl command)`);
}
