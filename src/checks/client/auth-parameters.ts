import { AUTH_PARAMS } from '../../contract/index.js';
import { isVerdict, judgeableCall, missingParams, names } from './call.js';
import { fail, pass, type ClientCheck } from '../types.js';

export const clientAuthParameters: ClientCheck = {
  id: 'client-auth-parameters',
  description: 'The request carries repnumber, timestamp and sig, and mobilekey where the Authentication table lists it',
  enforces: 'spec, Authentication: repnumber, timestamp and sig in all 20 operations; mobilekey in MobileTimeLogCreate, MobileContactEmailCreate, MobileContactEmailUpdate, MobileContactEmailDelete and MobileDispatchUpdate',
  scope: 'client',
  level: 'error',
  levelReason: "the spec's Authentication table",
  appliesText: 'requests over the four transports naming an operation of the contract',
  run(ex) {
    const judgeable = judgeableCall(ex);
    if (isVerdict(judgeable)) return judgeable;
    const missing = missingParams(judgeable, (p) => AUTH_PARAMS.includes(p.name));
    return missing.length === 0 ? pass : fail(`${judgeable.op.name} is sent without ${names(missing)}`);
  },
};
