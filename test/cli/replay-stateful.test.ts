/** replay of a failure found against the stateful service: the setup of an instance-bound case is
 * made again, and a sequence's step is refused (it depends on the steps before it). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FAILURE_FILE_VERSION, type FailureFile } from '../../src/report/digest/failure-files.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { cliInProcess } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-replay-stateful-'));

function failureFile(name: string, record: Partial<ExchangeRecord>): string {
  const r = { operation: 'MobileContactEmailDelete', transport: 'soap11', kind: 'positive', caseId: 'MobileContactEmailDelete-example', values: { emailid: '3041' }, request: { method: 'POST', url: '', headers: {}, curl: 'curl' }, checks: [{ id: 'http-status-200', status: 'failed', level: 'error', message: 'HTTP 500' }], ...record } as ExchangeRecord;
  const file: FailureFile = { version: FAILURE_FILE_VERSION, id: name, target: 'embedded reference server', embedded: true, stateful: true, namespace: 'http://www.tigerpawsoftware.com', profile: 'asmx', echo: false, resultFormat: 'json', seed: 1, record: r, findings: ['http-status-200: HTTP 500'], curl: 'curl', replay: '' };
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

test('a delete case makes its e-mail again on the stateful service, and passes there now', async () => {
  const path = failureFile('delete', { setup: 'MobileContactEmailCreate over soap11 made emailid 3041' });
  const r = await cliInProcess(['replay', path]);
  expect(r.stdout).toMatch(/^Setup made again: MobileContactEmailCreate over soap11 made emailid \d+ \(recorded: MobileContactEmailCreate over soap11 made emailid 3041\)$/m);
  expect(r.stdout).toContain('Not reproduced: every check passes now.');
  expect(r.code).toBe(0);
});

test('a step of a sequence is not replayed alone: exit 2, saying how to run the sequence again', async () => {
  const path = failureFile('step', { caseId: 'contact-email-sequence-soap11-5-delete', sequence: { id: 'contact-email-sequence-soap11', name: 'contact-email', step: 5, of: 7, action: 'delete', ids: { emailid: '3041' } } });
  const r = await cliInProcess(['replay', path]);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe('tsiws-conform: replay: contact-email-sequence-soap11-5-delete is step 5 of the contact-email sequence over soap11 and depends on the steps before it, so it cannot be replayed alone; run the sequences again: tsiws-conform run --suites sequences --stateful --transports soap11\n');
});
