/** The real bin: --format json keeps stdout a single JSON document, --quiet prints only the
 * verdict, progress lines have no escapes off a terminal, and the reports verify. */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cliInProcess, runCliProcess } from '../support/cli.js';

/** verify-certificate runs no test: in process (a child process costs seconds of start-up). */
const verify = (dir: string) => cliInProcess(['verify-certificate', dir]);

test('--format json: one JSON document on stdout, human text and progress on stderr; the certificate verifies', async () => {
  const r = await runCliProcess(['run', '--format', 'json', '--suites', 'positive,service', '--runs', '1']);
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout);
  // 80 positive exchanges, the ?WSDL check and 20 parity comparisons; 21 tests (an operation's
  // example over its four transports is one test, and ?WSDL another).
  expect(doc).toMatchObject({ verdict: 'conforms', exitCode: 0, summary: { exchanges: { total: 101, failed: 0 } }, failures: [] });
  expect(doc.reports.files).toContain(join(r.reports, 'certificate.json'));
  expect(r.stderr).toMatch(/^progress: 21\/21 tests \(100%\)/m);
  expect(r.stderr).toMatch(/^Verdict: conforms/m);
  expect(r.stderr).not.toContain('\x1b');

  const intact = await verify(r.reports);
  expect([intact.code, intact.stdout]).toEqual([0, expect.stringMatching(/^intact: all 6 report files in /)]);
  appendFileSync(join(r.reports, 'junit.xml'), '<!-- edited -->');
  const altered = await verify(r.reports);
  expect([altered.code, altered.stdout]).toEqual([1, expect.stringContaining('  altered: junit.xml\n')]);
});

test('--quiet: the verdict line alone', async () => {
  const r = await runCliProcess(['run', '--quiet', '--suites', 'service', '--runs', '1']);
  expect([r.code, r.stderr]).toEqual([0, '']);
  // The service suite alone sends no request to an operation: the verdict says so.
  expect(r.stdout).toMatch(/^Verdict: conforms-partially: 80 of 80 operation x transport cells not sent \(\d+\.\d s\)\n$/);
});
