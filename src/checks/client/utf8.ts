import { fail, pass, type ClientCheck } from '../types.js';

export const clientUtf8: ClientCheck = {
  id: 'client-utf8',
  description: "The request's text is UTF-8: a SOAP body's bytes, a form body's, and percent-encoded names and values",
  enforces: 'spec, Endpoints > Transports: charset=utf-8 for SOAP 1.1 and 1.2; URL Standard section 5.1 (application/x-www-form-urlencoded is UTF-8 percent-encoded); RFC 3986 section 2.5',
  scope: 'client',
  level: 'error',
  levelReason: 'the spec gives SOAP requests charset=utf-8; for GET and POST it names no charset, and ASMX reads UTF-8 (its default requestEncoding): a warning',
  appliesText: 'requests over the four transports',
  run({ call, reading }) {
    if (reading.notUtf8 === undefined) return pass;
    return fail(reading.notUtf8, call.transport === 'soap11' || call.transport === 'soap12' ? 'error' : 'warning');
  },
};
