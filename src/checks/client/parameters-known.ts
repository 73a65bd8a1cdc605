import { HTTP_TEXT, isSoapCall, isVerdict, judgeableCall, names } from './call.js';
import { fail, pass, type ClientCheck } from '../types.js';

export const clientParametersKnown: ClientCheck = {
  id: 'client-parameters-known',
  description: "Every parameter the request carries is one of the operation's (SOAP: an element of that name in the operation's namespace)",
  enforces: 'spec, Endpoints > Transports: "one child element per parameter"; Parameter order and types (each operation\'s parameters); XSD 1.0 Part 1 section 3.8 (a sequence admits no other element)',
  scope: 'client',
  level: 'error',
  levelReason: `over SOAP the Body holds one child element per parameter and no other; ${HTTP_TEXT} and names no others, and ASMX ignores an unknown field: a warning`,
  appliesText: 'requests over the four transports naming an operation of the contract',
  run(ex) {
    const judgeable = judgeableCall(ex);
    if (isVerdict(judgeable)) return judgeable;
    const unknown = judgeable.sent.filter((s) => !s.param && !s.caseOf);
    if (unknown.length === 0) return pass;
    const soap = isSoapCall(ex);
    const where = (s: (typeof unknown)[number]) => (soap && s.ns !== ex.reading.soap?.operationNs ? ` (in ${s.ns ?? 'no namespace'})` : '');
    const listed = unknown.map((s) => `"${s.observed.name}"${where(s)}`).join(', ');
    return fail(`${judgeable.op.name} has no parameter ${listed}; its parameters are ${names(judgeable.op.params)}`, soap ? 'error' : 'warning');
  },
};
