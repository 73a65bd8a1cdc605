/**
 * Exchange records of a run given --reference-url, built by hand (the engine's side, branch
 * ref-engine, fills `reference`): the reference's answers and the candidate's differences from the
 * primary one. REFERENCE_RUN_RECORDS adds the 'reference' records the session makes at the end.
 */
import type { ExchangeRecord } from '../../src/results/record.js';
import type { FieldDifference, FieldPath } from '../../src/results/reference.js';
import { ReferenceVerdicts } from '../../src/session/reference-records.js';
import type { RunInfo } from '../../src/report/digest/summary.js';
import { MIXED_RUN } from './records.js';

export interface Compared {
  readonly operation?: string;
  readonly transport?: ExchangeRecord['transport'];
  readonly caseId?: string;
  readonly differences?: readonly FieldDifference[];
  readonly noise?: readonly FieldPath[];
  readonly notCompared?: string;
  readonly over?: Partial<ExchangeRecord>;
}

/** One exchange compared with the reference: the candidate and the primary answered 'result'. */
export function compared({ operation = 'MobileAccountSearch', transport = 'soap11', caseId = 'MobileAccountSearch-example', differences = [], noise = [], notCompared, over = {} }: Compared): ExchangeRecord {
  return {
    operation, transport, caseId, kind: 'positive',
    values: { accountname: '"Acme"' },
    request: { method: 'POST', url: `http://candidate/tsiWS.asmx#${caseId}`, headers: {}, body: '<x/>', curl: `curl -sS -i -X POST 'http://candidate/tsiWS.asmx' # ${caseId}` },
    response: { status: 200, headers: { 'content-type': 'text/xml' }, body: '<r/>', bodyBytes: 4, truncated: false, elapsedMs: 2 },
    checks: [{ id: 'http-status-200', status: 'passed' }],
    reference: notCompared !== undefined
      ? { answers: [], fields: 0, differences: [], noise: [], notCompared }
      : { answers: [{ side: 'primary', status: 200, outcome: 'result', text: '{}' }, { side: 'again', status: 200, outcome: 'result', text: '{}' }], fields: 3, differences, noise },
    ...over,
  };
}

export const REFERENCE_RUN: RunInfo = {
  ...MIXED_RUN,
  target: 'http://candidate',
  configuration: { profile: 'asmx', operations: ['MobileAccountSearch', 'MobileGetEmployee'], transports: ['soap11', 'get'], referenceUrl: 'http://reference' },
  toolErrors: [],
};

/** MobileAccountSearch: `$.modified` is noise (learned over get), `$.name` differs on soap11 twice;
 * MobileGetEmployee: the same everywhere. Values as the field engine keeps a JSON field's: JSON. */
export const REFERENCE_EXCHANGES: ExchangeRecord[] = [
  compared({ caseId: 'search-1', differences: [{ field: '$.name', reference: '"Acme"', candidate: '"ACME"' }, { field: '$.modified', reference: '"10:00"', candidate: '"10:01"' }] }),
  compared({ caseId: 'search-2', differences: [{ field: '$.name', reference: '"Bolt"', candidate: '"BOLT"' }] }),
  compared({ caseId: 'search-3', differences: [{ field: '$.modified', reference: '"10:02"', candidate: '"10:03"' }] }),
  compared({ caseId: 'search-1', transport: 'get', noise: ['$.modified'], differences: [{ field: '$.modified', reference: '"10:04"', candidate: '"10:05"' }] }),
  compared({ operation: 'MobileGetEmployee', caseId: 'employee-1' }),
  compared({ operation: 'MobileGetEmployee', caseId: 'employee-1', transport: 'get' }),
];

export function referenceRecordsOf(exchanges: readonly ExchangeRecord[], skipChecks: readonly string[] = []): ExchangeRecord[] {
  const verdicts = new ReferenceVerdicts({ profile: 'asmx', checks: undefined, skipChecks });
  for (const r of exchanges) verdicts.add(r);
  return verdicts.records();
}

export const REFERENCE_RUN_RECORDS: ExchangeRecord[] = [...REFERENCE_EXCHANGES, ...referenceRecordsOf(REFERENCE_EXCHANGES)];
