import { faultCodeOf, soapFaultOf, type SoapFaultView } from './observe.js';
import type { SoapDialect } from '../transports/dialects.js';
import { fail, pass, scope, skip, type Check } from './types.js';

/** The statuses the standard allows a fault of each SOAP version: `any` for every fault code,
 * `sender` also for the client fault code (env:Sender). SOAP 1.1 section 6.2: 500. SOAP 1.2 Part 2
 * section 7.5.2.2 (table 20): 400 for env:Sender, 500 for every other code. The Postman collection
 * asserts the same (report/foreign/postman-fault.ts). */
export const STANDARD_FAULT_STATUSES: Readonly<Record<SoapDialect['version'], { readonly any: readonly number[]; readonly sender: readonly number[] }>> = {
  '1.1': { any: [500], sender: [] },
  '1.2': { any: [500], sender: [400] },
};

function standardAllows(view: SoapFaultView, status: number): boolean {
  const allowed = STANDARD_FAULT_STATUSES[view.dialect.version];
  if (allowed.any.includes(status)) return true;
  const code = faultCodeOf(view);
  return allowed.sender.includes(status) && code?.inEnvelopeNs === true && code.local === view.dialect.faultCodes.client;
}

export const faultStatus: Check = {
  id: 'fault-status',
  description: 'A SOAP fault comes with the HTTP status the profile allows (asmx: 500)',
  enforces: 'SOAP 1.1 section 6.2 (faults with 500 Internal Server Error); SOAP 1.2 Part 2 section 7.5.2.2 (400 for env:Sender, 500 otherwise); ASMX writes fault bodies only with 500 (reference source, SetResponseErrorCode)',
  scope: 'exchange',
  level: 'error',
  levelReason: 'SOAP 1.1 section 6.2 (500) and SOAP 1.2 Part 2 section 7.5.2.2 (400 for Sender, 500 otherwise); a status the standard allows but ASMX does not use is a warning',
  ...scope.all,
  run({ response, profile, transport }) {
    const view = soapFaultOf(response);
    if (!view) return skip('not a SOAP fault');
    const status = response.status;
    // The SOAP HTTP binding is the contract under every profile (over GET/POST a fault document is
    // not a SOAP message, so nothing but the profile speaks to its status); the profile's own
    // statuses are ASMX habit.
    if (transport.dialect && !standardAllows(view, status)) return fail(`a SOAP ${view.dialect.version} fault came with HTTP ${status}; ${view.dialect.version === '1.1' ? 'SOAP 1.1 section 6.2 requires 500' : 'SOAP 1.2 Part 2 section 7.5.2.2 requires 400 for env:Sender and 500 otherwise'}`);
    if (profile.faultStatuses.includes(status)) return pass;
    const allowedBy = transport.dialect ? `SOAP ${view.dialect.version} allows it` : `over ${transport.label} no SOAP binding applies`;
    return fail(`a SOAP fault came with HTTP ${status}; ${allowedBy}, but the ${profile.id} profile expects ${profile.faultStatuses.join(' or ')}`, 'warning');
  },
};
