/** transport-reaches-service (src/checks/transport-reaches-service.ts) and the per-transport verdicts
 * a run makes once its valid requests are in (src/session/transport-reach.ts, issue 59): a transport
 * on which no valid request of any operation succeeded while another's did is one finding, on a
 * service record over that transport; a transport that reaches the service, or a run where none
 * does, makes no record. */
import { describe, expect, test } from 'vitest';
import { transportReachesService, type TransportReach } from '../../src/checks/transport-reaches-service.js';
import type { DataPathOutcome } from '../../src/results/data-path.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { TransportReachVerdicts } from '../../src/session/transport-reach.js';

const reach = (over: Partial<TransportReach>): TransportReach => ({ transport: 'soap12', valid: 40, succeeded: 0, elsewhere: { soap11: 38, get: 30 }, ...over });

describe('transport-reaches-service', () => {
  test.each([
    ['fails: none of its valid requests succeeded while others did', reach({ first: 'MobileTasksList, case MobileTasksList-example: HTTP 500' }),
      { status: 'failed', message: 'none of the 40 valid requests over SOAP 1.2 succeeded, of any operation, while 38 over SOAP 1.1, 30 over HTTP GET did: the transport does not reach the service (first: MobileTasksList, case MobileTasksList-example: HTTP 500)' }],
    ['passes: one success is enough', reach({ succeeded: 1 }), { status: 'passed' }],
    ['cannot judge: no transport reached the service', reach({ elsewhere: {} }), { status: 'skipped', message: 'no valid request succeeded over any transport: nothing tells this transport from the others (see the data path)' }],
    ['cannot judge: nothing answered over it', reach({ valid: 0 }), { status: 'skipped', message: 'no valid request was answered over SOAP 1.2' }],
  ])('%s', (_, subject, verdict) => expect(transportReachesService.run(subject)).toEqual(verdict));
});

const request = { method: 'POST', url: 'http://127.0.0.1:1/api/rmm/tsiWS.asmx', headers: {}, curl: 'curl' };
const positive = (transport: 'soap11' | 'soap12' | 'get', outcome: DataPathOutcome, caseId = 'MobileTasksList-example'): ExchangeRecord => ({
  operation: 'MobileTasksList', transport, caseId, kind: 'positive', request, checks: [], dataPath: outcome,
  response: { status: outcome === 'success' ? 200 : 500, headers: {}, body: '', bodyBytes: 0, truncated: false, elapsedMs: 1 },
});
const fuzz = (transport: 'soap11' | 'soap12', tally: Partial<Record<DataPathOutcome, number>>): ExchangeRecord => ({
  operation: 'MobileAccountSearch', transport, caseId: 'MobileAccountSearch-fuzz-1', kind: 'fuzz', request, checks: [], dataPath: 'success', fuzz: { seed: 1, runs: 10, planned: 10, interrupted: false, dataPath: tally },
});

function verdicts(records: readonly ExchangeRecord[], skipChecks: string[] = []): ExchangeRecord[] {
  const v = new TransportReachVerdicts({ checks: undefined, skipChecks });
  for (const r of records) v.add(r);
  return v.records();
}

describe('TransportReachVerdicts', () => {
  test('one service record for the transport no valid request reached, counting fuzz samples, carrying its first request', () => {
    const records = verdicts([positive('soap11', 'success'), positive('soap12', 'fault'), positive('soap12', 'fault', 'MobileTasksList-2'), fuzz('soap12', { fault: 9, refused: 1 }), fuzz('soap11', { success: 4, failure: 6 }), positive('get', 'failure'), positive('get', 'success')]);
    expect(records).toEqual([{
      operation: 'tsiWS', transport: 'soap12', caseId: 'tsiWS-soap12-reach', kind: 'service', request,
      checks: [{ id: 'transport-reaches-service', status: 'failed', level: 'error', message: 'none of the 11 valid requests over SOAP 1.2 succeeded, of any operation, while 5 over SOAP 1.1, 1 over HTTP GET did: the transport does not reach the service (first: MobileTasksList, case MobileTasksList-example: HTTP 500)' }],
    }]);
  });

  test('no record when each transport reached the service, when none did, or when the check is left out', () => {
    expect(verdicts([positive('soap11', 'success'), positive('soap12', 'fault'), fuzz('soap12', { failure: 3, success: 1 })])).toEqual([]);
    expect(verdicts([positive('soap11', 'fault'), positive('soap12', 'fault')])).toEqual([]);
    // A request the host refused never reached the service: no evidence against the transport.
    expect(verdicts([positive('soap11', 'success'), positive('soap12', 'refused')])).toEqual([]);
    expect(verdicts([positive('soap11', 'success'), positive('soap12', 'fault')], ['transport-reaches-service'])).toEqual([]);
  });
});
