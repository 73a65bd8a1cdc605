/** Requests as a client sends them, made by the project's own encoders, for the request decoder
 * and the client checks (issue 53). */
import { SERVICE_PATH, type Operation } from '../../src/contract/index.js';
import { exampleCase } from '../../src/cases/examples.js';
import type { HttpRequest, ObservedRequest, RequestContext, Transport, WireValues } from '../../src/transports/index.js';

export const NS = 'http://www.tigerpawsoftware.com';
export const CTX: RequestContext = { namespace: NS, servicePath: SERVICE_PATH };

const AUTH: Readonly<Record<string, string>> = { repnumber: '7', timestamp: '2024-05-17T09:30:00Z', sig: 'c2lnbmF0dXJl', mobilekey: 'MK-1' };

/** Every parameter of `op`: the hand-picked example values and authentication values. */
export function allValues(op: Operation): Record<string, string> {
  const values: Record<string, string> = { ...exampleCase(op).values };
  for (const p of op.params) if (p.name in AUTH) values[p.name] = AUTH[p.name]!;
  return values;
}

/** An encoded request as the bytes and headers a server receives. */
export function observedOf(request: HttpRequest, headers: Readonly<Record<string, string>> = request.headers): ObservedRequest {
  return { method: request.method, url: request.path, headers, body: Buffer.from(request.body ?? '', 'utf8') };
}

export const encoded = (t: Transport, op: Operation, values: WireValues = allValues(op)): ObservedRequest => observedOf(t.encode({ namespace: NS }, op, values));
