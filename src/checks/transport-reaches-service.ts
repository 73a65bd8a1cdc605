/**
 * A transport on which no valid request reaches the service (issue 59): judged once per transport
 * when the run is done (session/transport-reach.ts), on what every valid request got (the data
 * path). One finding per transport says what hundreds of exchange findings over it only imply:
 * with HttpSoap12 removed from web.config every SOAP 1.2 request is refused by the runtime, whatever
 * the operation, while the others succeed. Judged by outcomes, not by any answer's text, so it holds
 * whatever the runtime says (.NET's VersionMismatch, Mono's missing action, a proxy's 404); the
 * transport-not-enabled diagnosis takes it up (src/diagnoses/transport-not-enabled.ts).
 */
import { getTransportById, type TransportId } from '../transports/index.js';
import { fail, pass, skip, type CheckInfo, type Verdict } from './types.js';

const label = (t: TransportId) => getTransportById(t).label;

/** What the valid requests of a run got over one transport, and over the others. */
export interface TransportReach {
  readonly transport: TransportId;
  /** Valid requests sent over it (positive cases and fuzz samples, none refused by the host). */
  readonly valid: number;
  readonly succeeded: number;
  /** Successes over each other transport (only those with some). */
  readonly elsewhere: Readonly<Partial<Record<TransportId, number>>>;
  /** What the first valid request over it got: its operation, case and answer, in one line. */
  readonly first?: string;
}

/** A check judged on one transport's valid requests as a whole, once the run is done. */
export interface TransportCheck extends CheckInfo {
  readonly scope: 'transport';
  run(reach: TransportReach): Verdict;
}

export const transportReachesService: TransportCheck = {
  id: 'transport-reaches-service',
  description: 'Some valid request over each transport succeeds when valid requests over another transport do',
  enforces: 'spec, Endpoints > Transports: "Each of the 20 operations is available through four transports"',
  scope: 'transport',
  level: 'error',
  levelReason: 'the spec makes every operation available through all four transports',
  appliesText: 'each transport, once per run, on what its valid requests got',
  run({ transport, valid, succeeded, elsewhere, first }) {
    if (valid === 0) return skip(`no valid request was answered over ${label(transport)}`);
    if (succeeded > 0) return pass;
    const others = Object.entries(elsewhere) as Array<[TransportId, number]>;
    if (others.length === 0) return skip('no valid request succeeded over any transport: nothing tells this transport from the others (see the data path)');
    const where = others.map(([t, n]) => `${n} over ${label(t)}`).join(', ');
    return fail(`none of the ${valid} valid requests over ${label(transport)} succeeded, of any operation, while ${where} did: the transport does not reach the service${first ? ` (first: ${first})` : ''}`);
  },
};
