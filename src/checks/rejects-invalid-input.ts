import { acceptRule } from '../profiles/contract-rules.js';
import { describeObserved, observe } from './observe.js';
import { matchesShape } from './rejection-per-profile.js';
import { fail, pass, refused, scope, type Check } from './types.js';
import { getScenario } from '../cases/negative.js';
import type { ScenarioId } from '../results/case-labels.js';

export const rejectsInvalidInput: Check = {
  id: 'rejects-invalid-input',
  description: 'Invalid input is not answered with a success',
  enforces: 'spec, Parameter order and types (SOAP types int, dateTime, boolean) and Transports; a success for invalid input is always a finding (issue 3)',
  scope: 'exchange',
  level: 'error',
  levelReason: 'per transport and profile (src/profiles/contract-rules.ts): a value its SOAP type (XSD) refuses over SOAP, or a message SOAP or XML refuses, is not a valid request; over GET/POST parameters are text (an error under strict and asmx, a warning under lenient); where XSD allows the value or the spec is silent, a warning',
  ...scope.negative,
  run(ex) {
    const o = observe(ex);
    if (o.body !== 'success') return refused(ex, getScenario(ex.scenario!).description);
    if (ex.expectation?.accept.some((s) => s.body === 'success' && matchesShape(o, s, undefined))) return pass;
    const broken = acceptRule(ex.profile.id, ex.scenario!, ex.transport.id, o.version);
    return broken ? fail(`invalid input was accepted: ${describeObserved(o)}; it breaks: ${broken.rule}`, broken.level) : pass;
  },
};
