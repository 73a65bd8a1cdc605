import { AUTH_PARAMS } from '../../contract/index.js';
import { isVerdict, judgeableCall, missingParams, names } from './call.js';
import { fail, pass, type ClientCheck } from '../types.js';

export const clientParametersComplete: ClientCheck = {
  id: 'client-parameters-complete',
  description: "The request carries every one of the operation's parameters (the authentication parameters are client-auth-parameters')",
  enforces: 'spec, Parameter order and types: "Required/optional status of each parameter: not shown; all appear in every request shape"',
  scope: 'client',
  level: 'error',
  levelReason: 'the spec says all parameters appear in every request shape',
  appliesText: 'requests over the four transports naming an operation of the contract',
  run(ex) {
    const judgeable = judgeableCall(ex);
    if (isVerdict(judgeable)) return judgeable;
    const missing = missingParams(judgeable, (p) => !AUTH_PARAMS.includes(p.name));
    return missing.length === 0 ? pass : fail(`${judgeable.op.name} is sent without ${names(missing)}`);
  },
};
