import { parseResponse } from '../decode/response.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const httpStringRoot: Check = {
  id: 'http-string-root',
  description: 'HTTP GET/POST response root element is {ns}string',
  enforces: 'spec, Endpoints > Response shapes 2: "the body is an XML document whose root element is <string> in {namespace}"',
  scope: 'exchange',
  ...scope.positiveHttp,
  level: 'error',
  levelReason: "the spec's Response shapes 2",
  run(exchange) {
    if (exchange.transport.dialect) return skip('not an HTTP GET/POST transport');
    const parsed = parseResponse(exchange.response);
    if (!parsed.ok) return skip('response is not well-formed XML (see xml-well-formed)');
    const { ns, name } = parsed.root;
    if (ns === exchange.namespace && name === 'string') return pass;
    return fail(`root element is {${ns ?? ''}}${name}; expected {${exchange.namespace}}string`);
  },
};
