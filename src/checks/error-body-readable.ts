import { observe } from './observe.js';
import { fail, pass, scope, type Check } from './types.js';

export const errorBodyReadable: Check = {
  id: 'error-body-readable',
  description: 'An error answer is readable: a SOAP fault, a text/plain message, or an empty body',
  enforces: 'SOAP 1.1 section 4.4 and SOAP 1.2 Part 1 section 5.4 (errors are reported as faults); an unparseable error body is always a finding (issue 3)',
  scope: 'exchange',
  severity: 'error',
  ...scope.anyNegative,
  run(ex) {
    const o = observe(ex);
    if (o.body !== 'unreadable') return pass;
    return fail(`HTTP ${o.status} answered with ${o.reason}; a ${ex.transport.label} client cannot read it as an error`);
  },
};
