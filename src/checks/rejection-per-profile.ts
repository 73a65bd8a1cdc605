import type { ResponseShape } from '../profiles/types.js';
import { describeObserved, observe, type Observed } from './observe.js';
import { fail, pass, scope, type Check } from './types.js';

/** Whether what came back has the form of one accepted shape (status and kind of body). The fault
 * code and message are judged by their own checks. */
export function matchesShape(o: Observed, shape: ResponseShape, requestVersion: string | undefined): boolean {
  switch (shape.body) {
    case 'any-rejection': return o.body === 'soap-fault' || (o.status < 200 || o.status >= 300);
    case 'success': return o.body === 'success' && (shape.dialect === undefined || o.version === shape.dialect);
    case 'soap-fault': return o.body === 'soap-fault' && shape.status.includes(o.status) && o.dialect.version === (shape.dialect ?? requestVersion ?? o.dialect.version);
    case 'empty': return o.body === 'empty' && shape.status.includes(o.status);
    case 'plain-text': return o.body === 'plain-text' && shape.status.includes(o.status);
  }
}

export const rejectionPerProfile: Check = {
  id: 'rejection-per-profile',
  description: 'Invalid input is rejected with the status and kind of body the profile expects',
  enforces: 'the selected --profile (asmx: what System.Web.Services answers, per Microsoft reference source and a real ASMX runtime; lenient: any fault or non-2xx)',
  scope: 'exchange',
  level: 'warning',
  levelReason: "the spec: \"Error codes, error statuses, error body shapes ...: not shown\"; the profile's shape is ASMX behaviour, not the contract",
  ...scope.negative,
  run(ex) {
    // Refused by the host before the service read it (asmx, lenient): a rejection ASMX itself makes.
    if (ex.hostRejection) return pass;
    const o = observe(ex);
    const accept = ex.expectation?.accept ?? [];
    if (accept.some((shape) => matchesShape(o, shape, ex.transport.dialect?.version))) return pass;
    return fail(`expected ${ex.expectation?.summary ?? 'a rejection'} (${ex.profile.id} profile); got ${describeObserved(o)}`);
  },
};
