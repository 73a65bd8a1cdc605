/** node-soap beside the harness: its calls cycle through every operation's example over SOAP 1.1
 * and 1.2, it counts answered calls and failures apart on a real target, a WSDL it cannot use is a
 * skip with the reason, and the line and the target read its ratio. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { DIALECTS, NODE_SOAP_VERSION, nodeSoap, nodeSoapCalls, nodeSoapLine, nodeSoapTarget, type NodeSoapResult } from '../../src/bench/node-soap.js';
import { exampleCalls } from '../../src/bench/requests.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { DEFAULT_NAMESPACE, getOperation, operations } from '../../src/contract/index.js';
import { generateWsdl } from '../../src/wsdl/generate.js';
import { useReferenceTarget } from '../support/reference-target.js';

const target = useReferenceTarget();
const examplesFor = (ops: string[]) => exampleCalls({ ...DEFAULTS, operations: ops });
const quick = { concurrency: 2, seconds: 0.3, targetPid: process.pid, harness: { perSecond: 100, windowPerSecond: 90, wallPerSecond: 40, exchanges: 30 } };

let other: Server | undefined;
afterEach(() => new Promise<void>((done) => {
  const server = other;
  other = undefined;
  if (!server) return done();
  server.close(() => done());
  server.closeAllConnections(); // node-soap keeps its connections alive
}));

/** A server on a free port; its URL. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  other = createServer(handler);
  await new Promise<void>((done) => other!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
}

test('the calls go operation by operation, each over SOAP 1.1 then 1.2, with every parameter in contract order', async () => {
  const calls = nodeSoapCalls(await exampleCalls(DEFAULTS));
  expect(calls).toHaveLength(operations.length * 2);
  expect(calls.slice(0, 2).map((c) => [c.operation, c.dialect.port, c.dialect.forceSoap12Headers])).toEqual([
    [operations[0]!.name, 'tsiWSSoap', false],
    [operations[0]!.name, 'tsiWSSoap12', true],
  ]);
  for (const c of calls) expect(Object.keys(c.args)).toEqual(getOperation(c.operation).params.map((p) => p.name));
});

test('against the reference server every call is answered, over both ports, with CPU per call and the ratio', async () => {
  const result = await nodeSoap({ ...quick, baseUrl: target.server.url, examples: await examplesFor(['MobileAccountSearch', 'MobileAccountDefaultsList']) });
  if ('skipped' in result) throw new Error(result.skipped);
  expect(result.version).toBe(NODE_SOAP_VERSION);
  expect({ errors: result.errors, firstError: result.firstError }).toEqual({ errors: 0, firstError: undefined });
  expect(result.calls).toBeGreaterThan(0);
  // Counted as the harness's rate is (steadyRate): a window this short is measured over its later
  // half. The rates are kept to one decimal, the ratios taken from the unrounded rates.
  expect(result.windowRate).toBeGreaterThan(0);
  expect(Math.abs(result.windowRatio - 90 / result.windowRate)).toBeLessThan(0.01 * result.windowRatio + 0.01);
  if (result.rate > 0) expect(Math.abs(result.ratio - 100 / result.rate)).toBeLessThan(0.01 * result.ratio + 0.01);
  expect(result.harness).toEqual(quick.harness);
  expect(result.cpu?.clientMs).toBeGreaterThan(0);
});

test('a target whose calls fail gives errors and the first reason, not a rate', async () => {
  const url = await serve((req, res) => {
    if (req.method === 'GET') res.writeHead(200, { 'content-type': 'text/xml' }).end(generateWsdl({ namespace: DEFAULT_NAMESPACE, baseUrl: `http://${req.headers.host}` }));
    else res.writeHead(500, { 'content-type': 'text/plain' }).end('broken');
  });
  const result = await nodeSoap({ ...quick, baseUrl: url, examples: await examplesFor(['MobileAccountSearch']) });
  if ('skipped' in result) throw new Error(result.skipped);
  expect(result.calls).toBe(0);
  expect(result.errors).toBeGreaterThan(0);
  expect(result.firstError).toBeTruthy();
  expect(result.ratio).toBe(0);
  expect(nodeSoapTarget(result).met).toBe(false);
});

test('a ?WSDL node-soap cannot use is a skip with the reason', async () => {
  const url = await serve((_req, res) => res.writeHead(404).end('no WSDL here'));
  const result = await nodeSoap({ ...quick, baseUrl: url, examples: await examplesFor(['MobileAccountSearch']) });
  expect(result).toEqual({ skipped: expect.stringContaining(`node-soap ${NODE_SOAP_VERSION} could not make a client from ${url}/api/rmm/tsiWS.asmx?WSDL`) });
  expect(nodeSoapLine('asmx ', 4, 10, result)).toBe(`asmx node-soap: skipped: ${(result as { skipped: string }).skipped}`);
  expect(nodeSoapTarget(result)).toEqual({ value: null, target: '>= 1.00', met: false, skipped: (result as { skipped: string }).skipped });
});

const figures: NodeSoapResult = { version: '1.13.0', calls: 2500, rate: 250.4, windowRate: 240, errors: 0, cpu: { targetMs: 1.2, clientMs: 2.1 }, ratio: 8.1, windowRatio: 7.9, harness: { perSecond: 2028, windowPerSecond: 1896, wallPerSecond: 960, exchanges: 20000 } };

test('the line names the version, the load, both sides\' rates of the same calls and the ratio', () => {
  const harnessSide = 'the harness on the same calls (positive suite over soap11 and soap12, 4 in flight, one worker) 2028 checked exchanges/s (1896/s whole window, 960/s over its whole command, start-up and reports included): harness/node-soap 8.1 (7.9 over the whole windows, 4 with the harness\'s whole command)';
  expect(nodeSoapLine('asmx ', 4, 12.04, figures)).toBe(`asmx node-soap (soap 1.13.0, createClientAsync from ?WSDL, SOAP 1.1 and 1.2, 4 in flight, 12.0 s as the harness sent): 250 calls/s after a 2 s warm-up (240/s over the whole window), 0 errors; CPU ms per call 1.2 server + 2.1 node-soap; ${harnessSide}`);
  expect(nodeSoapLine('', 4, 10, { ...figures, errors: 3, firstError: 'socket hang up', cpu: null })).toBe(`node-soap (soap 1.13.0, createClientAsync from ?WSDL, SOAP 1.1 and 1.2, 4 in flight, 10.0 s as the harness sent): 250 calls/s after a 2 s warm-up (240/s over the whole window), 3 errors (first error: socket hang up); ${harnessSide}`);
});

test('the target is met at a ratio of 1 or more with no failed call, and not otherwise', () => {
  expect(nodeSoapTarget(figures)).toEqual({ value: 8.1, target: '>= 1.00', met: true });
  expect(nodeSoapTarget({ ...figures, ratio: 1 }).met).toBe(true);
  expect(nodeSoapTarget({ ...figures, ratio: 0.99 }).met).toBe(false);
  expect(nodeSoapTarget({ ...figures, errors: 1 }).met).toBe(false);
});

test('the SOAP 1.2 port gets the client made for SOAP 1.2', () => {
  expect(DIALECTS.map((d) => [d.transport, d.forceSoap12Headers])).toEqual([['soap11', false], ['soap12', true]]);
});
