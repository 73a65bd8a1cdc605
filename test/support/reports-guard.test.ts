/** The suite's guard over the checkout's reports/ (reports-guard.ts): silent when nothing changed,
 * naming every file added, changed or removed when something did. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { folderChanges, guardFolder, snapshotFolder } from './reports-guard.js';

function userReports(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-guard-'));
  writeFileSync(join(dir, '.gitkeep'), '');
  writeFileSync(join(dir, 'report.html'), '<p>the user\'s run</p>');
  mkdirSync(join(dir, 'failures'));
  writeFileSync(join(dir, 'failures', 'a.json'), '{}');
  return dir;
}

test('nothing written: no change, even when files were rewritten with the same bytes', () => {
  const dir = userReports();
  const before = snapshotFolder(dir);
  writeFileSync(join(dir, 'report.html'), '<p>the user\'s run</p>');
  expect(folderChanges(before, snapshotFolder(dir))).toEqual([]);
});

test('a file replaced, one added in a subfolder, one removed: each named', () => {
  const dir = userReports();
  const before = snapshotFolder(dir);
  writeFileSync(join(dir, 'report.html'), '<p>Error: the tool could not vouch for a verdict</p>');
  writeFileSync(join(dir, 'failures', 'b.json'), '{}');
  rmSync(join(dir, 'failures', 'a.json'));
  expect(folderChanges(before, snapshotFolder(dir))).toEqual(['removed: failures/a.json', 'added: failures/b.json', 'changed: report.html']);
});

test('a folder that did not exist and then holds reports: every file added', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'tsiws-guard-')), 'reports');
  const before = snapshotFolder(dir);
  expect(before.size).toBe(0);
  mkdirSync(dir);
  writeFileSync(join(dir, 'results.json'), '{}');
  expect(folderChanges(before, snapshotFolder(dir))).toEqual(['added: results.json']);
});

test('the teardown throws naming the files when the folder changed, and returns quietly when not', () => {
  const dir = userReports();
  guardFolder(dir, 'the reports')();
  const teardown = guardFolder(dir, 'the reports');
  writeFileSync(join(dir, 'report.html'), 'overwritten');
  expect(teardown).toThrow("a test wrote into the reports (give it a temporary folder, e.g. --reports):\n  changed: report.html");
});
