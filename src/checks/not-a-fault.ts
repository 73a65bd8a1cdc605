import { fail, isBusinessFaultAnswer, pass, scope, skip, type Check } from './types.js';

export const notAFault: Check = {
  id: 'not-a-fault',
  description: 'A valid request is answered with a result, not a SOAP fault or an error body',
  enforces: 'spec, Endpoints > Response shapes: every operation returns a single text result',
  scope: 'exchange',
  ...scope.positiveAll,
  level: 'error',
  levelReason: "the spec's Response shapes: every operation returns a single text result",
  run(ex) {
    const { transport, operation, namespace, response } = ex;
    const decoded = transport.decode({ namespace }, operation, response);
    if (decoded.kind === 'result') return pass;
    // The spec does not say how failures are reported: a fault saying what this target's business
    // failures were learned to say is one (an observation), not a broken answer.
    if (decoded.kind === 'fault' && isBusinessFaultAnswer(ex)) return fail(`a business failure reported as a fault, as this target reports them: ${decoded.code}: ${decoded.reason}`, 'info');
    if (decoded.kind === 'fault') return fail(`answered with a fault: ${decoded.code}: ${decoded.reason}`);
    return skip(`response has no readable result (${decoded.reason}); the shape checks report why`);
  },
};
