/** Issue 59's anchor acceptance as test:personalities reads it from a run's reports
 * (scripts/personality-anchors.ts): silent on a run with an anchor for every operation and no
 * inconclusive verdict on one; firing on a missing anchor, an inconclusive verdict, missing reports. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { anchorsHold, anchorVerdict, describeAnchors } from '../../scripts/personality-anchors.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const OPS = ['MobileTasksList', 'MobileTimeLogCreate'];
const anchor = { values: {}, transport: 'soap11', source: 'discovery' };
const check = (status: string, level: string, message: string) => ({ id: 'state-consistency', status, level, message });

function reports(anchors: Record<string, unknown>, records: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-personality-anchors-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'results.json'), JSON.stringify({ run: { discovery: { anchors } } }));
  writeFileSync(join(dir, 'records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return dir;
}

test('holds: every operation anchored, its verdicts passed or info that is not inconclusive', () => {
  const v = anchorVerdict(reports({ MobileTasksList: anchor, MobileTimeLogCreate: anchor }, [
    { operation: 'MobileTasksList', checks: [check('passed', 'warning', ''), check('failed', 'info', 'a note')] },
  ]), OPS);
  expect([anchorsHold(v), describeAnchors(v)]).toEqual([true, '']);
});

test('fails: an operation with no anchor, and an inconclusive verdict on an anchored one (not on the unanchored)', () => {
  const v = anchorVerdict(reports({ MobileTasksList: anchor }, [
    { operation: 'MobileTasksList', checks: [check('failed', 'info', 'inconclusive: no read was seen to show reptodelete 1')] },
    { operation: 'MobileTimeLogCreate', checks: [check('failed', 'info', 'inconclusive: refused, but no anchor for MobileTimeLogCreate')] },
  ]), OPS);
  expect(anchorsHold(v)).toBe(false);
  expect(describeAnchors(v)).toBe('no anchor: MobileTimeLogCreate; 1 inconclusive on anchored operations (first: MobileTasksList state-consistency: inconclusive: no read was seen to show reptodelete 1)');
});

test('fails when the reports are missing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-personality-anchors-'));
  dirs.push(dir);
  const v = anchorVerdict(dir, OPS);
  expect([anchorsHold(v), describeAnchors(v)]).toEqual([false, 'anchors unreadable: no results.json']);
});
