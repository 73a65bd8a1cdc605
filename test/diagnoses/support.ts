/** Hand-built records for the diagnoses' tests: one exchange's answer and its findings. */
import type { ExchangeRecord } from '../../src/results/record.js';
import type { Level } from '../../src/results/levels.js';
import type { DiagnosisInput } from '../../src/diagnoses/diagnose.js';

export const NS = 'http://www.tigerpawsoftware.com';

export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

/** An exchange of `op` over `transport` that got `answer` and earned `checks` (id: level). */
export function exchange(op: string, transport: ExchangeRecord['transport'], answer: Answer, checks: Record<string, Level>, caseId = `${op}-example`): ExchangeRecord {
  return {
    operation: op, transport, caseId, kind: transport === 'parity' ? 'parity' : 'positive',
    request: { method: 'POST', url: `http://127.0.0.1:1/api/rmm/tsiWS.asmx/${op}`, headers: {}, curl: 'curl' },
    response: { status: answer.status, headers: { 'content-type': answer.contentType ?? 'text/plain; charset=utf-8', ...answer.headers }, body: answer.body, bodyBytes: answer.body.length, truncated: false, elapsedMs: 1 },
    checks: Object.entries(checks).map(([id, level]) => ({ id, status: 'failed' as const, level, message: `${id} failed` })),
  };
}

/** The service's ?WSDL record, its comparison failing with these drift lines (or passing). */
export function wsdlRecord(drifts: readonly string[]): ExchangeRecord {
  return {
    operation: 'tsiWS', transport: 'wsdl', caseId: 'tsiWS-wsdl', kind: 'service',
    request: { method: 'GET', url: 'http://127.0.0.1:1/api/rmm/tsiWS.asmx?WSDL', headers: {}, curl: 'curl' },
    checks: [drifts.length === 0 ? { id: 'wsdl-matches-contract', status: 'passed' } : { id: 'wsdl-matches-contract', status: 'failed', level: 'error', message: `${drifts.length} difference(s) from the contract:\n${drifts.join('\n')}` }],
  };
}

export const ALL = ['soap11', 'soap12', 'get', 'post'];

export function input(records: readonly ExchangeRecord[], passedOver: readonly string[] = ALL, sentOver: readonly string[] = ALL): DiagnosisInput {
  return { records, namespace: NS, sentOver: new Set(sentOver), passedOver: new Set(passedOver) };
}
