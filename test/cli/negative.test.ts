/** Issue 3 end to end: the negative matrix, profiles, check selection, authentication, a mutant. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CHECK_IDS, CLIENT_CHECK_IDS } from '../../src/checks/registry.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { cliInProcess, runCliProcess, runInProcess, REPO } from '../support/cli.js';

const servers: ReferenceServer[] = [];
async function server(options: Parameters<typeof startReferenceServer>[0]): Promise<string> {
  const s = await startReferenceServer(options);
  servers.push(s);
  return s.url;
}
afterAll(() => Promise.all(servers.map((s) => s.close())));

const SIGNER = join(REPO, 'examples/signer.mjs');

describe('the negative matrix', () => {
  // The embedded server's answers to the whole negative matrix are counted in run.test.ts, on the
  // one default run that file makes for every assertion about it.

  test('a server that accepts a bad int with 200 and a result is caught: exit 1, rejects-invalid-input named', async () => {
    const url = await server({ mutant: 'accept-bad-int' });
    // The mutant affects every int parameter; one operation with three (taskkeyid, status,
    // repnumber) keeps the run short: each failing fuzz property is shrunk, and MobileTimeLogCreate's
    // nine ints doubled the time without a check the assertions below name.
    const r = await runInProcess(['run', '--base-url', url, '--allow-mutations', '--runs', '2', '--operations', 'MobileDispatchUpdate']);
    expect(r.code).toBe(1);
    const { failures } = r.json('results.json');
    const fired = new Set(failures.map((f: { check: string }) => f.check));
    expect(fired).toEqual(new Set(['rejects-invalid-input', 'rejection-per-profile', 'fault-code-per-profile', 'error-message-per-profile'].filter((id) => fired.has(id))));
    expect(fired.has('rejects-invalid-input')).toBe(true);
    const f = failures.find((x: { check: string; caseId: string; transport: string }) => x.check === 'rejects-invalid-input' && x.caseId === 'MobileDispatchUpdate-int-non-numeric-status' && x.transport === 'get');
    expect(f).toMatchObject({
      kind: 'negative', scenario: 'int-non-numeric', param: 'status', status: 'failed',
      message: expect.stringMatching(/^invalid input was accepted: HTTP 200 with a result; it breaks: asmx profile: ASMX converts GET\/POST text to the SOAP type and refuses this value \(Microsoft reference source/),
      expectation: { profile: 'asmx', summary: 'HTTP 500 text/plain "Cannot convert ... to System.Int32."' },
    });
    expect(f.request.curl).toContain('status=abc');
    expect(r.stdout).toMatch(/^Verdict: does-not-conform/m);
  });

  test('under the lenient profile any rejection will do', async () => {
    // Two operations that between them have int, dateTime and boolean parameters: every kind of
    // negative case (each type's scenarios, missing parameter, unknown path and SOAPAction,
    // envelope swaps, malformed XML).
    const r = await runInProcess(['run', '--profile', 'lenient', '--runs', '1', '--suites', 'negative,positive', '--operations', 'MobileTimeLogCreate,MobileContactEmailCreate']);
    expect(r.code).toBe(0);
    const results = r.json('results.json');
    expect(results.run.configuration.profile).toBe('lenient');
    expect(results.summary.exchanges.failed).toBe(0);
    expect(results.summary.exchanges.total).toBeGreaterThan(100);
  });

  test('--checks narrows the catalog and --skip-checks removes from it', async () => {
    const only = await runInProcess(['run', '--checks', 'http-status-200,rejects-invalid-input', '--operations', 'MobileContactEmailDelete', '--runs', '1']);
    expect(only.code).toBe(0);
    const names = [...only.text('junit.xml').matchAll(/<testcase [^>]*name="([^"]+)"/g)].map((m) => m[1]!.split(' ').at(-1));
    expect(new Set(names)).toEqual(new Set(['http-status-200', 'rejects-invalid-input']));
    const skipped = await runInProcess(['run', '--skip-checks', 'xsd-valid', '--operations', 'MobileContactEmailDelete', '--runs', '1']);
    expect(skipped.text('junit.xml')).not.toContain(' xsd-valid"');
    expect(skipped.text('junit.xml')).toContain(' http-status-200"');
  });

  test.each([['--checks'], ['--skip-checks']])('an unknown check id given to %s exits 2 naming it', async (flag) => {
    const r = await cliInProcess(['run', flag, 'http-status-200,no-such-check', '--reports', mkdtempSync(join(tmpdir(), 'tsiws-checks-'))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${flag}: unknown check id no-such-check`);
  });
});

describe('authentication enforcement', () => {
  // Real processes: the example signer reads TSIWS_AUTH_SECRET from the process environment.
  test('with the example signer and a server that enforces it: every auth case rejected, every valid request accepted', async () => {
    // One operation with mobilekey and one without: every kind of auth case, a tenth of the run.
    const r = await runCliProcess(['run', '--signer', SIGNER, '--auth-secret', 's3cret', '--runs', '1', '--operations', 'MobileDispatchUpdate,MobileAccountSearch'], { TSIWS_AUTH_SECRET: 's3cret' });
    expect(r.code).toBe(0);
    // The default run's records for these two (findings.test.ts counts them: 67 + 37) and ?WSDL,
    // plus corrupted sig and stale timestamp x 2 operations x 4 transports, missing and wrong
    // mobilekey x 4 each for MobileDispatchUpdate, and a parity record for each of those 6 cases.
    expect(r.json('results.json').summary.exchanges.total).toBe(67 + 37 + 1 + 16 + 8 + 6);
    expect(r.text('junit.xml')).toContain('name="get auth-stale-timestamp auth-enforced"');
  });

  test('a server that does not check signatures is caught by auth-enforced', async () => {
    const url = await server({});
    const r = await runCliProcess(['run', '--base-url', url, '--allow-mutations', '--signer', SIGNER, '--operations', 'MobileDispatchUpdate', '--transports', 'soap12'], { TSIWS_AUTH_SECRET: 's3cret' });
    expect(r.code).toBe(1);
    const fired = r.json('results.json').failures.map((f: { check: string; scenario: string }) => `${f.check} ${f.scenario}`);
    // In the order the records came: the three cases run side by side, so any order.
    expect([...fired].sort()).toEqual(['auth-enforced auth-corrupted-sig', 'auth-enforced auth-missing-mobilekey', 'auth-enforced auth-stale-timestamp', 'auth-enforced auth-wrong-mobilekey']);
  });

  test('signatures made with the wrong secret fail the valid requests', async () => {
    const url = await server({ authSecret: 'right' });
    const r = await runCliProcess(['run', '--base-url', url, '--signer', SIGNER, '--operations', 'MobileAccountSearch', '--transports', 'get'], { TSIWS_AUTH_SECRET: 'wrong' });
    expect(r.code).toBe(1);
    const positive = r.json('results.json').failures.filter((f: { kind: string }) => f.kind === 'positive');
    expect(positive.map((f: { check: string }) => f.check)).toEqual(['http-status-200', 'content-type', 'xml-well-formed', 'not-a-fault']);
    expect(positive[3].message).toBe('answered with a fault: System.UnauthorizedAccessException: Invalid signature.');
  });
});

describe('tsiws-conform checks', () => {
  test('lists every check with id, description and what it enforces', async () => {
    const r = await cliInProcess(['checks', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout);
    expect(rows.map((c: { id: string }) => c.id)).toEqual([...CHECK_IDS, ...CLIENT_CHECK_IDS]);
    expect(rows.filter((c: { scope: string }) => c.scope === 'client').map((c: { id: string }) => c.id)).toEqual(CLIENT_CHECK_IDS);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const c of rows) {
      expect(c.description.length).toBeGreaterThan(10);
      expect(c.enforces.length).toBeGreaterThan(10);
    }
    const table = await cliInProcess(['checks']);
    expect(table.stdout).toMatch(/^http-status-200\s+error\s+A valid request is answered with HTTP status 200$/m);
    expect(table.stdout).toMatch(new RegExp(`^${CHECK_IDS.length} checks, and ${CLIENT_CHECK_IDS.length} client checks\\.`, 'm'));
    // The client checks in a group of their own, after the run's.
    const lines = table.stdout.split('\n');
    const heading = lines.indexOf('Client checks: what a client sent, judged on each request the proxy passes on (scope client)');
    expect(lines.slice(heading + 2, heading + 3)[0]).toMatch(/^client-transport\s+error\s+The request is one of the four transports/);
    expect(lines.slice(0, heading).filter((l) => /^client-/.test(l))).toEqual([]);
  });
});
