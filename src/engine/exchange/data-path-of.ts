/** What a valid request got, for data-path coverage (src/results/data-path.ts). */
import type { DataPathOutcome } from '../../results/data-path.js';
import { isInBandFailure } from '../../state/in-band.js';
import { isBusinessFault } from '../../state/business-fault.js';
import type { Decoded } from '../../transports/index.js';
import type { LearnedState } from '../learn/learned-state.js';

/** What the run learned of the target's failures (engine/learn/discover.ts). */
export type FailureKnowledge = Pick<LearnedState, 'failure' | 'businessFault' | 'failureUnknown'>;

export function dataPathOf(status: number, decoded: Decoded, refusedByHost: boolean, known: FailureKnowledge | undefined): DataPathOutcome {
  if (refusedByHost) return 'refused';
  if (decoded.kind === 'result' && status >= 200 && status < 300) {
    return isInBandFailure(decoded.text, known?.failure) ? 'failure' : known?.failureUnknown !== undefined ? 'unknown' : 'success';
  }
  if (decoded.kind === 'fault' && isBusinessFault(decoded, known?.businessFault)) return 'failure';
  return 'fault';
}
