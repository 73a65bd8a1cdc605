/**
 * A small run built by hand with every outcome a report must carry: passes, findings, an exchange
 * the target did not complete, a crashed check, a skipped exchange, a skipped service check and a
 * tool error. Messages hold the characters XML must escape.
 */
import type { ExchangeRecord } from '../../src/results/record.js';
import type { RunInfo } from '../../src/report/digest/summary.js';

const request = (op: string, transport: string) => ({
  method: 'POST',
  url: `http://127.0.0.1:1/api/rmm/tsiWS.asmx/${op}`,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'repnumber=1&sig=%7Bsig%7D',
  curl: `curl -sS -i -X POST 'http://127.0.0.1:1/api/rmm/tsiWS.asmx/${op}' -H 'Content-Type: application/x-www-form-urlencoded' --data-binary 'repnumber=1&sig={sig}' # ${transport}`,
});
const response = { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: '<int>1</int>', bodyBytes: 12, truncated: false, elapsedMs: 12 };

export const MIXED_RECORDS: ExchangeRecord[] = [
  { operation: 'MobileGetEmployee', transport: 'soap11', caseId: 'p1', kind: 'positive', request: request('MobileGetEmployee', 'soap11'), response, checks: [{ id: 'http-status-200', status: 'passed' }, { id: 'fault-shape', status: 'skipped', message: 'not a fault' }] },
  { operation: 'MobileGetEmployee', transport: 'post', caseId: 'n1', kind: 'negative', scenario: 'int-non-numeric', param: 'repnumber', expectation: { profile: 'asmx', summary: 'HTTP 500 <fault> & no result', evidence: 'spec' }, request: request('MobileGetEmployee', 'post'), response, checks: [{ id: 'rejection-per-profile', status: 'failed', message: 'accepted "abc" <as> 0 & answered 200' }] },
  { operation: 'MobileGetEmployee', transport: 'get', caseId: 'f1', kind: 'fuzz', fuzz: { seed: 42, runs: 10, planned: 10, interrupted: false, path: '3:1:0' }, request: request('MobileGetEmployee', 'get'), response, checks: [{ id: 'echo-matches', status: 'failed', message: 'echo differs' }] },
  { operation: 'MobileGetEmployee', transport: 'soap12', caseId: 'p2', kind: 'positive', request: request('MobileGetEmployee', 'soap12'), error: { code: 'TSIWS_TIMEOUT', message: 'no complete response within 30000 ms' }, checks: [] },
  { operation: 'MobileSaveNote', transport: 'soap11', caseId: 'p3', kind: 'positive', request: request('MobileSaveNote', 'soap11'), response, checks: [{ id: 'xsd-valid', status: 'error', message: 'check crashed: TypeError: x is undefined' }] },
  { operation: 'MobileSaveNote', transport: 'post', caseId: 'p4', kind: 'positive', request: request('MobileSaveNote', 'post'), skipped: 'mutating operation; pass --allow-mutations to send it', checks: [] },
  { operation: 'tsiWS', transport: 'wsdl', caseId: 'wsdl', kind: 'service', request: request('tsiWS', 'wsdl'), response, checks: [{ id: 'wsdl-matches-contract', status: 'skipped', message: 'no WSDL published (HTTP 404)' }] },
];

export const MIXED_RUN: RunInfo = {
  tool: { name: 'tsiws-conformance', version: '0.0.0-test' },
  target: 'http://127.0.0.1:1',
  embedded: false,
  namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-02T03:04:05.678Z',
  durationMs: 1234,
  configuration: { profile: 'asmx' },
  toolErrors: ['suite suites/fuzz.conform.ts failed to load: SyntaxError <here> & "there"'],
  seed: 1234,
};
