import { isSoapCall, isVerdict, judgeableCall } from './call.js';
import { fail, pass, skip, type ClientCheck } from '../types.js';

export const clientParameterOrder: ClientCheck = {
  id: 'client-parameter-order',
  description: "A SOAP request's parameter elements come in the contract's order",
  enforces: 'spec, Endpoints > Transports: "one child element per parameter in the order given below"; Parameter order and types: "Parameters are listed in SOAP element order"; XSD 1.0 Part 1 section 3.8 (xs:sequence)',
  scope: 'client',
  level: 'error',
  levelReason: 'the spec gives the SOAP element order; over GET and POST it gives none',
  appliesText: 'SOAP requests naming an operation of the contract',
  run(ex) {
    if (!isSoapCall(ex)) return skip('the spec gives an order to SOAP elements only');
    const judgeable = judgeableCall(ex);
    if (isVerdict(judgeable)) return judgeable;
    const { op, sent } = judgeable;
    let last: { name: string; at: number } | undefined;
    const seen = new Set<string>();
    // A repetition is client-parameters-once's; the order is that of first appearances.
    for (const { param } of sent) {
      if (!param || seen.has(param.name)) continue;
      seen.add(param.name);
      const at = op.params.indexOf(param);
      if (last && at < last.at) return fail(`"${param.name}" comes after "${last.name}"; ${op.name}'s order is ${op.params.map((p) => p.name).join(', ')}`);
      last = { name: param.name, at };
    }
    return pass;
  },
};
