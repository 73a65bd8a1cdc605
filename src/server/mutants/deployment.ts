/**
 * Deployment mistakes: the same service, one web.config or attribute setting wrong each (issue 42).
 * Each answers as ASP.NET would; a run against one must name its diagnosis (src/diagnoses/) and
 * explain every finding with it (`diagnosis`, checked by npm run mutants).
 *
 * Evidence, per mutant:
 * - get-post-not-enabled: .NET Framework's default (machine.config enables HttpSoap, HttpSoap12,
 *   HttpPostLocalhost, Documentation); WebServiceHandlerFactory refuses with "Request format is
 *   unrecognized for URL unexpectedly ending in '/Op'." in ASP.NET's HTML error page, as a public
 *   tsiWS deployment answers (issue 42); the ?WSDL then has no HttpGet/HttpPost binding, port,
 *   port type or messages. Mono 6.8 (observed, TSIWS_ASMX_WITHOUT=HttpGet,HttpPost npm run
 *   test:asmx): HTTP 500 text/html with the same message (placeholder '{0}' unformatted), the same WSDL.
 * - soap12-not-enabled: Mono 6.8 (observed, the generated site with <remove name="HttpSoap12" />):
 *   a SOAP 1.2 request is read as SOAP 1.1 and refused with a SOAP 1.1 Client fault "Unable to
 *   handle request without a valid action parameter. Please supply a valid soap action.", and the
 *   ?WSDL has no SOAP 1.2 binding or port.
 * - tempuri-namespace: [WebService] without Namespace: http://tempuri.org/ (Visual Studio's template
 *   and the attribute's default); ASMX routes, describes and answers in it (see namespace-differs.ts).
 * - custom-errors-on: .NET Framework, customErrors mode="On": an HTTP GET/POST error becomes
 *   ASP.NET's generic "Runtime Error" page, HTTP 500 (HttpServerProtocol.WriteException leaves it
 *   to ASP.NET; customErrors element documentation). SOAP faults are ASMX's own and unchanged.
 */
import { soap11 } from '../../transports/dialects.js';
import { soapFault, type Reply } from '../replies.js';
import { isPlainError, withBody } from './reply.js';
import type { Mutant, ReplyContext } from './types.js';

/** The ?WSDL without the messages, port type, binding and port whose names contain `protocol`. */
function withoutProtocol(wsdl: string, protocol: string): string {
  return wsdl.replace(new RegExp(`\\s*<wsdl:(message|portType|binding|port) name="\\w*${protocol}\\w*"[^>]*>[\\s\\S]*?</wsdl:\\1>`, 'g'), '');
}

const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

/** ASP.NET's error page for an unhandled exception (customErrors Off, or a local client). */
function errorPage(exception: string, message: string): Reply {
  const body = `<!DOCTYPE html>\r\n<html>\r\n    <head>\r\n        <title>${htmlText(message)}</title>\r\n    </head>\r\n    <body bgcolor="white">\r\n            <span><H1>Server Error in '/' Application.<hr width=100% size=1 color=silver></H1>\r\n            <h2> <i>${htmlText(message)}</i> </h2></span>\r\n            <b> Exception Details: </b>${exception}: ${htmlText(message)}<br><br>\r\n    </body>\r\n</html>\r\n`;
  return { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body };
}

/** ASP.NET's generic page under customErrors On (no defaultRedirect). */
const RUNTIME_ERROR: Reply = {
  status: 500,
  headers: { 'Content-Type': 'text/html; charset=utf-8' },
  body: `<!DOCTYPE html>\r\n<html>\r\n    <head>\r\n        <title>Runtime Error</title>\r\n    </head>\r\n    <body bgcolor="white">\r\n            <span><H1>Server Error in '/' Application.<hr width=100% size=1 color=silver></H1>\r\n            <h2> <i>Runtime Error</i> </h2></span>\r\n            <b> Description: </b>An application error occurred on the server. The current custom error settings for this application prevent the details of the application error from being viewed.<br><br>\r\n    </body>\r\n</html>\r\n`,
};

const isForm = (ctx: ReplyContext) => ctx.transport === 'get' || ctx.transport === 'post';

export const DEPLOYMENT_MUTANTS: readonly Mutant[] = [
  {
    name: 'get-post-not-enabled',
    description: 'HTTP GET and POST are not enabled in web.config (.NET\'s default): every GET/POST is refused with "Request format is unrecognized", and ?WSDL has no HttpGet/HttpPost binding',
    caughtBy: ['http-status-200', 'wsdl-matches-contract', 'transport-reaches-service'],
    diagnosis: 'transport-not-enabled',
    respond(r, ctx) {
      if (ctx.transport === 'wsdl') return withBody(r, withoutProtocol(withoutProtocol(r.body, 'HttpGet'), 'HttpPost'));
      return isForm(ctx) ? errorPage('System.InvalidOperationException', `Request format is unrecognized for URL unexpectedly ending in '/${ctx.operation ?? ''}'.`) : r;
    },
  },
  {
    name: 'soap12-not-enabled',
    description: 'HttpSoap12 is removed in web.config: SOAP 1.2 requests are refused with a SOAP 1.1 fault, and ?WSDL has no SOAP 1.2 binding',
    caughtBy: ['http-status-200', 'wsdl-matches-contract', 'transport-reaches-service'],
    diagnosis: 'transport-not-enabled',
    respond(r, ctx) {
      if (ctx.transport === 'wsdl') return withBody(r, withoutProtocol(r.body, 'Soap12'));
      return ctx.transport === 'soap12' ? soapFault(soap11, 'client', 'Unable to handle request without a valid action parameter. Please supply a valid soap action.') : r;
    },
  },
  {
    name: 'tempuri-namespace',
    description: 'the [WebService] attribute\'s Namespace is left at http://tempuri.org/: the service routes, describes and answers in that namespace',
    caughtBy: ['wsdl-matches-contract', 'http-string-root'],
    diagnosis: 'namespace-differs',
    namespace: 'http://tempuri.org/',
  },
  {
    name: 'custom-errors-on',
    description: 'customErrors mode="On": every HTTP GET/POST error is ASP.NET\'s generic "Runtime Error" page instead of the text/plain exception message',
    caughtBy: ['error-body-readable'],
    diagnosis: 'custom-error-pages',
    respond: (r, ctx) => (isForm(ctx) && isPlainError(r) ? RUNTIME_ERROR : r),
  },
];
