import { isSoapCall, isVerdict, judgeableCall } from './call.js';
import { fail, pass, skip, type ClientCheck } from '../types.js';

export const clientHttpParameterNames: ClientCheck = {
  id: 'client-http-parameter-names',
  description: 'HTTP GET and POST parameters are named exactly as the table names them, in lower case',
  enforces: 'spec, Resources and their fields: "All names are lower case exactly as written"; Transports: "every parameter is a query-string parameter with the parameter\'s name" (GET), "form fields named as the parameters" (POST)',
  scope: 'client',
  level: 'error',
  levelReason: 'the spec gives the names exactly (ASMX itself matches them in any case, so such a client works there only)',
  appliesText: 'HTTP GET and POST requests naming an operation of the contract',
  run(ex) {
    if (isSoapCall(ex)) return skip('SOAP element names are client-parameters-known\'s');
    const judgeable = judgeableCall(ex);
    if (isVerdict(judgeable)) return judgeable;
    const wrong = judgeable.sent.filter((s) => s.caseOf);
    return wrong.length === 0 ? pass : fail(wrong.map((s) => `"${s.observed.name}" is named "${s.caseOf!.name}"`).join('; '));
  },
};
