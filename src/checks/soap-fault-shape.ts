import { XML_NS_LANG } from './xml-lang.js';
import { faultCodeOf, soapFaultOf } from './observe.js';
import { fail, pass, scope, skip, type Check } from './types.js';

const CODES_11 = ['VersionMismatch', 'MustUnderstand', 'Client', 'Server'];
const CODES_12 = ['VersionMismatch', 'MustUnderstand', 'DataEncodingUnknown', 'Sender', 'Receiver'];

export const soapFaultShape: Check = {
  id: 'soap-fault-shape',
  description: 'A SOAP fault has the elements its version requires (1.1: faultcode, faultstring; 1.2: Code/Value, Reason/Text with xml:lang)',
  enforces: 'SOAP 1.1 section 4.4 (faultcode, faultstring; codes in section 4.4.1); SOAP 1.2 Part 1 section 5.4 (env:Code/env:Value, env:Reason/env:Text with xml:lang; codes in 5.4.6)',
  scope: 'exchange',
  level: 'error',
  levelReason: 'SOAP 1.1 section 4.4 and SOAP 1.2 Part 1 section 5.4',
  ...scope.all,
  run({ response }) {
    const view = soapFaultOf(response);
    if (!view) return skip('not a SOAP fault');
    const { dialect, fault } = view;
    const code = faultCodeOf(view);
    const problems: string[] = [];
    if (dialect.version === '1.1') {
      if (!code) problems.push('no unqualified <faultcode>');
      if (!fault.children.some((c) => c.name === 'faultstring' && c.ns === null)) problems.push('no unqualified <faultstring>');
    } else {
      if (!code) problems.push('no env:Code/env:Value');
      const texts = fault.children.find((c) => c.name === 'Reason' && c.ns === dialect.envelopeNs)?.children.filter((c) => c.name === 'Text' && c.ns === dialect.envelopeNs) ?? [];
      if (texts.length === 0) problems.push('no env:Reason/env:Text');
      else if (texts.some((t) => !t.attrs[XML_NS_LANG])) problems.push('env:Reason/env:Text without xml:lang');
    }
    if (code) {
      const allowed = dialect.version === '1.1' ? CODES_11 : CODES_12;
      // SOAP 1.1 allows dotted refinements such as Client.Authentication.
      const base = dialect.version === '1.1' ? code.local.split('.')[0]! : code.local;
      if (!code.inEnvelopeNs || !allowed.includes(base)) problems.push(`fault code "${code.text}" is not one of ${allowed.join(', ')} in the SOAP ${dialect.version} envelope namespace`);
    }
    return problems.length === 0 ? pass : fail(`SOAP ${dialect.version} fault: ${problems.join('; ')}`);
  },
};
