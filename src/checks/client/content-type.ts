import { soap11, soap12 } from '../../transports/dialects.js';
import { fail, pass, skip, type ClientCheck } from '../types.js';

const FORM = 'application/x-www-form-urlencoded';

/** The Content-Type the spec's Transports table gives each transport's request. */
const EXPECTED = {
  soap11: { mediaType: soap11.mediaType, charset: 'utf-8' },
  soap12: { mediaType: soap12.mediaType, charset: 'utf-8' },
  post: { mediaType: FORM, charset: undefined },
} as const;

export const clientContentType: ClientCheck = {
  id: 'client-content-type',
  description: "The request's Content-Type is its transport's: text/xml; charset=utf-8 (SOAP 1.1), application/soap+xml; charset=utf-8 (SOAP 1.2), application/x-www-form-urlencoded (HTTP POST)",
  enforces: 'spec, Endpoints > Transports: "Request header(s)"; SOAP 1.1 section 6.1.1 (text/xml); SOAP 1.2 Part 2 section 7.1.4 and RFC 3902 (application/soap+xml)',
  scope: 'client',
  level: 'error',
  levelReason: "the spec's Transports table gives each request's Content-Type, and the SOAP standards their media types",
  appliesText: 'SOAP 1.1, SOAP 1.2 and HTTP POST requests',
  run({ call, reading }) {
    if (call.transport === 'none' || call.transport === 'get') return skip('a GET request has no body');
    const want = EXPECTED[call.transport];
    const shown = `${want.mediaType}${want.charset ? `; charset=${want.charset}` : ''}`;
    const header = reading.headers['content-type'];
    if (header === undefined) return fail(`no Content-Type header; expected "${shown}"`);
    if (reading.mediaType !== want.mediaType) {
      const envelope = call.transport === 'post' ? 'an HTTP POST form' : `a SOAP ${call.transport === 'soap11' ? '1.1' : '1.2'} envelope`;
      return fail(`${envelope} sent as "${header}"; expected "${shown}"`);
    }
    if (want.charset && reading.charset !== want.charset) return fail(`Content-Type "${header}" ${reading.charset ? `has charset ${reading.charset}` : 'has no charset'}; expected "${shown}"`);
    return pass;
  },
};
