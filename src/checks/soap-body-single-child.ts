import { parseResponse } from '../decode/response.js';
import { dialectByEnvelopeNs } from '../transports/dialects.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const soapBodySingleChild: Check = {
  id: 'soap-body-single-child',
  description: 'The Body of a SOAP response has exactly one child element',
  enforces: 'spec, Response shapes 1 (the Body holds <Op>Response); WS-I Basic Profile 1.1 R2201 (document-literal: one part in the Body); SOAP 1.1 section 4.4 (a Fault is the only Body entry)',
  scope: 'exchange',
  level: 'error',
  levelReason: "the spec's Response shapes 1 and SOAP 1.1 section 4.4",
  ...scope.all,
  run({ response }) {
    const parsed = parseResponse(response);
    const dialect = parsed.ok && parsed.root.name === 'Envelope' ? dialectByEnvelopeNs(parsed.root.ns) : undefined;
    if (!parsed.ok || !dialect) return skip('not a SOAP message');
    const body = parsed.root.children.find((c) => c.ns === dialect.envelopeNs && c.name === 'Body');
    if (!body) return fail('the Envelope has no Body');
    if (body.children.length === 1) return pass;
    return fail(`the Body has ${body.children.length} child elements (${body.children.map((c) => `{${c.ns ?? ''}}${c.name}`).join(', ') || 'none'}); expected exactly one`);
  },
};
