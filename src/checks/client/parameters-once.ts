import { isSoapCall, isVerdict, judgeableCall } from './call.js';
import { fail, pass, type ClientCheck } from '../types.js';

export const clientParametersOnce: ClientCheck = {
  id: 'client-parameters-once',
  description: 'No parameter is sent twice',
  enforces: 'spec, Endpoints > Transports: "one child element per parameter"; XSD 1.0 Part 1 section 3.9 (maxOccurs 1 in the reconstructed WSDL)',
  scope: 'client',
  level: 'error',
  levelReason: 'over SOAP one element per parameter (the spec); over GET and POST the spec is silent and ASMX joins repeated values with commas (NameValueCollection.Get): a warning',
  appliesText: 'requests over the four transports naming an operation of the contract',
  run(ex) {
    const judgeable = judgeableCall(ex);
    if (isVerdict(judgeable)) return judgeable;
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const { param } of judgeable.sent) {
      if (!param) continue;
      if (seen.has(param.name)) repeated.add(param.name);
      seen.add(param.name);
    }
    if (repeated.size === 0) return pass;
    return fail(`sent more than once: ${[...repeated].map((n) => `"${n}"`).join(', ')}`, isSoapCall(ex) ? 'error' : 'warning');
  },
};
