import { findOperation } from '../../contract/index.js';
import { fail, pass, skip, type ClientCheck, type ClientExchange, type Verdict } from '../types.js';

function soapOperation({ reading, namespace }: ClientExchange): Verdict {
  const children = reading.soap?.bodyChildren;
  if (children === undefined) return skip('no SOAP Body to read');
  const [first] = children;
  if (!first) return fail(`the Body is empty; it holds one element <Op> in ${namespace}`);
  if (children.length > 1) return fail(`the Body holds ${children.length} elements (${children.map((c) => c.name).join(', ')}); it holds one, the operation`);
  if (!findOperation(first.name)) return fail(`the Body's element ${first.name} is no operation of the contract`);
  if (first.ns !== namespace) return fail(`the Body's element ${first.name} is in ${first.ns === null ? 'no namespace' : first.ns}, not in ${namespace}`);
  return pass;
}

export const clientOperation: ClientCheck = {
  id: 'client-operation',
  description: "The request names one operation of the contract: the SOAP Body's one element, in the service namespace, or the GET or POST path's last segment",
  enforces: 'spec, Endpoints > Transports: "whose Body holds element <Op> in {namespace}"; path /api/rmm/tsiWS.asmx/<Op> for HTTP GET and POST; <Op> from the Parameter order and types table',
  scope: 'client',
  level: 'error',
  levelReason: "the spec's Transports table and its table of operations",
  appliesText: 'requests over the four transports',
  run(ex) {
    const { call } = ex;
    if (call.transport === 'none') return skip('not one of the four transports');
    if (call.transport === 'soap11' || call.transport === 'soap12') return soapOperation(ex);
    return findOperation(call.operation ?? '') ? pass : fail(`the path names ${JSON.stringify(call.operation ?? '')}, no operation of the contract`);
  },
};
