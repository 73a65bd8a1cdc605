/** Mutants of the service as a whole: a missing operation or transport, slowness, authentication, the published WSDL. */
import { setTimeout as sleep } from 'node:timers/promises';
import { soap11, soap12 } from '../../transports/dialects.js';
import { plainError, soapFault, type Reply } from '../replies.js';
import { isSuccess, withBody } from './reply.js';
import type { Mutant, ReplyContext } from './types.js';

const MISSING = 'MobilePartsUsedList';
const SLOW = 'MobileContactSearch';

/** Rewrites the ?WSDL answer only. */
const wsdl = (change: (text: string) => string) => (r: Reply, ctx: ReplyContext) => (ctx.transport === 'wsdl' ? withBody(r, change(r.body)) : r);

export const SERVICE_MUTANTS: readonly Mutant[] = [
  {
    name: 'missing-operation',
    description: `${MISSING} is published in the WSDL but not implemented: every call to it is refused as an unknown method`,
    caughtBy: ['not-a-fault', 'http-status-200'],
    respond(r, ctx) {
      if (ctx.operation !== MISSING || ctx.transport === 'wsdl') return r;
      if (ctx.transport === 'get' || ctx.transport === 'post') return plainError(`System.InvalidOperationException: ${MISSING} Web Service method name is not valid.\r\n`);
      if (ctx.transport === 'soap11') return soapFault(soap11, 'client', `Server did not recognize the value of HTTP Header SOAPAction: http://www.tigerpawsoftware.com/${MISSING}.`);
      return soapFault(soap12, 'client', `Unable to handle request. The action 'http://www.tigerpawsoftware.com/${MISSING}' was not recognized.`);
    },
  },
  {
    // ASMX disables the HttpPost protocol unless web.config's <webServices><protocols> adds it;
    // the request is then refused with this message (reference source, WebServiceHandlerFactory).
    name: 'no-http-post',
    description: 'HTTP POST is not enabled: every POST to /<Op> is answered "Request format is unrecognized"',
    caughtBy: ['http-status-200', 'not-a-fault'],
    diagnosis: 'transport-not-enabled',
    respond: (r, ctx) => (ctx.transport === 'post' ? plainError(`System.InvalidOperationException: Request format is unrecognized for URL unexpectedly ending in '/${ctx.operation ?? ''}'.\r\n`) : r),
  },
  {
    name: 'slow-operation',
    description: `${SLOW} over SOAP 1.1 takes 8 seconds to answer a successful call`,
    // answers-in-time: the SOAP 1.2 envelope sent as SOAP 1.1, which ASMX tolerates, is answered
    // too, 8 s later, past --negative-timeout-ms (5 s).
    caughtBy: ['response-time', 'answers-in-time'],
    // The SLA leaves a loaded machine's clean answers seconds of room; the delay exceeds it by as much.
    needs: { slaMs: 5000 },
    async respond(r, ctx) {
      if (ctx.operation === SLOW && ctx.transport === 'soap11' && isSuccess(r, ctx)) await sleep(8000);
      return r;
    },
  },
  {
    name: 'no-timestamp-window',
    description: 'the signature is checked but the timestamp is not: a day-old signed request is accepted (replay)',
    caughtBy: ['auth-enforced'],
    needs: { auth: true },
    // Measuring the window against the request's own timestamp accepts any timestamp that parses.
    authClock: (_op, raw) => Date.parse(raw.get('timestamp') ?? ''),
  },
  {
    name: 'wsdl-reordered-params',
    description: 'the published WSDL lists accountnumber before sonumber in MobileTimeLogCreate',
    caughtBy: ['wsdl-matches-contract'],
    respond: wsdl((text) => text.replace(/(<s:element [^>]*name="sonumber"[^>]*\/>)(\s*)(<s:element [^>]*name="accountnumber"[^>]*\/>)/, '$3$2$1')),
  },
  {
    name: 'wsdl-changed-type',
    description: 'the published WSDL types MobileTimeLogCreate elapsedhours as s:decimal instead of s:int',
    caughtBy: ['wsdl-matches-contract'],
    respond: wsdl((text) => text.replace('name="elapsedhours" type="s:int"', 'name="elapsedhours" type="s:decimal"')),
  },
];
