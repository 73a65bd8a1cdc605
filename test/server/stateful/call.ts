/** Test support: one call of the stateful reference server, every parameter filled (GET and POST
 * refuse a missing one before the web method runs), the answer decoded to its result text. */
import { AUTH_PARAMS, getOperation, type SoapType } from '../../../src/contract/index.js';
import type { ReferenceServer } from '../../../src/server/server.js';
import { getTransportById, type HttpResponse, type TransportId } from '../../../src/transports/index.js';
import { send } from '../../support/http.js';

const FILLER: Record<SoapType, string> = { str: '', int: '0', bool: 'false', dt: '2024-03-05T09:00:00' };

export interface Answer {
  readonly status: number;
  /** The result text, or undefined when the answer is a fault or an HTTP error. */
  readonly text: string | undefined;
  /** The result text, else the whole body (a GET/POST error's text/plain message, a fault's envelope). */
  readonly shown: string;
  /** The fault's code and reason when the answer is a SOAP fault. */
  readonly fault?: { readonly code: string; readonly reason: string };
  readonly response: HttpResponse;
}

/** Every parameter of `opName`: the given values, the rest empty, 0, false or a fixed dateTime. */
export function valuesFor(opName: string, given: Readonly<Record<string, string>> = {}): Record<string, string> {
  const auth: Record<string, string> = { repnumber: '101', timestamp: '', sig: '', mobilekey: '' };
  return Object.fromEntries(getOperation(opName).params.map((p) => [p.name, given[p.name] ?? (AUTH_PARAMS.includes(p.name) ? auth[p.name]! : FILLER[p.type])]));
}

export async function call(server: ReferenceServer, transport: TransportId, opName: string, given: Readonly<Record<string, string>> = {}, complete = true): Promise<Answer> {
  const op = getOperation(opName);
  const codec = getTransportById(transport);
  const response = await send(server.url, codec.encode({ namespace: server.namespace }, op, complete ? valuesFor(opName, given) : given));
  const decoded = codec.decode({ namespace: server.namespace }, op, response);
  const text = decoded.kind === 'result' ? decoded.text ?? '' : undefined;
  const fault = decoded.kind === 'fault' ? { code: decoded.code, reason: decoded.reason } : undefined;
  return { status: response.status, text, shown: text ?? response.body.toString('utf8'), ...(fault ? { fault } : {}), response };
}

/** The result text parsed as the JSON format's object. */
export async function json(server: ReferenceServer, transport: TransportId, opName: string, given: Readonly<Record<string, string>> = {}): Promise<Record<string, unknown>> {
  const answer = await call(server, transport, opName, given);
  if (answer.text === undefined) throw new Error(`${opName} over ${transport}: no result (${answer.status} ${answer.response.body.toString('utf8').slice(0, 300)})`);
  return JSON.parse(answer.text) as Record<string, unknown>;
}

export type Rec = Record<string, unknown>;
export const recordsOf = (result: Record<string, unknown>): Rec[] => result['records'] as Rec[];
