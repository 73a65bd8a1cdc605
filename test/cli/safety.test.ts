/** Issue 7: interrupted runs keep their reports; mutating operations are not sent by surprise. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isMutating, operations } from '../../src/contract/index.js';
import { parseXml } from '../../src/decode/xml.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { afterOutput, BIN, runCliProcess } from '../support/cli.js';
import { startProxy } from '../support/proxy.js';

describe('SIGINT halfway', () => {
  test('leaves valid junit.xml and results.json marked incomplete, and exits 130', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tsiws-sigint-'));
    const child = spawn(process.execPath, [BIN, 'run', '--runs', '5000', '--max-string-length', '300', '--reports', dir], { cwd: dir, env: { PATH: process.env['PATH'] ?? '' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    // Interrupt once the run is well under way: after the seed line and a few seconds of requests.
    await afterOutput(() => out, 'Seed:', 12_000);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    expect(results.run.incomplete.reason).toBe('interrupted by SIGINT');
    expect(results.summary.exchanges.total).toBeGreaterThan(0);
    const junit = parseXml(readFileSync(join(dir, 'junit.xml'), 'utf8'));
    expect(junit.ok && junit.root.name).toBe('testsuites');
    expect(out).toMatch(/^Incomplete: interrupted by SIGINT; \d+ cases not run/m);
  });
});

describe('mutation safety', () => {
  let reference: ReferenceServer;
  let recorder: { url: string; close(): Promise<void> };
  let seen: string[] = [];
  const mutating = operations.filter(isMutating).map((o) => o.name);

  beforeAll(async () => {
    reference = await startReferenceServer();
    recorder = await startProxy(reference.url, (req, up, body) => {
      seen.push(`${req.url} ${req.headers['soapaction'] ?? ''} ${body.toString('utf8').slice(0, 2000)}`);
      return up;
    });
  });
  afterAll(async () => {
    await recorder.close();
    await reference.close();
  });

  test('the spec classes make 8 operations mutating', () => {
    expect(mutating).toEqual(['MobileTimeLogCreate', 'MobileAccountUpdate', 'MobileContactEmailCreate', 'MobileDocumentUpload', 'MobileContactEmailUpdate', 'MobileServiceOrderRepAssignedDelete', 'MobileDispatchUpdate', 'MobileContactEmailDelete']);
  });

  test('without --allow-mutations no create, update or delete request reaches another target', async () => {
    seen = [];
    const r = await runCliProcess(['run', '--base-url', recorder.url, '--runs', '2']);
    expect(r.code).toBe(0);
    const sent = seen.filter((line) => mutating.some((op) => line.includes(op)));
    expect(sent).toEqual([]);
    expect(seen.length).toBeGreaterThan(100);
    const { summary } = r.json('results.json');
    // 8 operations x 4 transports for the positive suite, their negative cases, and their fuzz properties.
    expect(summary.exchanges.skipped).toBeGreaterThanOrEqual(8 * 4 * 2);
    expect(r.text('junit.xml')).toMatch(/name="soap11 positive not sent"[^>]*>\s*<skipped\/>\s*<system-out><!\[CDATA\[not sent: a create, update or delete operation/);
    expect(r.stdout).toMatch(/^MobileTimeLogCreate\s+skip\s+skip\s+skip\s+skip/m);
    // Nothing failed, but 8 operations x 4 transports were held back: the verdict says so, and exit 0.
    expect(summary.verdict).toBe('conforms-partially');
    expect(summary.cells.notCovered).toHaveLength(8 * 4);
    expect(r.stdout).toContain(`  not sent: ${mutating.join(', ')} over soap11, soap12, get, post: a create, update or delete operation and the target is not the embedded server (give --allow-mutations to send it)`);
    expect(r.stdout).toMatch(/^Verdict: conforms-partially: 32 of 80 operation x transport cells not sent/m);
  });

  test('with --allow-mutations they are sent', async () => {
    seen = [];
    const r = await runCliProcess(['run', '--base-url', recorder.url, '--runs', '2', '--allow-mutations', '--operations', 'MobileContactEmailDelete', '--suites', 'positive']);
    expect(r.code).toBe(0);
    expect(seen.filter((line) => line.includes('MobileContactEmailDelete'))).toHaveLength(4);
  });
});
