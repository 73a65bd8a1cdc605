import { findOperation, soapAction } from '../../contract/index.js';
import { soap12 } from '../../transports/dialects.js';
import { fail, pass, skip, type ClientCheck } from '../types.js';

export const clientSoapAction: ClientCheck = {
  id: 'client-soap-action',
  description: 'A SOAP 1.1 request has a SOAPAction header, quoted, naming its operation ("{namespace}/<Op>"); a SOAP 1.2 action parameter, when given, names it too',
  enforces: 'spec, Endpoints > Transports: SOAPAction: "{namespace}/<Op>" for SOAP 1.1; SOAP 1.1 section 6.1.1 (the header\'s value is a quoted URI); RFC 3902 section 3 (the SOAP 1.2 action parameter)',
  scope: 'client',
  level: 'error',
  levelReason: "the spec's Transports table gives SOAP 1.1 the header and its value; SOAP 1.2's action parameter is not in the spec, so one that names another operation is a warning (ASMX routes SOAP 1.2 by it)",
  appliesText: 'SOAP requests',
  run({ call, reading, namespace }) {
    const op = call.operation === undefined ? undefined : findOperation(call.operation);
    const want = op ? soapAction(namespace, op) : undefined;
    if (call.transport === 'soap12') {
      const action = soap12.requestAction(reading.headers);
      if (action === undefined || want === undefined || action === want) return pass;
      return fail(`the Content-Type's action parameter is "${action}"; the Body calls ${op!.name}, whose action is "${want}"`, 'warning');
    }
    if (call.transport !== 'soap11') return skip('not a SOAP request');
    const header = reading.headers['soapaction'];
    if (header === undefined) return fail(`no SOAPAction header; expected SOAPAction: "${want ?? '{namespace}/<Op>'}"`);
    const quoted = /^"(.*)"$/.exec(header.trim());
    if (!quoted) return fail(`SOAPAction ${header} is not quoted; expected SOAPAction: "${want ?? header}"`);
    if (want !== undefined && quoted[1] !== want) return fail(`SOAPAction is ${header}; the Body calls ${op!.name}, whose SOAPAction is "${want}"`);
    return pass;
  },
};
