import { soapFaultOf } from './observe.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const faultStatus: Check = {
  id: 'fault-status',
  description: 'A SOAP fault comes with the HTTP status the profile allows (asmx: 500)',
  enforces: 'SOAP 1.1 section 6.2 (faults with 500 Internal Server Error); SOAP 1.2 Part 2 section 7.5.2.2 (400 for env:Sender, 500 otherwise); ASMX writes fault bodies only with 500 (reference source, SetResponseErrorCode)',
  scope: 'exchange',
  severity: 'error',
  ...scope.all,
  run({ response, profile }) {
    if (!soapFaultOf(response)) return skip('not a SOAP fault');
    return profile.faultStatuses.includes(response.status) ? pass : fail(`a SOAP fault came with HTTP ${response.status}; the ${profile.id} profile allows ${profile.faultStatuses.join(' or ')}`);
  },
};
