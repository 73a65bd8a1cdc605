import { describeObserved, observe } from './observe.js';
import { fail, pass, scope, type Check } from './types.js';

export const rejectsInvalidInput: Check = {
  id: 'rejects-invalid-input',
  description: 'Invalid input is not answered with a success',
  enforces: 'spec, Parameter order and types (SOAP types int, dateTime, boolean) and Transports; a success for invalid input is always a finding (issue 3)',
  scope: 'exchange',
  severity: 'error',
  ...scope.negative,
  run(ex) {
    const o = observe(ex);
    if (o.body !== 'success' || ex.expectation?.accept.some((s) => s.body === 'success')) return pass;
    return fail(`invalid input was accepted: ${describeObserved(o)}`);
  },
};
