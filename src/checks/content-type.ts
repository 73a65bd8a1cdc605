import { parseContentType } from '../decode/response.js';
import { fail, pass, scope, type Check } from './types.js';

export const contentType: Check = {
  id: 'content-type',
  description: 'Response Content-Type has the media type and charset the transport prescribes',
  enforces: 'spec, Endpoints > Transports: "Response content type" (text/xml or application/soap+xml; charset=utf-8)',
  scope: 'exchange',
  ...scope.positive,
  level: 'error',
  levelReason: "the spec's Transports table: \"Response content type\"",
  run({ response, transport }) {
    const header = response.headers['content-type'];
    const expected = transport.responseContentType;
    const want = `${expected.mediaType}; charset=${expected.charset}`;
    if (header === undefined) return fail(`no Content-Type header; expected "${want}"`);
    const actual = parseContentType(header);
    if (actual.mediaType !== expected.mediaType || actual.charset !== expected.charset) {
      return fail(`Content-Type is "${header}"; expected "${want}"`);
    }
    return pass;
  },
};
