import { getScenario } from '../cases/negative.js';
import { clip } from '../results/clip.js';
import { isInBandFailure } from '../state/in-band.js';
import { decodedOf, describeObserved, observe } from './observe.js';
import { fail, refused, scope, type Check } from './types.js';

export const authEnforced: Check = {
  id: 'auth-enforced',
  description: 'A request with a corrupted sig, a stale timestamp, or no or a wrong mobilekey is rejected',
  enforces: 'spec, Authentication: sig is the signature of the request, timestamp part of the signed request, mobilekey an additional key for five operations',
  scope: 'exchange',
  level: 'error',
  levelReason: 'the spec, Authentication: sig is the signature of the request and timestamp part of what is signed; a request with a broken one is not a valid request',
  ...scope.auth,
  run(ex) {
    const o = observe(ex);
    if (o.body !== 'success') return refused(ex, getScenario(ex.scenario!).description);
    // The spec does not show how a bad sig is reported ("Errors: ... not shown"): a service that
    // answers it in-band, HTTP 200 with its failure text (learned, or --failure-pattern), rejected it.
    const decoded = decodedOf(ex);
    const text = decoded.kind === 'result' ? decoded.text : null;
    if (isInBandFailure(text, ex.failure)) return fail(`${ex.anchorMissing === undefined ? '' : 'inconclusive: '}${getScenario(ex.scenario!).description} was rejected in-band: "${clip(text ?? '', 300)}"${ex.anchorMissing === undefined ? '' : `, but ${ex.anchorMissing}`}`, 'info');
    // This target answers failures HTTP 200 too, and nothing learned tells them from successes: the
    // answer may be its rejection, so accepted would be a guess (issue 49: 170 false errors).
    if (ex.failureUnknown) return fail(`inconclusive: ${getScenario(ex.scenario!).description} was answered HTTP 200 with a result, and nothing learned tells this target's failure answers from its successes (give --failure-pattern REGEX): "${clip(text ?? '', 300)}"`, 'info');
    return fail(`${getScenario(ex.scenario!).description} was accepted: ${describeObserved(o)}`);
  },
};
