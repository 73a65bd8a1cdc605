/** tsiws-conform proxy as a user runs it (the compiled package's bin): it forwards, and SIGTERM
 * stops it with every report written, certified, kind "observed", complete up to the last exchange
 * (one still in flight when the signal came included), and the run's exit code for SIGTERM. Bad
 * flags are bad usage, said before anything listens. */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { readCertificate, verifyReports } from '../../src/cli/verify-certificate.js';
import { SERVICE_PATH } from '../../src/contract/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById } from '../../src/transports/index.js';
import { getOperation } from '../../src/contract/index.js';
import { exampleCase } from '../../src/cases/examples.js';
import { rawRequest } from '../proxy/raw-http.js';
import { startProxyCli } from '../support/proxy-cli.js';
import { runInProcess } from '../support/cli.js';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

/** The bin's proxy to `target`, once it listens; killed after the test whatever happens. */
const proxyCli = (target: string, extra: string[] = []) => startProxyCli(target, extra, started);

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

test('SIGTERM: the in-flight exchange finishes, every report is written and certified, exit 143', async () => {
  // A target slow enough that the signal lands while its answer is on the way.
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const slow = createServer((req, res) => {
    req.resume();
    arrived();
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('late but whole');
    }, 800);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const [first, second] = await Promise.all([proxyCli(server.url, ['--capture', 'capture']), proxyCli(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`)]);
  const op = getOperation('MobileContactSearch');
  const values = { ...exampleCase(op).values, repnumber: '1', timestamp: '2024-01-01T00:00:00', sig: 'SIGNATURE-555' };
  const soap = getTransportById('soap12').encode({ namespace: server.namespace }, op, values);
  const direct = await rawRequest(server.url + soap.path, 'POST', soap.headers, soap.body);
  expect(await rawRequest(first.url + soap.path, 'POST', soap.headers, soap.body)).toEqual(direct);
  expect((await rawRequest(`${first.url}${SERVICE_PATH}?WSDL`, 'GET', {})).status).toBe(200);
  expect(first.err()).not.toContain('WARNING');
  const late = rawRequest(`${second.url}${SERVICE_PATH}/MobileTasksList?repnumber=1`, 'GET', {});
  // The signal once the proxy has forwarded the request, not after a sleep a loaded machine may outlast.
  await reached;
  first.child.kill('SIGTERM');
  second.child.kill('SIGTERM');
  const answered = await late;
  expect([answered.status, answered.body.toString('utf8')]).toEqual([200, 'late but whole']);
  expect(await first.exited).toBe(143);
  expect(await second.exited).toBe(143);
  slow.close();

  for (const [proxy, exchanges] of [[first, 2], [second, 1]] as const) {
    const results = JSON.parse(readFileSync(join(proxy.reports, 'results.json'), 'utf8'));
    expect(results.run.kind).toBe('observed');
    expect(results.run.observed).toMatchObject({ exchanges, stoppedBy: 'SIGTERM' });
    expect(results.run.incomplete).toBeUndefined();
    expect(readFileSync(join(proxy.reports, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).kind)).toEqual(Array(exchanges).fill('observed'));
    expect(verifyReports(proxy.reports, readCertificate(proxy.reports)).altered).toEqual([]);
    expect(proxy.out()).toContain(`Stopped by SIGTERM: ${exchanges} exchanges, the last at ${results.run.observed.lastExchangeAt}`);
    // The late request names one parameter of fourteen: its client findings fail the second proxy.
    expect(proxy.out()).toMatch(proxy === first ? /\nVerdict: conforms\n/ : /\nVerdict: does-not-conform/);
  }
  const captured = readFileSync(join(first.cwd, 'capture', 'traffic.jsonl'), 'utf8').trim().split('\n');
  expect(captured).toHaveLength(2);
  expect(captured.join('\n')).not.toContain('SIGNATURE-555');
});

test.each([
  [['proxy'], '--target: give the URL of the service to forward to'],
  [['proxy', '--target', 'ftp://x'], '--target: only http and https URLs are supported, got "ftp:"'],
  [['proxy', '--target', 'http://127.0.0.1:9', '--port', '70000'], '--port: expected a port number from 0 to 65535, got "70000"'],
  [['proxy', '--target', 'http://127.0.0.1:9', '--cert', '/nonexistent.pem'], '--cert: cannot read /nonexistent.pem (ENOENT); give the path of an existing file'],
])('proxy %j is bad usage: exit 2, said in one line', async (args, message) => {
  const envFile = join(mkdtempSync(join(tmpdir(), 'tsiws-proxy-usage-')), '.env');
  writeFileSync(envFile, '');
  const result = await runInProcess([...args, '--env-file', envFile]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(message);
});

test('a finding prints one line: warnings and errors (info is counted in the reports), a tool error, an exchange that failed', async () => {
  const { findingLines } = await import('../../src/cli/proxy.js');
  const base = { operation: 'MobileTasksList', transport: 'get' as const, caseId: 'observed-000004', kind: 'observed' as const, request: { method: 'GET', url: 'u', headers: {}, curl: '' } };
  expect(findingLines({ ...base, checks: [
    { id: 'a', status: 'failed', level: 'error', message: 'broken' },
    { id: 'b', status: 'failed', level: 'warning', message: 'odd' },
    { id: 'c', status: 'failed', level: 'info', message: 'noted' },
    { id: 'd', status: 'passed' },
    { id: 'e', status: 'error', message: 'crashed' },
  ] }, 'error')).toEqual([
    'finding: observed-000004 MobileTasksList get [error] a: broken',
    'finding: observed-000004 MobileTasksList get [warning] b: odd',
    'finding: observed-000004 MobileTasksList get [tool error] e: crashed',
  ]);
  expect(findingLines({ ...base, checks: [], error: { code: 'TSIWS_UNREACHABLE', message: 'cannot connect' } }, 'error')).toEqual(['finding: observed-000004 MobileTasksList get [error] TSIWS_UNREACHABLE: cannot connect']);
  expect(findingLines({ ...base, checks: [{ id: 'd', status: 'passed' }] }, 'error')).toEqual([]);
});
