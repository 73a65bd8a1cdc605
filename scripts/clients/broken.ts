/**
 * Broken clients for test:clients: each a request with one defect, sent raw (undici) through the
 * proxy, and the client check that must name it (src/checks/client/). The requests start from this
 * tool's own encoders (a correct request) and break one thing, as a hand-written client would.
 */
import { request } from 'undici';
import { getOperation } from '../../src/contract/index.js';
import { getTransportById, type HttpRequest, type TransportId } from '../../src/transports/index.js';
import { callsOf } from './calls.js';

export interface Broken {
  readonly name: string;
  /** The client check that must fail, at level error. */
  readonly check: string;
  readonly request: (namespace: string) => HttpRequest;
}

const valuesOf = (operation: string) => callsOf('broken@example.com').find((c) => c.operation === operation)!.values;

function encoded(transport: TransportId, operation: string, namespace: string, values = valuesOf(operation)): HttpRequest {
  return getTransportById(transport).encode({ namespace }, getOperation(operation), values);
}

const withHeaders = (r: HttpRequest, edit: (h: Record<string, string>) => void): HttpRequest => {
  const headers = { ...r.headers };
  edit(headers);
  return { ...r, headers };
};

export const BROKEN: readonly Broken[] = [
  {
    name: 'SOAP 1.2 sent as text/xml', check: 'client-content-type',
    request: (ns) => withHeaders(encoded('soap12', 'MobileAccountSearch', ns), (h) => { h['Content-Type'] = 'text/xml; charset=utf-8'; }),
  },
  {
    name: 'SOAPAction missing', check: 'client-soap-action',
    request: (ns) => withHeaders(encoded('soap11', 'MobileAccountSearch', ns), (h) => { delete h.SOAPAction; }),
  },
  {
    name: 'SOAPAction unquoted', check: 'client-soap-action',
    request: (ns) => withHeaders(encoded('soap11', 'MobileAccountSearch', ns), (h) => { h.SOAPAction = h.SOAPAction!.replaceAll('"', ''); }),
  },
  {
    name: 'parameters out of order', check: 'client-parameter-order',
    request: (ns) => {
      const r = encoded('soap11', 'MobileAccountSearch', ns);
      return { ...r, body: r.body!.replace('<accountname>Acme</accountname><contactname></contactname>', '<contactname></contactname><accountname>Acme</accountname>') };
    },
  },
  {
    name: 'mobilekey missing', check: 'client-auth-parameters',
    request: (ns) => {
      const { mobilekey: _, ...values } = valuesOf('MobileContactEmailCreate');
      return encoded('soap11', 'MobileContactEmailCreate', ns, values);
    },
  },
  {
    name: 'dateTime without T', check: 'client-lexical-values',
    request: (ns) => encoded('soap11', 'MobileTimeLogCreate', ns, { ...valuesOf('MobileTimeLogCreate'), startdatetime: '2024-05-06 07:08:09' }),
  },
  {
    name: 'boolean as True', check: 'client-lexical-values',
    request: (ns) => encoded('soap11', 'MobileContactEmailCreate', ns, { ...valuesOf('MobileContactEmailCreate'), primary: 'True' }),
  },
  {
    name: 'unknown parameter', check: 'client-parameters-known',
    request: (ns) => {
      const r = encoded('soap11', 'MobileAccountSearch', ns);
      return { ...r, body: r.body!.replace('</sig>', '</sig><colour>red</colour>') };
    },
  },
];

/** Sends `r` to `base` (scheme, host, port) as it is; resolves the status. */
export async function send(base: string, r: HttpRequest): Promise<number> {
  const res = await request(base + r.path, { method: r.method, headers: r.headers, ...(r.body === undefined ? {} : { body: r.body }) });
  await res.body.dump();
  return res.statusCode;
}
