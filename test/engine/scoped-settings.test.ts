/** A config file's per-operation and per-transport sections reach each exchange (run-case.ts): the
 * checks a section leaves out are not judged there, and its SLA is the one response-time holds the
 * answer to. Against a target that answers everything after 60 ms, with a fault. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import { DEFAULTS, type RunSettings } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { parityRecord } from '../../src/engine/exchange/parity.js';
import { runCase } from '../../src/engine/exchange/run-case.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import type { TransportId } from '../../src/transports/index.js';

let server: Server;
let client: HttpClient;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    setTimeout(() => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('System.InvalidOperationException: down');
    }, 60);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createHttpClient({ baseUrl, timeoutMs: 5000, maxResponseBytes: 1 << 20, connections: 2 });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

const settings = (scoped?: RunSettings['scoped']): RunSettings & { baseUrl: string } => ({ ...DEFAULTS, baseUrl, ...(scoped ? { scoped } : {}) });
const SCOPED: RunSettings['scoped'] = { operations: { MobileAccountSearch: { skipChecks: ['http-status-200'] } }, transports: { get: { slaMs: 20 } } };

async function outcome(s: RunSettings & { baseUrl: string }, operation: string, transport: TransportId, check: string) {
  const record = await runCase(s, client, exampleCase(getOperation(operation)), transport);
  return record.checks.find((c) => c.id === check)?.status;
}

test('a check an operation\'s section leaves out is not judged for that operation, and is for another', async () => {
  expect(await outcome(settings(), 'MobileAccountSearch', 'post', 'http-status-200')).toBe('failed');
  expect(await outcome(settings(SCOPED), 'MobileAccountSearch', 'post', 'http-status-200')).toBeUndefined();
  expect(await outcome(settings(SCOPED), 'MobileContactSearch', 'post', 'http-status-200')).toBe('failed');
});

test('a transport\'s SLA holds the answers over that transport, and only those', async () => {
  expect(await outcome(settings(SCOPED), 'MobileContactSearch', 'get', 'response-time')).toBe('failed');
  expect(await outcome(settings(SCOPED), 'MobileContactSearch', 'post', 'response-time')).toBeUndefined();
  expect(await outcome(settings(), 'MobileContactSearch', 'get', 'response-time')).toBeUndefined();
});

/** A result over one transport, built by hand (as test/parity/noise.test.ts does). */
function answered(operation: string, transport: TransportId, body: string): ExchangeRecord {
  return {
    operation, transport, caseId: `${operation}-valid`, kind: 'positive', values: {},
    request: { method: 'POST', url: 'http://x/tsiWS.asmx', headers: {}, curl: 'curl' },
    response: { status: 200, headers: {}, body, bodyBytes: body.length, truncated: false, elapsedMs: 1 },
    result: { kind: 'result', text: body } as ExchangeRecord['result'],
    checks: [],
  };
}

test('an operation\'s section leaves a case check out of that operation\'s comparisons', () => {
  const differing = (operation: string) => [answered(operation, 'soap11', '{"id":1}'), answered(operation, 'get', '{"id":2}')];
  const scoped = settings({ operations: { MobileAccountSearch: { skipChecks: ['transport-parity'] } }, transports: { soap11: { skipChecks: ['transport-parity'] } } });
  expect(parityRecord(settings(), differing('MobileAccountSearch'))!.checks).toEqual([expect.objectContaining({ id: 'transport-parity', status: 'failed' })]);
  expect(parityRecord(scoped, differing('MobileAccountSearch'))).toBeUndefined();
  // A transport's section does not reach a comparison of every transport.
  expect(parityRecord(scoped, differing('MobileContactSearch'))!.checks).toEqual([expect.objectContaining({ id: 'transport-parity', status: 'failed' })]);
});
