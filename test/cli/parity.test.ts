/** Issue 5 end to end: parity against the embedded server and against transport-specific bugs. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runInProcess } from '../support/cli.js';

const servers = new Map<string, ReferenceServer>();
beforeAll(async () => {
  for (const m of ['trim-post', 'mangle-non-ascii-get', 'bool-title-case-soap12', 'aspnet-request-validation']) servers.set(m, await startReferenceServer({ mutant: m }));
});
afterAll(() => Promise.all([...servers.values()].map((s) => s.close())));

// The mutants below affect every operation; three that between them have int, bool, dateTime and
// string parameters keep each run short (a full fuzz run is covered in run.test.ts).
const SOME_OPERATIONS = ['--operations', 'MobileContactEmailCreate,MobileAccountSearch,MobileTimeLogCreate'];

interface Difference { transport: string; class: string; inherent?: { id: string } }
const differencesOf = (parity: { differing: Array<{ differences: Difference[] }> }) => parity.differing.flatMap((c) => c.differences);

// Parity against the embedded server across the default fuzz run (no defects, 239 cases compared)
// is asserted in run.test.ts, on the one default run that file makes for every assertion about it.

describe.each([
  ['trim-post', 'post', 'whitespace'],
  ['mangle-non-ascii-get', 'get', 'encoding'],
  ['bool-title-case-soap12', 'soap12', 'typed-format'],
])('a server with %s', (mutant, transport, cls) => {
  test(`is found on ${transport} and classified as ${cls}`, async () => {
    const r = await runInProcess(['run', '--base-url', servers.get(mutant)!.url, '--seed', '11', '--suites', 'fuzz', '--allow-mutations', ...SOME_OPERATIONS]);
    expect(r.code).toBe(1);
    const defects = differencesOf(r.json('parity.json')).filter((d) => !d.inherent);
    expect(defects.length).toBeGreaterThan(0);
    expect(new Set(defects.map((d) => `${d.transport}:${d.class}`))).toEqual(new Set([`${transport}:${cls}`]));
    const failure = r.json('results.json').failures.find((f: { check: string }) => f.check === 'transport-parity');
    expect(failure.message).toMatch(new RegExp(`^${transport} differs from soap11: ${cls}: `));
  });
});

describe('markup over GET/POST refused by ASP.NET request validation', () => {
  const run = (profile: string) => runInProcess(['run', '--base-url', servers.get('aspnet-request-validation')!.url, '--seed', '11', '--suites', 'fuzz', '--profile', profile, '--allow-mutations', ...SOME_OPERATIONS]);

  test('is inherent under asmx: visible, not failing', async () => {
    const r = await run('asmx');
    expect(r.code).toBe(0);
    const differences = differencesOf(r.json('parity.json'));
    expect(differences.length).toBeGreaterThan(0);
    expect(differences.every((d) => d.class === 'rejection' && d.inherent?.id === 'aspnet-request-validation')).toBe(true);
    expect(r.json('parity.json').inherentBehaviours.map((b: { id: string }) => b.id)).toContain('aspnet-request-validation');
  });

  test('is a defect under strict', async () => {
    const r = await run('strict');
    expect(r.code).toBe(1);
    const defects = differencesOf(r.json('parity.json')).filter((d) => !d.inherent);
    expect(defects.some((d) => (d.transport === 'get' || d.transport === 'post') && d.class === 'rejection')).toBe(true);
    // strict does not recognise the host's refusal: a valid request answered with an error page.
    expect(r.json('results.json').failures.some((f: { check: string; kind: string; transport: string; level: string }) => f.check === 'http-status-200' && f.kind === 'fuzz' && (f.transport === 'get' || f.transport === 'post') && f.level === 'error')).toBe(true);
  });
});
