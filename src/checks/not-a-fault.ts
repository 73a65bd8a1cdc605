import { fail, pass, scope, skip, type Check } from './types.js';

export const notAFault: Check = {
  id: 'not-a-fault',
  description: 'A valid request is answered with a result, not a SOAP fault or an error body',
  enforces: 'spec, Endpoints > Response shapes: every operation returns a single text result',
  scope: 'exchange',
  ...scope.positive,
  level: 'error',
  levelReason: "the spec's Response shapes: every operation returns a single text result",
  run({ transport, operation, namespace, response }) {
    const decoded = transport.decode({ namespace }, operation, response);
    if (decoded.kind === 'result') return pass;
    if (decoded.kind === 'fault') return fail(`answered with a fault: ${decoded.code}: ${decoded.reason}`);
    return skip(`response has no readable result (${decoded.reason}); the shape checks report why`);
  },
};
