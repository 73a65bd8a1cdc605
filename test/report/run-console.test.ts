/** What run prints by --format and --quiet, on a run with findings, errors and skips. */
import { expect, test } from 'vitest';
import { runConsole } from '../../src/cli/run-console.js';
import { digestOf } from '../../src/report/digest/digest.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const FILES = ['/r/junit.xml', '/r/results.json', '/r/failures/*.json', '/r/certificate.json'];
const base = { operations: ['MobileGetEmployee', 'MobileSaveNote'], transports: ['soap11', 'soap12', 'get', 'post'] as const, reportsDir: '/r', failOn: 'error' as const };

function finish(format: 'text' | 'json', quiet: boolean, interrupted?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const ui = runConsole({ ...base, format, quiet }, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  ui.say('tsiws-conform: 2 operations x 4 transports');
  const code = ui.finish(digestOf(MIXED_RECORDS, 'error'), MIXED_RUN, FILES, interrupted);
  return { code, out: out.join('\n'), err: err.join('\n'), progress: ui.progress };
}

test('text: header, table, reports and verdict on stdout', () => {
  const r = finish('text', false);
  expect(r.code).toBe(4); // a tool error and a crashed check: the tool cannot vouch for a verdict
  expect(r.out).toMatch(/^tsiws-conform: 2 operations/);
  expect(r.out).toMatch(/^MobileGetEmployee\s+ok\s+ERROR\s+FAIL\s+FAIL/m);
  expect(r.out).toMatch(/^Reports: \/r\/junit\.xml/m);
  expect(r.out).toMatch(/\nVerdict: error \(1\.2 s\)$/);
  expect(r.err).toBe('');
});

test('--quiet: only the verdict line on stdout, the tool error on stderr', () => {
  const r = finish('text', true);
  expect(r.out).toBe('Verdict: error (1.2 s)');
  expect(r.err).toBe(`tsiws-conform: tool error: ${MIXED_RUN.toolErrors[0]}`);
  expect(r.progress).toBeUndefined();
});

test('--format json: stdout is one JSON document; the human text is on stderr', () => {
  const r = finish('json', false);
  const doc = JSON.parse(r.out);
  expect(doc).toMatchObject({ verdict: 'error', exitCode: 4, seed: 1234, target: MIXED_RUN.target, reports: { dir: '/r', files: FILES }, toolErrors: MIXED_RUN.toolErrors });
  expect(doc.summary.exchanges).toEqual({ total: 7, passed: 2, failed: 2, error: 2, skipped: 1 });
  // In report order (report-order.ts): by operation, then transport as the matrix shows them.
  expect(doc.failures.map((f: { check: string }) => f.check)).toEqual(['TSIWS_TIMEOUT', 'echo-matches', 'rejection-per-profile', 'xsd-valid']);
  expect(doc.failures[2]).toMatchObject({ operation: 'MobileGetEmployee', transport: 'post', scenario: 'int-non-numeric', param: 'repnumber', status: 'failed', file: 'failures/n1-post.json' });
  expect(r.err).toMatch(/^tsiws-conform: 2 operations/);
  expect(r.err).toMatch(/\nVerdict: error/);
});

test('--format json --quiet: the document alone, errors on stderr; an interrupted run says so', () => {
  const r = finish('json', true, 'SIGINT');
  expect(r.code).toBe(130);
  expect(JSON.parse(r.out)).toMatchObject({ interrupted: 'SIGINT', exitCode: 130 });
  expect(r.err).toBe(`tsiws-conform: tool error: ${MIXED_RUN.toolErrors[0]}`);
});
