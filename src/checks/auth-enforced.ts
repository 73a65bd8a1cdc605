import { getScenario } from '../cases/negative.js';
import { describeObserved, observe } from './observe.js';
import { fail, pass, scope, type Check } from './types.js';

export const authEnforced: Check = {
  id: 'auth-enforced',
  description: 'A request with a corrupted sig, a stale timestamp or no mobilekey is rejected',
  enforces: 'spec, Authentication: sig is the signature of the request, timestamp part of the signed request, mobilekey an additional key for five operations',
  scope: 'exchange',
  level: 'error',
  levelReason: 'the spec, Authentication: sig is the signature of the request and timestamp part of what is signed; a request with a broken one is not a valid request',
  ...scope.auth,
  run(ex) {
    const o = observe(ex);
    return o.body === 'success' ? fail(`${getScenario(ex.scenario!).description} was accepted: ${describeObserved(o)}`) : pass;
  },
};
