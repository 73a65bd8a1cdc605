import { parseResponse } from '../decode/response.js';
import { fail, pass, scope, type Check } from './types.js';

export const xmlWellFormed: Check = {
  id: 'xml-well-formed',
  description: 'Response body is a well-formed XML document',
  enforces: 'spec, Endpoints > Response shapes (SOAP envelope; XML document with root <string>); XML 1.0 section 2.1',
  scope: 'exchange',
  ...scope.positive,
  level: 'error',
  levelReason: "the spec's Response shapes are XML documents (XML 1.0)",
  run({ response }) {
    const parsed = parseResponse(response);
    return parsed.ok ? pass : fail(`response is not well-formed XML: ${parsed.error}`);
  },
};
