/**
 * The client judgement the `proxy` command uses: the client checks of issue 53
 * (checks/client/findings.ts: a request decoded, then judged against the contract), adapted to the
 * proxy's JudgeClient (observed.ts). A request names a call only when its transport is one of the
 * four and its operation one of the contract's: the answer to anything else is judged by the checks
 * that judge any answer (observed-record.ts).
 */
import { clientFindings } from '../checks/client/findings.js';
import type { CheckSelection } from '../checks/runner.js';
import { findOperation } from '../contract/index.js';
import type { ClientJudgement, JudgeClient } from './observed.js';

export interface ClientJudgeSettings {
  readonly namespace: string;
  /** Where the service is on the proxy: the spec's /api/rmm/tsiWS.asmx. */
  readonly servicePath: string;
  /** --checks / --skip-checks; every client check when absent. */
  readonly selection?: CheckSelection;
}

/** The client judgement for these settings. */
export function clientJudgeFor(settings: ClientJudgeSettings): JudgeClient {
  return (request): ClientJudgement => {
    const { call, outcomes } = clientFindings(request, settings);
    const operation = call.operation === undefined ? undefined : findOperation(call.operation);
    if (call.transport === 'none' || !operation) return { findings: outcomes };
    // A parameter sent twice keeps its first value (client-parameters-once says it was sent twice): the
    // record's values are for reading and replay, not a claim of which one the target bound.
    const values: Record<string, string> = {};
    for (const p of call.params) if (!(p.name in values)) values[p.name] = p.value;
    return { call: { transport: call.transport, operation: operation.name, values }, findings: outcomes };
  };
}
