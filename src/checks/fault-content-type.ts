import { parseContentType } from '../decode/response.js';
import { soapFaultOf } from './observe.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const faultContentType: Check = {
  id: 'fault-content-type',
  description: "A SOAP fault's Content-Type is its SOAP version's media type",
  enforces: 'SOAP 1.1 section 6.1 (text/xml); SOAP 1.2 Part 2 section 7.1.4 and RFC 3902 (application/soap+xml); spec, Transports table',
  scope: 'exchange',
  level: 'error',
  levelReason: 'SOAP 1.1 section 6.1 and SOAP 1.2 Part 2 section 7.1.4',
  ...scope.all,
  run({ response }) {
    const view = soapFaultOf(response);
    if (!view) return skip('not a SOAP fault');
    const { mediaType } = parseContentType(response.headers['content-type']);
    return mediaType === view.dialect.mediaType ? pass : fail(`a SOAP ${view.dialect.version} fault came as "${response.headers['content-type'] ?? '(no Content-Type)'}"; expected ${view.dialect.mediaType}`);
  },
};
