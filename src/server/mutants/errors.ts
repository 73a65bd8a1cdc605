/** Mutants in how errors are answered: fault status, media type, shape, code, message; GET/POST errors. */
import { soap11, soap12 } from '../../transports/dialects.js';
import { plainError, soapFault } from '../replies.js';
import { faultOn, isPlainError, isSoapFault, withBody, withHeader, withStatus } from './reply.js';
import type { Mutant } from './types.js';

export const ERROR_MUTANTS: readonly Mutant[] = [
  {
    name: 'fault-status-200',
    description: 'SOAP 1.1 faults are sent with HTTP 200 instead of 500',
    // Also Basic Profile R1126 (wsi.ts has the other families): failed in wsi-report.xml, and named
    // by wsi-basic-profile at info, pointing here: one defect, one finding (wsi/recorded.ts).
    caughtBy: ['fault-status'],
    respond: faultOn('soap11', (r) => withStatus(r, 200)),
  },
  {
    name: 'soap12-fault-text-xml',
    description: 'SOAP 1.2 faults are sent as text/xml instead of application/soap+xml',
    caughtBy: ['fault-content-type'],
    respond: faultOn('soap12', (r) => withHeader(r, 'Content-Type', 'text/xml; charset=utf-8')),
  },
  {
    name: 'soap11-fault-no-faultstring',
    description: 'SOAP 1.1 faults carry a faultcode but no faultstring',
    caughtBy: ['soap-fault-shape'],
    respond: faultOn('soap11', (r) => withBody(r, r.body.replace(/<faultstring>.*?<\/faultstring>/s, ''))),
  },
  {
    name: 'soap12-reason-no-lang',
    description: 'SOAP 1.2 fault reasons lack the required xml:lang attribute',
    caughtBy: ['soap-fault-shape'],
    respond: faultOn('soap12', (r) => withBody(r, r.body.replace(' xml:lang="en"', ''))),
  },
  {
    name: 'client-faults-as-server',
    description: 'SOAP faults for unreadable input say Server/Receiver instead of Client/Sender',
    caughtBy: ['fault-code-per-profile'],
    respond: (r) => (isSoapFault(r) ? withBody(r, r.body.replace('>soap:Client<', '>soap:Server<').replace('>soap:Sender<', '>soap:Receiver<')) : r),
  },
  {
    name: 'generic-error-messages',
    description: 'every fault and GET/POST error says only "An error occurred." instead of the System.Web.Services message',
    caughtBy: ['error-message-per-profile'],
    respond(r) {
      if (isSoapFault(r)) return withBody(r, r.body.replace(/(<faultstring>|<soap:Text xml:lang="en">).*?(<\/faultstring>|<\/soap:Text>)/s, '$1An error occurred.$2'));
      return isPlainError(r) ? withBody(r, 'System.Exception: An error occurred.\r\n') : r;
    },
  },
  {
    name: 'form-errors-400',
    description: 'HTTP GET/POST errors are answered with 400 instead of the 500 ASMX sends',
    caughtBy: ['rejection-per-profile'],
    respond: (r, ctx) => ((ctx.transport === 'get' || ctx.transport === 'post') && isPlainError(r) && r.status === 500 ? withStatus(r, 400) : r),
  },
  {
    name: 'form-errors-as-html',
    description: 'HTTP GET/POST errors are an HTML error page (customErrors off) instead of the text/plain message',
    caughtBy: ['error-body-readable'],
    respond: (r, ctx) => ((ctx.transport === 'get' || ctx.transport === 'post') && isPlainError(r)
      ? { ...r, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: `<html><head><title>Runtime Error</title></head><body><h1>Server Error in '/' Application.</h1><pre>${r.body.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body></html>` }
      : r),
  },
  {
    name: 'malformed-xml-fault',
    description: 'SOAP bodies that are not well-formed XML get a 500 Client fault instead of the empty 400 ASMX sends',
    caughtBy: ['rejection-per-profile'],
    respond: (r, ctx) => (r.status === 400 && r.body === '' && (ctx.transport === 'soap11' || ctx.transport === 'soap12')
      ? soapFault(ctx.transport === 'soap11' ? soap11 : soap12, 'client', 'Server was unable to read request. ---> Data at the root level is invalid.')
      : r),
  },
  {
    name: 'fault-on-one-operation',
    description: 'MobileOpportunitySummary fails every valid call with a NullReferenceException (a fault, or a 500 over GET/POST)',
    caughtBy: ['not-a-fault', 'http-status-200'],
    respond(r, ctx) {
      if (ctx.operation !== 'MobileOpportunitySummary' || r.status !== 200 || ctx.transport === 'wsdl') return r;
      const message = 'Object reference not set to an instance of an object.';
      if (ctx.transport === 'get' || ctx.transport === 'post') return plainError(`System.NullReferenceException: ${message}\r\n`);
      return soapFault(ctx.transport === 'soap11' ? soap11 : soap12, 'server', `Server was unable to process request. ---> ${message}`);
    },
  },
];
