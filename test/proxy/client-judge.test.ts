/** The adapter from the client checks' entry point to the proxy's judgement, with a stand-in for
 * clientFindings (the client checks are merged separately). */
import { expect, test } from 'vitest';
import { adaptClientFindings, type ClientCheckResult } from '../../src/proxy/client-judge.js';

const request = { method: 'GET', url: '/api/rmm/tsiWS.asmx/MobileTasksList?repnumber=1', headers: {}, body: Buffer.alloc(0) };
const settings = { namespace: 'urn:x', servicePath: '/api/rmm/tsiWS.asmx' };
const outcome = { id: 'client-fake', status: 'failed' as const, level: 'error' as const, message: 'm' };

test.each<[string, ClientCheckResult['call'], unknown]>([
  ['a call of the contract: its values, each name\'s first', { transport: 'get', operation: 'MobileTasksList', params: [{ name: 'repnumber', value: '1' }, { name: 'repnumber', value: '2' }, { name: 'sig', value: 's' }] },
    { call: { transport: 'get', operation: 'MobileTasksList', values: { repnumber: '1', sig: 's' } }, findings: [outcome] }],
  ['an operation the contract does not have: findings only', { transport: 'get', operation: 'MobileNothing', params: [] }, { findings: [outcome] }],
  ['none of the four transports: findings only', { transport: 'none', operation: 'MobileTasksList', params: [] }, { findings: [outcome] }],
])('%s', (_, call, expected) => {
  const seen: unknown[] = [];
  const judge = adaptClientFindings((r, options) => {
    seen.push([r, options]);
    return { call, outcomes: [outcome] };
  }, settings);
  expect(judge(request)).toEqual(expected);
  expect(seen).toEqual([[request, settings]]);
});
