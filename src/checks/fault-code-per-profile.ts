import { faultCodeOf, observe } from './observe.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const faultCodePerProfile: Check = {
  id: 'fault-code-per-profile',
  description: 'A fault for invalid input has the fault code the profile expects (asmx: Client/Sender for input it cannot read)',
  enforces: 'SOAP 1.1 section 4.4.1 (Client: the message was incorrectly formed); SOAP 1.2 Part 1 section 5.4.6 (Sender); ASMX: SoapServerProtocol.ReadParameters raises Client (reference source)',
  scope: 'exchange',
  level: 'warning',
  levelReason: 'the SOAP standards describe the fault classes but the spec shows no error codes: which class a service raises for bad input is ASMX behaviour',
  ...scope.anyNegative,
  run(ex) {
    const o = observe(ex);
    if (o.body !== 'soap-fault') return skip('not a SOAP fault');
    const wanted = (ex.expectation?.accept ?? []).flatMap((s) => (s.body === 'soap-fault' && (s.faultClass || s.faultCode) ? [s] : []));
    if (wanted.length === 0) return skip(`the ${ex.profile.id} profile expects no particular fault code here`);
    const code = faultCodeOf(o);
    const local = code?.local.split('.')[0];
    const names = wanted.map((s) => s.faultCode ?? o.dialect.faultCodes[s.faultClass!]);
    return local && names.includes(local) ? pass : fail(`fault code is "${code?.text ?? '(none)'}"; the ${ex.profile.id} profile expects soap:${names.join(' or soap:')}`);
  },
};
