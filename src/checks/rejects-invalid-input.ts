import { describeObserved, observe } from './observe.js';
import { fail, pass, scope, type Check } from './types.js';
import type { ScenarioId } from '../results/case-labels.js';

/** Invalid only by ASMX habit: the spec shows no required parameters ("Required/optional status
 * of each parameter: not shown"), and names the SOAPAction and paths a client sends, not what a
 * receiver must do with others. Accepting these is a warning; every other scenario breaks a type
 * or a standard the contract names (XSD, XML, SOAP). */
const CONTRACT_SILENT: ReadonlySet<ScenarioId> = new Set(['missing-parameter', 'unknown-soapaction', 'unknown-operation-path']);

export const rejectsInvalidInput: Check = {
  id: 'rejects-invalid-input',
  description: 'Invalid input is not answered with a success',
  enforces: 'spec, Parameter order and types (SOAP types int, dateTime, boolean) and Transports; a success for invalid input is always a finding (issue 3)',
  scope: 'exchange',
  level: 'error',
  levelReason: 'a value its SOAP type (XSD) refuses, or a message SOAP or XML refuses, is not a valid request; where the spec is silent (a missing parameter: "Required/optional status: not shown"; an unknown SOAPAction or path) accepting it is a warning',
  ...scope.negative,
  run(ex) {
    const o = observe(ex);
    if (o.body !== 'success' || ex.expectation?.accept.some((s) => s.body === 'success')) return pass;
    return fail(`invalid input was accepted: ${describeObserved(o)}`, ex.scenario && CONTRACT_SILENT.has(ex.scenario) ? 'warning' : undefined);
  },
};
