/** What a valid request got, for data-path coverage (src/results/data-path.ts). */
import type { DataPathOutcome } from '../results/data-path.js';
import { isInBandFailure, type FailureSignature } from '../state/in-band.js';
import type { Decoded } from '../transports/index.js';

export function dataPathOf(status: number, decoded: Decoded, refusedByHost: boolean, failure: FailureSignature | undefined): DataPathOutcome {
  if (refusedByHost) return 'refused';
  if (decoded.kind === 'result' && status >= 200 && status < 300) return isInBandFailure(decoded.text, failure) ? 'failure' : 'success';
  return 'fault';
}
