/** Issue 52, item 3: every report of two seeded runs (scripts/golden/runs.ts) is what it was when
 * fixtures/golden-reports/ was written, times, durations, ports, paths and arrival order aside.
 * A change to how reports are made must leave them so; an intended change to a report is taken
 * into the fixture with npm run golden:update (docs/maintaining.md). */
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FIXTURE, goldenReports } from '../../scripts/golden-reports.js';
import { BIN } from '../support/bin.js';

test('the seeded runs write the reports of the fixture, and a changed report shows as a diff', async () => {
  // A copy of the fixture with one kept file and its hash changed, as if the summary had said
  // "conformed" before: the runs must find that one difference, and nothing else.
  const changed = mkdtempSync(join(tmpdir(), 'tsiws-golden-fixture-'));
  cpSync(FIXTURE, changed, { recursive: true });
  const summary = join(changed, 'conforms', 'summary.md');
  const before = readFileSync(summary, 'utf8').replace('**Verdict: conforms**', '**Verdict: conformed**');
  writeFileSync(summary, before);
  const manifest = JSON.parse(readFileSync(join(changed, 'manifest.json'), 'utf8')) as Record<string, { sha256: string }>;
  manifest['conforms/summary.md']!.sha256 = createHash('sha256').update(before).digest('hex');
  writeFileSync(join(changed, 'manifest.json'), JSON.stringify(manifest));
  const { problems, kept } = await goldenReports({ bin: BIN, fixture: changed });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toContain('conforms/summary.md: differs');
  expect(problems[0]).toContain('-**Verdict: conformed**');
  expect(problems[0]).toContain('+**Verdict: conforms**');
  // Against the real fixture, nothing else differed (the same normalised files).
  expect(readFileSync(join(kept!, 'conforms', 'summary.md'), 'utf8')).toBe(readFileSync(join(FIXTURE, 'conforms', 'summary.md'), 'utf8'));
});
