/** Issue 60, item 4 (acceptance): two runs with `--seed 7 --workers 2` against the embedded server
 * write the same junit.xml, results.json and parity.json once the golden normaliser
 * (scripts/golden/) has replaced times, ports and ids; it sorts none of them, so a testcase, verdict
 * or differing case listed in the order the workers' answers arrived shows as a difference. A few
 * operations, among them those whose fuzzed cases differ between transports (parity.json); two
 * workers share them, so their records interleave differently. A system test (test/system-files.ts):
 * npm test holds the order with test/report/stable-order.test.ts. */
import { expect, test } from 'vitest';
import { normaliseJson } from '../../scripts/golden/normalise-json.js';
import { normaliseJunit } from '../../scripts/golden/normalise-junit.js';
import { runInProcess, type CliResult } from '../support/cli.js';

const OPERATIONS = 'MobileTimeLogCreate,MobileAccountUpdate,MobileTimeLogList,MobileContactEmailCreate,MobileContactSearch';

const normalised = (run: CliResult) => {
  const ctx = { root: run.reports };
  return { junit: normaliseJunit(run.text('junit.xml'), ctx), results: normaliseJson(run.text('results.json'), ctx), parity: normaliseJson(run.text('parity.json'), ctx) };
};

test('two runs of one seed on two workers write the same three reports, times, ports and ids aside', async () => {
  const args = ['run', '--seed', '7', '--workers', '2', '--operations', OPERATIONS];
  const first = await runInProcess(args);
  const second = await runInProcess(args);
  expect([first.code, second.code], first.stdout + first.stderr).toEqual([0, 0]);
  const [a, b] = [normalised(first), normalised(second)];
  // What makes the comparison worth making: cases across operations and transports, and differing ones.
  expect(a.junit.match(/<testcase /g)!.length).toBeGreaterThan(1000);
  expect((JSON.parse(a.parity) as { differing: unknown[] }).differing.length).toBeGreaterThan(0);
  expect(b.junit).toBe(a.junit);
  expect(b.results).toBe(a.results);
  expect(b.parity).toBe(a.parity);
}, 300_000);
