/** An exchange seen by the proxy, judged into a record with an injected client judgement (issue 53,
 * point 3): a valid request's answer as a positive case's, an invalid one's as its scenario's, an
 * unmatched one's by the checks for any answer; secrets redacted; a target that does not answer is
 * the record's error. The violations header carries the client findings, redacted. */
import { TargetError } from '../../src/http/errors.js';
import { outcomeOf } from '../../src/results/findings.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checks as allChecks } from '../../src/checks/registry.js';
import { exampleCase } from '../../src/cases/examples.js';
import { getOperation, SERVICE_PATH } from '../../src/contract/index.js';
import type { RunningProxy } from '../../src/proxy/forward.js';
import type { ClientJudgement, ForwardedExchange, JudgeClient } from '../../src/proxy/observed.js';
import { observedRecord, type ObservingContext } from '../../src/proxy/observed-record.js';
import { VIOLATIONS_HEADER, violationsHeader } from '../../src/proxy/violations.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById } from '../../src/transports/index.js';
import { closedPort, proxyTo, rawRequest } from './raw-http.js';

const SIG = 'SIG-abcdef-123456';
const op = getOperation('MobileContactSearch');
const values = { ...exampleCase(op).values, repnumber: '1', timestamp: '2024-01-01T00:00:00', sig: SIG };

let server: ReferenceServer;
let proxied: Awaited<ReturnType<typeof proxyTo>>;
beforeAll(async () => {
  server = await startReferenceServer();
  proxied = await proxyTo(server.url);
});
afterAll(async () => {
  await proxied.proxy.close(1000);
  await server.close();
});

const ctx = (judgeClient?: JudgeClient): ObservingContext => ({
  target: server.url, namespace: server.namespace, profile: 'asmx', checks: allChecks, access: { shown: {}, secrets: [] }, ...(judgeClient ? { judgeClient } : {}),
});

/** One exchange through the proxy: `spoil` changes the encoded request. */
async function exchangeOf(transport: 'soap11' | 'get', spoil: (body: string) => string = (b) => b): Promise<ForwardedExchange> {
  const request = getTransportById(transport).encode({ namespace: server.namespace }, op, values);
  await rawRequest(proxied.proxy.url + spoil(request.path), request.method, request.headers, request.body === undefined ? undefined : spoil(request.body));
  return proxied.next();
}

const call = { transport: 'soap11' as const, operation: op.name, values };
const idsOf = (r: { checks: ReadonlyArray<{ id: string }> }) => r.checks.map((c) => c.id);

test('a valid request: its answer is judged as a positive case\'s, and the client\'s verdicts come first', async () => {
  const judge: JudgeClient = () => ({ call, findings: [{ id: 'client-fake', status: 'passed' }] });
  const record = observedRecord(await exchangeOf('soap11'), ctx(judge), 7);
  expect(record).toMatchObject({ kind: 'observed', caseId: 'observed-000007', operation: op.name, transport: 'soap11', observed: { judgedAs: 'positive', clientChecks: ['client-fake'] } });
  expect(idsOf(record)[0]).toBe('client-fake');
  expect(idsOf(record)).toContain('http-status-200');
  expect(record.checks.filter((c) => c.status === 'failed')).toEqual([]);
  expect(record.result?.kind).toBe('result');
  expect(JSON.stringify(record)).not.toContain(SIG);
  expect(record.request.body).toContain('<sig><SIGNATURE></sig>');
});

test('an invalid request whose finding matches a scenario: judged as that scenario under the profile', async () => {
  // The spec's GET names every parameter; ASMX answers a missing one with its own 500 (the asmx profile).
  const judge: JudgeClient = () => ({ call: { ...call, transport: 'get', scenario: 'missing-parameter', param: 'firstname' }, findings: [{ id: 'client-params-complete', status: 'failed', level: 'error', message: 'firstname is missing' }] } as ClientJudgement);
  const record = observedRecord(await exchangeOf('get', (path) => path.replace(/([?&])firstname=[^&]*&?/, '$1')), ctx(judge), 1);
  expect(record).toMatchObject({ observed: { judgedAs: 'negative' }, scenario: 'missing-parameter', param: 'firstname', transport: 'get' });
  expect(record.checks.find((c) => c.id === 'rejection-per-profile')).toEqual({ id: 'rejection-per-profile', status: 'passed' });
  expect(idsOf(record)).not.toContain('http-status-200');
});

test('an invalid request no scenario matches: only the checks that judge any answer', async () => {
  const judge: JudgeClient = () => ({ call, findings: [{ id: 'client-fake', status: 'failed', level: 'error', message: 'odd' }] });
  const record = observedRecord(await exchangeOf('soap11'), ctx(judge), 1);
  expect(record.observed?.judgedAs).toBe('any answer');
  expect(idsOf(record)).toEqual(expect.arrayContaining(['client-fake', 'charset-consistent', 'soap-no-dtd-or-pi', 'fault-status']));
  expect(idsOf(record)).not.toContain('http-status-200');
  expect(idsOf(record)).not.toContain('rejection-per-profile');
});

test('a judge that throws is a tool error, never the client\'s finding', async () => {
  const record = observedRecord(await exchangeOf('get'), ctx(() => {
    throw new Error('boom');
  }), 1);
  expect(record.checks[0]).toMatchObject({ id: 'client-judgement', status: 'error' });
  expect(JSON.stringify(record)).not.toContain(SIG);
});

test('a target that does not answer: the record\'s error, not judged, secrets redacted', async () => {
  const url = await closedPort();
  const down = await proxyTo(url);
  try {
    const request = getTransportById('get').encode({ namespace: server.namespace }, op, values);
    await rawRequest(down.proxy.url + request.path, 'GET', {});
    const record = observedRecord(await down.next(), { ...ctx(), target: url }, 1);
    expect(record).toMatchObject({ observed: { judgedAs: 'not judged' }, error: { code: 'TSIWS_UNREACHABLE' }, transport: 'get' });
    expect(JSON.stringify(record)).not.toContain(SIG);
  } finally {
    await down.proxy.close(1000);
  }
});

test('an exchange the proxy\'s stop cut short: not completed, no finding about the target', async () => {
  const exchange = await exchangeOf('get');
  const cut = { request: exchange.request, startedAt: exchange.startedAt, error: new TargetError('TSIWS_CONNECTION_RESET', 'cut'), cutBy: 'proxy' as const };
  const record = observedRecord(cut, ctx(), 1);
  expect(record.error).toBeUndefined();
  expect(record.skipped).toContain('the proxy was stopped');
  expect(outcomeOf(record, 'error')).toBe('skipped');
  // The same error with nobody named as cutting it is the target's: a finding, as before.
  const theirs = observedRecord({ request: exchange.request, startedAt: exchange.startedAt, error: new TargetError('TSIWS_CONNECTION_RESET', 'reset by the target') }, ctx(), 1);
  expect(outcomeOf(theirs, 'error')).toBe('error');
});

test('a client that left before the answer was whole: the answer is judged all the same, and the record says so', async () => {
  const exchange = await exchangeOf('soap11');
  const broken = { ...exchange, answer: { ...exchange.answer!, status: 500 }, clientLeft: true as const };
  const record = observedRecord(broken, ctx(() => ({ call, findings: [] })), 1);
  expect(record.skipped).toBeUndefined();
  expect(record.observed).toMatchObject({ judgedAs: 'positive', clientLeft: true });
  expect(record.checks.find((c) => c.id === 'http-status-200')?.status).toBe('failed');
  expect(observedRecord(exchange, ctx(() => ({ call, findings: [] })), 1).observed?.clientLeft).toBeUndefined();
});

test('an answer too large that the deadline then cut: too large first, the time-out named after it', async () => {
  const exchange = await exchangeOf('get');
  const answer = { ...exchange.answer!, body: exchange.answer!.body.subarray(0, 100), cut: true as const, received: 5_000_000 };
  const record = observedRecord({ ...exchange, answer, error: new TargetError('TSIWS_TIMEOUT', 'still incomplete after 1000 ms', { answered: true }) }, ctx(), 1);
  expect(record.error?.code).toBe('TSIWS_RESPONSE_TOO_LARGE');
  expect(record.error?.message).toBe('the answer has more than 100 bytes (raise --max-response-bytes, 5000000 arrived), not judged; then TSIWS_TIMEOUT: still incomplete after 1000 ms');
  expect(outcomeOf(record, 'error')).toBe('error');
});

describe('--violations-header', () => {
  let judged: RunningProxy;
  const judge: JudgeClient = (request) => ({
    call,
    findings: request.method === 'GET'
      ? [{ id: 'client-fake', status: 'failed', level: 'error', message: `sig ${SIG} looks odd, é` }, { id: 'client-ok', status: 'passed' }]
      : [],
  });
  beforeAll(async () => {
    ({ proxy: judged } = await proxyTo(server.url, { violations: (request) => violationsHeader(request, judge, []) }));
  });
  afterAll(() => judged.close(1000));

  const headerOf = (headers: string[]) => headers.find((_, i) => i % 2 === 1 && headers[i - 1] === VIOLATIONS_HEADER);

  test('the request\'s client findings, compact JSON, the sig redacted, non-ASCII escaped', async () => {
    const request = getTransportById('get').encode({ namespace: server.namespace }, op, values);
    const answer = await rawRequest(judged.url + request.path, 'GET', {});
    expect(headerOf(answer.headers)).toBe('[{"id":"client-fake","level":"error","message":"sig <SIGNATURE> looks odd, \\u00e9"}]');
    expect(answer.status).toBe(200);
  });

  test('a conforming request: []', async () => {
    const request = getTransportById('soap11').encode({ namespace: server.namespace }, op, values);
    const answer = await rawRequest(judged.url + request.path, 'POST', request.headers, request.body);
    expect(headerOf(answer.headers)).toBe('[]');
  });

  test('without the option, no such header', async () => {
    const answer = await rawRequest(`${proxied.proxy.url}${SERVICE_PATH}?WSDL`, 'GET', {});
    expect(headerOf(answer.headers)).toBeUndefined();
    await proxied.next();
  });
});

test('an answer larger than the judged copy: passed on whole, a finding, not judged', async () => {
  const small = await proxyTo(server.url, { maxBodyBytes: 200 });
  try {
    // A GET: the limit bounds the request the proxy takes too.
    const request = getTransportById('get').encode({ namespace: server.namespace }, op, values);
    const direct = await rawRequest(server.url + request.path, 'GET', {});
    const answer = await rawRequest(small.proxy.url + request.path, 'GET', {});
    expect(answer.body.length).toBeGreaterThan(200);
    expect(answer).toEqual(direct);
    const record = observedRecord(await small.next(), ctx(() => ({ call, findings: [] })), 1);
    expect(record).toMatchObject({ observed: { judgedAs: 'not judged' }, error: { code: 'TSIWS_RESPONSE_TOO_LARGE' }, checks: [] });
  } finally {
    await small.proxy.close(1000);
  }
});
