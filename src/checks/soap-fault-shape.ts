import { XML_NS_LANG } from './xml-lang.js';
import { faultCodeOf, soapFaultOf } from './observe.js';
import type { SoapDialect } from '../transports/dialects.js';
import { fail, pass, scope, skip, type Check } from './types.js';

/** The fault codes of each SOAP version (SOAP 1.1 section 4.4.1, which allows dotted refinements
 * such as Client.Authentication; SOAP 1.2 Part 1 section 5.4.6). The Postman collection asserts
 * the same (report/foreign/postman-fault.ts). */
export const FAULT_CODES: Readonly<Record<SoapDialect['version'], { readonly codes: readonly string[]; readonly dotted: boolean }>> = {
  '1.1': { codes: ['VersionMismatch', 'MustUnderstand', 'Client', 'Server'], dotted: true },
  '1.2': { codes: ['VersionMismatch', 'MustUnderstand', 'DataEncodingUnknown', 'Sender', 'Receiver'], dotted: false },
};

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
      const { codes, dotted } = FAULT_CODES[dialect.version];
      const base = dotted ? code.local.split('.')[0]! : code.local;
      if (!code.inEnvelopeNs || !codes.includes(base)) problems.push(`fault code "${code.text}" is not one of ${codes.join(', ')} in the SOAP ${dialect.version} envelope namespace`);
    }
    return problems.length === 0 ? pass : fail(`SOAP ${dialect.version} fault: ${problems.join('; ')}`);
  },
};
