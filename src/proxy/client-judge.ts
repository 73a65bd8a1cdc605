/**
 * The client judgement the `proxy` command uses: the client checks of issue 53 (a request decoded,
 * then judged against the contract), adapted to the proxy's JudgeClient (observed.ts).
 *
 * NOT WIRED YET: the decoder of an observed request and the client checks are written beside the
 * proxy; their entry point is `clientFindings(request, { namespace, servicePath })`. The adapter
 * (`adaptClientFindings`) is written against its shape and tested with a stand-in; until the two are
 * merged `clientJudgeFor` returns undefined, and the proxy judges answers only (by the checks that
 * judge any answer, ?WSDL by the service checks), never pretending a request was judged. Wiring it
 * is: `return adaptClientFindings(clientFindings, settings);` with clientFindings imported.
 */
import { findOperation } from '../contract/index.js';
import type { TransportId } from '../contract/vocabulary.js';
import type { CheckOutcome } from '../results/check-outcome.js';
import type { JudgeClient, ObservedRequest } from './observed.js';

export interface ClientJudgeSettings {
  readonly namespace: string;
  /** Where the service is on the proxy: the spec's /api/rmm/tsiWS.asmx. */
  readonly servicePath: string;
}

/** What the client checks' entry point gives back, as far as the proxy reads it. */
export interface ClientCheckResult {
  readonly call: {
    readonly transport: TransportId | 'none';
    /** As the request names it, known to the contract or not. */
    readonly operation?: string;
    /** In the order they came; duplicates kept. */
    readonly params: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  };
  /** Every selected client check's verdict, as a run records them. */
  readonly outcomes: readonly CheckOutcome[];
}

export type ClientChecksEntry = (request: ObservedRequest, options: ClientJudgeSettings) => ClientCheckResult;

/** The proxy's judgement from the client checks': the call when it is one of the contract's over one
 * of the four transports (each parameter's first value, as ASMX binds it), and every verdict. */
export function adaptClientFindings(clientFindings: ClientChecksEntry, settings: ClientJudgeSettings): JudgeClient {
  return (request) => {
    const { call, outcomes } = clientFindings(request, settings);
    const operation = call.operation === undefined ? undefined : findOperation(call.operation);
    if (call.transport === 'none' || !operation) return { findings: outcomes };
    const values: Record<string, string> = {};
    for (const { name, value } of call.params) if (!(name in values)) values[name] = value;
    return { call: { transport: call.transport, operation: operation.name, values }, findings: outcomes };
  };
}

/** The client judgement for these settings, or undefined while the client checks are not built in. */
export function clientJudgeFor(_settings: ClientJudgeSettings): JudgeClient | undefined {
  return undefined;
}
