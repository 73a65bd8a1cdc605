/** The proxy command with the client checks wired in (src/proxy/client-judge.ts): a request with a
 * defect gets its finding in the live line and the reports, a correct one none; --skip-checks
 * leaves a client check out. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import proxy from '../../src/cli/proxy.js';
import { getOperation, SERVICE_PATH, soapAction } from '../../src/contract/index.js';
import { clientJudgeFor } from '../../src/proxy/client-judge.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById } from '../../src/transports/index.js';
import { rawRequest } from './raw-http.js';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

const op = getOperation('MobileAccountSearch');
const values = () => ({ ...exampleCase(op).values, repnumber: '1', timestamp: '2024-02-03T04:05:06', sig: 'c2lnbmF0dXJl' });
const soap = () => getTransportById('soap11').encode({ namespace: server.namespace }, op, values());

/** Runs `proxy` in-process, sends `requests` through it one after another, stops it with SIGTERM. */
async function throughProxy(flags: string[], requests: Array<Record<string, string>>) {
  const reports = mkdtempSync(join(tmpdir(), 'tsiws-client-judge-'));
  const envFile = join(reports, 'empty.env');
  writeFileSync(envFile, '');
  const out: string[] = [];
  const stop = new AbortController();
  let listening!: (url: string) => void;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const io = {
    out: (line: string) => {
      out.push(line);
      const m = /^tsiws-conform proxy: (\S+?)\/api\//.exec(line);
      if (m) listening(m[1]!);
    },
    err: (line: string) => out.push(line), env: {}, interruption: stop.signal,
  };
  const code = proxy(['--target', server.url, '--port', '0', '--reports', reports, '--env-file', envFile, ...flags], io);
  const base = await Promise.race([url, code.then((c) => Promise.reject(new Error(`proxy exited ${c}: ${out.join('\n')}`)))]);
  const request = soap();
  for (const headers of requests) await rawRequest(base + request.path, 'POST', { ...request.headers, ...headers }, request.body);
  // Records are made a tick after each answer (forward.ts): stopping waits for them.
  stop.abort('SIGTERM');
  const exit = await code;
  const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8'));
  return { exit, out, results };
}

test('an unquoted SOAPAction is a live finding and a failure in the reports; a correct request none', async () => {
  const { out, results } = await throughProxy([], [{ SOAPAction: soapAction(server.namespace, op) }, {}]);
  const findings = out.filter((l) => l.startsWith('finding:'));
  expect(findings.filter((l) => l.includes('[error]'))).toEqual([expect.stringMatching(/^finding: observed-000001 MobileAccountSearch soap11 \[error\] client-soap-action: /)]);
  // The one other line is the same defect seen by WS-I's R1109, a warning; the correct request has none.
  expect(findings.filter((l) => !l.includes('client-soap-action'))).toEqual([expect.stringMatching(/^finding: observed-000001 .* \[warning\] wsi-basic-profile: R1109/)]);
  expect(results.run.kind).toBe('observed');
  expect(results.failures.map((f: { caseId: string; check: string }) => `${f.caseId} ${f.check}`)).toEqual(['observed-000001 client-soap-action', 'observed-000001 wsi-basic-profile']);
  expect(results.summary.verdict).toBe('does-not-conform');
});

test('--skip-checks leaves a client check out', async () => {
  const { out, results } = await throughProxy(['--skip-checks', 'client-soap-action,wsi-basic-profile'], [{ SOAPAction: soapAction(server.namespace, op) }]);
  expect(out.filter((l) => l.startsWith('finding:'))).toEqual([]);
  expect(results.failures).toEqual([]);
});

test('the judgement names a call only for one of the four transports and an operation of the contract', () => {
  const judge = clientJudgeFor({ namespace: 'http://tempuri.org/', servicePath: SERVICE_PATH });
  const get = (path: string) => judge({ method: 'GET', url: path, headers: {}, body: Buffer.alloc(0) });
  expect(get(`${SERVICE_PATH}/MobileAccountSearch?repnumber=1&repnumber=2&timestamp=t&sig=s&searchText=a`).call)
    .toEqual({ transport: 'get', operation: 'MobileAccountSearch', values: { repnumber: '1', timestamp: 't', sig: 's', searchText: 'a' } });
  const unknown = get(`${SERVICE_PATH}/MobileNoSuchThing?repnumber=1`);
  expect(unknown.call).toBeUndefined();
  expect(unknown.findings.some((f) => f.status === 'failed')).toBe(true);
  expect(get('/elsewhere').call).toBeUndefined();
});
