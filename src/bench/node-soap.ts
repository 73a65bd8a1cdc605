/**
 * A SOAP client others use, on the same target: node-soap (a dev dependency) builds its client from
 * the target's own ?WSDL and calls every operation with its example values over SOAP 1.1 and 1.2.
 * The harness is measured beside it as a user would compare the two (issue 61): the same calls (its
 * positive suite over soap11 and soap12 alone), the same concurrency (4 in flight: one worker), the
 * same window (node-soap calls for as long as the harness sent, and both rates leave out the first
 * WARM_UP_MS of sending). The ratio says whether checking every answer costs more than a plain
 * SOAP client spends making the calls.
 * Measured in this process, as autocannon and the client alone are (on cores of their own, the
 * bench's cores, affinity.ts).
 */
import { createRequire } from 'node:module';
import * as soap from 'soap';
import { SERVICE_NAME, SERVICE_PATH, getOperation } from '../contract/index.js';
import { perRequest } from './client-alone.js';
import { cpuDuring, type SideCpu } from './cpu.js';
import { steadyRate, WARM_UP_MS, type Timed } from './harness.js';
import { keepInFlight } from './in-flight.js';
import type { ExampleCall } from './requests.js';

export const NODE_SOAP_VERSION = (createRequire(import.meta.url)('soap/package.json') as { version: string }).version;

/** The harness's rate over node-soap's that the bench's target asks for: at least as fast. */
export const NODE_SOAP_TARGET = 1;

/**
 * The two SOAP ports of an ASMX service's WSDL (`<Service>Soap`, `<Service>Soap12`, as
 * src/wsdl/generate.ts writes them too). Both are called, as the harness's positive suite sends
 * over both: node-soap takes the envelope version from the client, not from the port's binding
 * (soap 1.13.0, lib/client.js `_invoke`), so the SOAP 1.2 port gets a client of its own made with
 * `forceSoap12Headers` (SOAP 1.2 envelope, `application/soap+xml; action=...`), and each client
 * calls its own port's methods.
 */
export const DIALECTS = [
  { transport: 'soap11', port: `${SERVICE_NAME}Soap`, forceSoap12Headers: false },
  { transport: 'soap12', port: `${SERVICE_NAME}Soap12`, forceSoap12Headers: true },
] as const;

export type Dialect = (typeof DIALECTS)[number];

export interface NodeSoapCall {
  readonly dialect: Dialect;
  readonly operation: string;
  /** Keyed by parameter, in the contract's order (the order the harness's encoders write). */
  readonly args: Readonly<Record<string, string>>;
}

/** Every operation's example over both SOAP versions, operation by operation, as the prebuilt
 * requests are ordered (requests.ts): the cycle node-soap's calls go through. */
export function nodeSoapCalls(examples: readonly ExampleCall[], dialects: readonly Dialect[] = DIALECTS): NodeSoapCall[] {
  return examples.flatMap(({ operation, values }) => {
    const args = Object.fromEntries(getOperation(operation).params.flatMap((p) => (values[p.name] === undefined ? [] : [[p.name, values[p.name]!]])));
    return dialects.map((dialect) => ({ dialect, operation, args }));
  });
}

export interface NodeSoapResult {
  readonly version: string;
  readonly calls: number;
  /** Calls answered without error, per second, after the warm-up (as the harness's steadyRate). */
  readonly rate: number;
  /** The same over the whole window, warm-up included. */
  readonly windowRate: number;
  /** Calls that failed: no answer, an HTTP error, a fault, or an answer node-soap could not read. */
  readonly errors: number;
  readonly firstError?: string;
  /** CPU ms per call of the target and of this process (node-soap); null without /proc. */
  readonly cpu: SideCpu | null;
  /** The harness's checked exchanges per second over node-soap's calls per second, after the same warm-up. */
  readonly ratio: number;
  /** The same over both whole sending windows. */
  readonly windowRatio: number;
  /** The harness run it is compared with: its rates of the same calls (wallPerSecond: over the
   * whole command, start-up, vitest and the reports included, as `time` would read it). */
  readonly harness: { readonly perSecond: number; readonly windowPerSecond: number; readonly wallPerSecond: number; readonly exchanges: number };
}

export type NodeSoapFigures = NodeSoapResult | { readonly skipped: string };

export interface NodeSoapOptions {
  /** Scheme, host and port of the target; the WSDL is read from its service path's ?WSDL. */
  readonly baseUrl: string;
  readonly targetPid: number;
  readonly examples: readonly ExampleCall[];
  readonly concurrency: number;
  /** How long to call: the harness's sending window. */
  readonly seconds: number;
  /** The harness's rates of the same calls on the same target, for the ratios. */
  readonly harness: NodeSoapResult['harness'];
}

type PortMethod = (args: object, callback: (err: unknown) => void, options: object) => void;

/** The methods of one port of the client's service, or why there are none. */
function portOf(client: soap.Client, port: string): Record<string, PortMethod> {
  const methods = (client as unknown as Record<string, Record<string, Record<string, PortMethod>> | undefined>)[SERVICE_NAME]?.[port];
  if (!methods) throw new Error(`the WSDL has no port ${SERVICE_NAME}/${port} (node-soap sees ${JSON.stringify(Object.keys(client.describe() as object))})`);
  return methods;
}

/** A call whose answer node-soap could not get in this time is an error, not a stalled loop. */
const CALL_TIMEOUT_MS = 10_000;

/** Makes the clients (once per SOAP version, from the ?WSDL), then calls for `seconds`, counting
 * as the harness's rate is counted (steadyRate: after WARM_UP_MS of sending). A WSDL node-soap
 * cannot use is a skip, with the reason. */
export async function nodeSoap(options: NodeSoapOptions): Promise<NodeSoapFigures> {
  const { baseUrl, targetPid, concurrency, seconds } = options;
  const wsdl = `${baseUrl}${SERVICE_PATH}?WSDL`;
  let ports: Map<Dialect, Record<string, PortMethod>>;
  try {
    ports = new Map(await Promise.all(DIALECTS.map(async (d) => [d, portOf(await soap.createClientAsync(wsdl, { forceSoap12Headers: d.forceSoap12Headers }), d.port)] as const)));
  } catch (err) {
    return { skipped: `node-soap ${NODE_SOAP_VERSION} could not make a client from ${wsdl}: ${(err as Error).message}` };
  }
  const send = (c: NodeSoapCall) => new Promise<boolean>((resolve, reject) => {
    const method = ports.get(c.dialect)![c.operation];
    if (!method) return reject(new Error(`node-soap has no ${c.operation} on port ${c.dialect.port}`));
    method(c.args, (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(true)), { timeout: CALL_TIMEOUT_MS });
  });
  const calls = nodeSoapCalls(options.examples);
  const answered: Timed[] = [];
  const { result, cpu } = await cpuDuring(targetPid, () => keepInFlight(calls, concurrency, seconds, send, (sentAt, endAt) => answered.push({ sentAt, endAt })));
  const rates = answered.length > 0 ? steadyRate(answered) : { perSecond: 0, windowPerSecond: 0 };
  return {
    version: NODE_SOAP_VERSION, calls: result.answered, rate: Number(rates.perSecond.toFixed(1)), windowRate: Number(rates.windowPerSecond.toFixed(1)), errors: result.errors,
    ...(result.firstError !== undefined ? { firstError: result.firstError } : {}),
    cpu: cpu ? perRequest(cpu, result.answered) : null,
    ratio: harnessOverNodeSoap(options.harness.perSecond, rates.perSecond),
    windowRatio: harnessOverNodeSoap(options.harness.windowPerSecond, rates.windowPerSecond),
    harness: options.harness,
  };
}

/** To three decimals; 0 when node-soap made no call (no ratio, and not a target met). */
export function harnessOverNodeSoap(harnessPerSecond: number, nodeSoapPerSecond: number): number {
  return nodeSoapPerSecond > 0 ? Number((harnessPerSecond / nodeSoapPerSecond).toFixed(3)) : 0;
}

export function nodeSoapLine(who: string, concurrency: number, seconds: number, f: NodeSoapFigures): string {
  if ('skipped' in f) return `${who}node-soap: skipped: ${f.skipped}`;
  const failures = f.errors > 0 ? ` (first error: ${f.firstError})` : '';
  const cpu = f.cpu ? `; CPU ms per call ${f.cpu.targetMs} server + ${f.cpu.clientMs} node-soap` : '';
  return `${who}node-soap (soap ${f.version}, createClientAsync from ?WSDL, SOAP 1.1 and 1.2, ${concurrency} in flight, ${seconds.toFixed(1)} s as the harness sent): ${f.rate.toFixed(0)} calls/s after a ${WARM_UP_MS / 1000} s warm-up (${f.windowRate.toFixed(0)}/s over the whole window), ${f.errors} errors${failures}${cpu}; the harness on the same calls (positive suite over soap11 and soap12, ${concurrency} in flight, one worker) ${f.harness.perSecond.toFixed(0)} checked exchanges/s (${f.harness.windowPerSecond.toFixed(0)}/s whole window, ${f.harness.wallPerSecond.toFixed(0)}/s over its whole command, start-up and reports included): harness/node-soap ${f.ratio} (${f.windowRatio} over the whole windows, ${harnessOverNodeSoap(f.harness.wallPerSecond, f.windowRate)} with the harness's whole command)`;
}

/** The bench's target for a node-soap figure: the harness at least as fast as node-soap, and
 * node-soap's calls all answered (calls that fail fast would make node-soap look faster). */
export function nodeSoapTarget(f: NodeSoapFigures): { value: number | null; target: string; met: boolean; skipped?: string } {
  const target = `>= ${NODE_SOAP_TARGET.toFixed(2)}`;
  if ('skipped' in f) return { value: null, target, met: false, skipped: f.skipped };
  return { value: f.ratio, target, met: f.errors === 0 && f.ratio >= NODE_SOAP_TARGET };
}
