/** In-band failures learned on a service this project did not shape (issue 49), whole runs: the
 * stateful reference answered as XML in PascalCase, signed with the example scheme, and with business
 * errors thrown as faults. Each run in process (main()), against a server in this process; a system
 * test (two full runs, about 25 s of CPU). Case by case: test/engine/vendor-failures.test.ts. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { isBusinessFault } from '../../src/state/business-fault.js';
import { runInProcess, REPO, type CliResult } from '../support/cli.js';
import { pascalXmlService } from '../support/vendor-services.js';

const SECRET = 'vendor-test-secret';
const dir = mkdtempSync(join(tmpdir(), 'tsiws-vendor-'));
// The example signer reads its secret from the environment when loaded: this module sets it first,
// in whichever process loads it (the run's and its suites' workers).
const SIGNER = join(dir, 'signer.mjs');
writeFileSync(SIGNER, `process.env.TSIWS_AUTH_SECRET = ${JSON.stringify(SECRET)};\nconst { sign } = await import(${JSON.stringify(join(REPO, 'examples/signer.mjs'))});\nexport { sign };\n`);

type Rec = { operation: string; transport: string; kind: string; caseId: string; dataPath?: string; scenario?: string; sequence?: { action: string }; result?: { kind: string; text?: string | null; code?: string; reason?: string }; checks: Array<{ id: string; status: string; level?: string; message?: string }> };
const records = (r: CliResult): Rec[] => readFileSync(join(r.reports, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Rec);
/** Checks that judge a valid request's answer as a result: a business fault is none of their business. */
const CONTRACT = new Set(['not-a-fault', 'http-status-200', 'xml-well-formed', 'http-string-root', 'soap-response-element', 'soap-envelope-version', 'xsd-valid', 'content-type']);
const failuresOf = (r: CliResult) => (r.json('results.json').failures as Array<{ operation: string; transport: string; check: string; level: string; message: string }>);

describe('XML PascalCase results, bad signatures rejected in-band, a delete of an unknown id answered OK', () => {
  let server: ReferenceServer;
  let run: CliResult;
  beforeAll(async () => {
    server = await startReferenceServer({ service: pascalXmlService({ authSecret: SECRET, deleteUnknownSucceeds: true }) });
    run = await runInProcess(['run', '--base-url', server.url, '--signer', SIGNER, '--allow-mutations', '--suites', 'positive,negative,fuzz,sequences', '--runs', '3', '--seed', '1']);
  }, 240_000);
  afterAll(() => server?.close());

  test('the failure pattern is learned and printed', () => {
    expect(run.stderr).toBe('');
    const discovery = run.json('results.json').run.discovery;
    expect(discovery.failurePattern).toMatchObject({ pattern: '', flags: '', structure: { kind: 'xml-path', path: ['Response', 'Status'], value: 'Error', caseInsensitive: true }, source: 'learned' });
    expect(discovery.failureUnknown).toBeUndefined();
    expect(run.stdout).toMatch(/^Discovery: \d+ records learned from \d+ requests, results in XML; in-band failures match <Response><Status>Error<\/Status> \(any case\) \(learned: /m);
  });

  test('the data path counts the service\'s own failures as failures, and nothing else', () => {
    // The fuzzed ones too: a fuzzed e-mail or status is this service's in-band failure.
    const answered = records(run).filter((r) => (r.kind === 'positive' || r.kind === 'fuzz') && r.dataPath !== undefined && r.result?.kind === 'result' && typeof r.result.text === 'string');
    const wrong = answered.filter((r) => (r.dataPath === 'failure') !== r.result!.text!.includes('<Status>Error</Status>'));
    expect(wrong.map((r) => `${r.caseId} ${r.transport} ${r.dataPath}`)).toEqual([]);
    const path = run.json('results.json').summary.dataPath;
    expect(path.failure).toBeGreaterThan(0);
    expect(answered.filter((r) => r.dataPath === 'failure').length).toBeGreaterThan(0);
    expect(path.unknown).toBe(0);
  });

  test('auth-enforced: every bad signature rejected in-band, none accepted', () => {
    const auth = records(run).flatMap((r) => r.checks.filter((c) => c.id === 'auth-enforced').map((c) => ({ ...c, scenario: r.scenario, operation: r.operation })));
    expect(auth.length).toBeGreaterThan(0);
    // A request without mobilekey at all is a fault of ASMX's (GET/POST: "Missing parameter"), which passes.
    const inBand = auth.filter((c) => c.status === 'failed');
    expect(inBand.length).toBeGreaterThan(0);
    // A refused probe of an operation with no anchor (a delete: never searched) is inconclusive, naming it (issue 59).
    const anchors = run.json('results.json').run.discovery.anchors as Record<string, unknown>;
    const unanchored = (c: { message?: string; operation: string }) => anchors[c.operation] === undefined && c.message?.startsWith('inconclusive: ') === true && c.message.includes(`, but no anchor for ${c.operation}: `);
    expect(inBand.filter((c) => !(c.level === 'info' && (c.message?.includes('was rejected in-band: "<Response><Status>Error</Status><ErrorCode>401</ErrorCode>') || unanchored(c))))).toEqual([]);
    expect(failuresOf(run).filter((f) => f.check === 'auth-enforced')).toEqual([]);
  });

  test('the delete of an e-mail already deleted, answered <Status>OK</Status>, is seen on every transport: inconclusive (info), as an idempotent delete may answer', () => {
    // Nothing the target answered contradicts an idempotent delete of what the run itself deleted
    // (issue 49: no borrowed semantics), so it is an observation, not a warning.
    expect(failuresOf(run).filter((f) => f.check === 'state-consistency')).toEqual([]);
    const again = records(run).filter((r) => r.sequence?.action === 'delete again');
    const seen = again.flatMap((r) => r.checks.filter((c) => c.id === 'state-consistency').map((c) => [r.transport, c.status, c.level]));
    expect(seen.sort()).toEqual(['get', 'post', 'soap11', 'soap12'].map((t) => [t, 'failed', 'info']));
    expect(again.every((r) => r.checks.some((c) => c.id === 'state-consistency' && c.message?.startsWith('inconclusive: ') && c.message.endsWith('<Response><Status>OK</Status></Response>')))).toBe(true);
  });

  test('the delete of an emailid no read listed, answered <Status>OK</Status> where the update refuses it: an answers-agree warning on every transport (issue 59)', () => {
    const contradictions = failuresOf(run).filter((f) => f.check === 'answers-agree');
    expect(contradictions.map((f) => [f.transport, f.level, f.operation]).sort()).toEqual(['get', 'post', 'soap11', 'soap12'].map((t) => [t, 'warning', 'MobileContactEmailDelete']));
    for (const f of contradictions) expect(f.message).toMatch(/^the target contradicts itself about emailid (\d+) \(.*\): MobileContactEmailUpdate over \w+ \(step 8\) refused it: <Response><Status>Error<\/Status><ErrorCode>404<\/ErrorCode><Message>Unknown emailid \1\.<\/Message><\/Response>; MobileContactEmailDelete over \w+ \(step 9\) answered success: <Response><Status>OK<\/Status><\/Response>$/);
  });
});

describe('business failures thrown as faults (SoapException; text/plain 500 over GET and POST)', () => {
  let server: ReferenceServer;
  let run: CliResult;
  beforeAll(async () => {
    server = await startReferenceServer({ service: pascalXmlService({ authSecret: SECRET, faults: true }) });
    run = await runInProcess(['run', '--base-url', server.url, '--signer', SIGNER, '--suites', 'positive,fuzz', '--runs', '3', '--seed', '1']);
  }, 240_000);
  afterAll(() => server?.close());

  test('the business-fault signature is learned from the contrasts and printed', () => {
    const discovery = run.json('results.json').run.discovery;
    expect(discovery.businessFault).toMatchObject({ pattern: '^thrown: ', flags: '' });
    expect(discovery.failureUnknown).toBeUndefined();
    expect(run.stdout).toMatch(/; business failures reported as faults \(learned: SoapExceptions the web method threw \(/m);
  });

  test('in the run, a fault is a data-path failure exactly when the signature takes it, and then no contract error', () => {
    const sig = run.json('results.json').run.discovery.businessFault;
    const faulted = records(run).filter((r) => (r.kind === 'positive' || r.kind === 'fuzz') && r.dataPath !== undefined && r.result?.kind === 'fault');
    expect(faulted.filter((r) => (r.dataPath === 'failure') !== isBusinessFault({ code: r.result!.code ?? '', reason: r.result!.reason ?? '' }, { ...sig, source: 'learned' })).map((r) => `${r.caseId} ${r.transport}`)).toEqual([]);
    const flagged = faulted.filter((r) => r.dataPath === 'failure').flatMap((r) => r.checks.filter((c) => CONTRACT.has(c.id) && c.status === 'failed' && c.level !== 'info').map((c) => `${r.caseId} ${r.transport} ${c.id}`));
    expect(flagged).toEqual([]);
  });
});
