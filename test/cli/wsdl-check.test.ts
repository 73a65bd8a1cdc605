/** Issue 6 in `run`: the published WSDL is compared with the contract as a service-level check. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runInProcess } from '../support/cli.js';
import { startProxy } from '../support/proxy.js';

const drifted = readFileSync(new URL('../../fixtures/wsdl/int-to-string.wsdl', import.meta.url));
let reference: ReferenceServer;
const proxies: Array<{ url: string; close(): Promise<void> }> = [];

beforeAll(async () => {
  reference = await startReferenceServer();
  proxies.push(await startProxy(reference.url, (req, up) => (req.url?.endsWith('?WSDL') ? { ...up, body: drifted } : up)));
  proxies.push(await startProxy(reference.url, (req, up) => (req.url?.endsWith('?WSDL') ? { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('Not Found') } : up)));
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await reference.close();
});

const ONE_OP = ['--operations', 'MobileOpportunitySummary', '--transports', 'get'];

test('a drifted published WSDL fails the run with wsdl-matches-contract', async () => {
  const r = await runInProcess(['run', '--base-url', proxies[0]!.url, ...ONE_OP]);
  expect(r.code).toBe(1);
  const [failure] = r.json('results.json').failures;
  expect(failure).toMatchObject({ operation: 'tsiWS', transport: 'wsdl', kind: 'service', check: 'wsdl-matches-contract', status: 'failed' });
  expect(failure.message).toContain('[parameter-type]');
  expect(r.text('junit.xml')).toMatch(/<testcase classname="tsiWS\.wsdl" name="wsdl wsdl-matches-contract"[^>]*>[\s\S]*?<failure message="wsdl-matches-contract: /);
});

test('a target without a WSDL conforms, and the skipped comparison is noted everywhere', async () => {
  const r = await runInProcess(['run', '--base-url', proxies[1]!.url, ...ONE_OP]);
  expect(r.code).toBe(0);
  const note = `the target serves no WSDL (GET ${proxies[1]!.url}/api/rmm/tsiWS.asmx?WSDL answered HTTP 404); the contract comparison was not made`;
  // The WS-I description assertions (issue 51) have no WSDL to judge either, and say so.
  expect(r.json('results.json').notes).toEqual([{ check: 'wsdl-matches-contract', message: note }, { check: 'wsi-description', message: note.replace('; the contract comparison was not made', '') }]);
  expect(r.stdout).toContain(`note: wsdl-matches-contract not checked: ${note}`);
  expect(r.text('junit.xml')).toMatch(/name="wsdl wsdl-matches-contract"[^>]*>[\s\S]*?<skipped\/>[\s\S]*?Not checked: the target serves no WSDL/);
});
