import { responseElementName, resultElementName } from '../contract/index.js';
import { parseResponse } from '../decode/response.js';
import { bodyChild, childNamed } from '../transports/soap.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const soapResponseElement: Check = {
  id: 'soap-response-element',
  description: 'SOAP Body holds {ns}<Op>Response containing {ns}<Op>Result',
  enforces: 'spec, Endpoints > Response shapes 1: "the Body holds element <Op>Response in {namespace}, containing one element <Op>Result"',
  scope: 'exchange',
  ...scope.positiveSoap,
  level: 'error',
  levelReason: "the spec's Response shapes 1",
  run(exchange) {
    const { transport, operation: op, namespace: ns, response } = exchange;
    if (!transport.dialect) return skip('not a SOAP transport');
    if (!parseResponse(response).ok) return skip('response is not well-formed XML (see xml-well-formed)');
    const child = bodyChild(transport.dialect, response);
    if (typeof child === 'string') return fail(child);
    const want = `{${ns}}${responseElementName(op)}`;
    if (child.ns !== ns || child.name !== responseElementName(op)) return fail(`Body holds {${child.ns ?? ''}}${child.name}; expected ${want}`);
    // The XSD lets <Op>Result be omitted (minOccurs 0, how ASMX writes a null string), but the
    // spec says the response element contains one: a missing result is a finding here.
    if (!childNamed(child, ns, resultElementName(op))) {
      const found = child.children.map((c) => `{${c.ns ?? ''}}${c.name}`).join(', ') || 'nothing';
      return fail(`${want} holds ${found}; expected {${ns}}${resultElementName(op)}`);
    }
    return pass;
  },
};
