/**
 * The client checks' one entry point (issue 53): a request as a client sent it, decoded into its
 * call and judged by every client check. Pure and synchronous, no network: the proxy calls it on
 * every request it forwards, a replay on every captured one. The cost is one XML parse of a SOAP
 * body (decode/xml.ts) and, for a typed value outside ASMX's own reading, one XSD verdict kept per
 * value (lexical-values.ts); nothing is compiled per call.
 */
import type { Level } from '../../contract/vocabulary.js';
import type { CheckOutcome } from '../../results/check-outcome.js';
import { decodeObservedRequest, type ObservedCall, type ObservedRequest, type RequestReading } from '../../transports/index.js';
import { clientChecks } from '../registry.js';
import { runChecks, selected, type CheckSelection } from '../runner.js';
import type { ClientCheck } from '../types.js';

export interface ClientFinding {
  /** The client check's id (tsiws-conform checks, "Client checks"). */
  readonly check: string;
  readonly level: Level;
  readonly message: string;
}

export interface ClientOptions {
  /** The service's namespace ({namespace} of the spec). */
  readonly namespace: string;
  /** The service path the client calls, /api/rmm/tsiWS.asmx by the spec. */
  readonly servicePath: string;
  /** --checks / --skip-checks, when given; every client check otherwise. */
  readonly selection?: CheckSelection;
}

export interface ClientFindings {
  /** What the request calls: its transport, operation and parameters as sent, in order. */
  readonly call: ObservedCall;
  /** What the reader saw beside the call (headers, envelope, encoding), for whoever shows more. */
  readonly reading: RequestReading;
  /** One per failed check, at its level. A request for the service description (?WSDL) has none. */
  readonly findings: readonly ClientFinding[];
  /** Every selected check's verdict, as a run records them (a crashed check is status 'error'). */
  readonly outcomes: readonly CheckOutcome[];
}

const chosen = new WeakMap<CheckSelection, readonly ClientCheck[]>();
function checksFor(selection: CheckSelection | undefined): readonly ClientCheck[] {
  if (!selection) return clientChecks;
  let list = chosen.get(selection);
  if (!list) chosen.set(selection, (list = selected(clientChecks, selection)));
  return list;
}

/** Decodes `request` and judges it with the client checks. Never throws for a client's defect. */
export function clientFindings(request: ObservedRequest, options: ClientOptions): ClientFindings {
  const { call, reading } = decodeObservedRequest(request, options);
  if (call.description) return { call, reading, findings: [], outcomes: [] };
  const exchange = { namespace: options.namespace, call, reading };
  const outcomes = runChecks(checksFor(options.selection), (check) => check.run(exchange));
  const findings: ClientFinding[] = [];
  for (const o of outcomes) if (o.status === 'failed') findings.push({ check: o.id, level: o.level ?? 'error', message: o.message ?? '' });
  return { call, reading, findings, outcomes };
}
