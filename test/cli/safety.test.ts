/** Issue 7: mutating operations are not sent by surprise (interrupted runs: signals.test.ts). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isMutating, operations } from '../../src/contract/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runInProcess } from '../support/cli.js';
import { startProxy } from '../support/proxy.js';

// SIGINT halfway (valid junit.xml and results.json marked incomplete, exit 130) is one of the
// signals in signals.test.ts.

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
    // Every mutating operation and one read (MobileAccountSearch): the eleven other reads' cases
    // took most of a default run's time and none of them can mutate. Discovery still reads with
    // every read operation, whatever --operations selects.
    const r = await runInProcess(['run', '--base-url', recorder.url, '--runs', '2', '--operations', [...mutating, 'MobileAccountSearch'].join(',')]);
    expect(r.code).toBe(0);
    const sent = seen.filter((line) => mutating.some((op) => line.includes(op)));
    expect(sent).toEqual([]);
    // The recorder saw the run: at least MobileAccountSearch's 4 valid requests, its 21 invalid
    // ones (12 for its one int, 9 others; findings.test.ts) and 2 fuzzed ones x 4 transports.
    expect(seen.length).toBeGreaterThanOrEqual(4 + 21 + 2 * 4);
    const { summary } = r.json('results.json');
    // 8 operations x 4 transports for the positive suite, their negative cases, and their fuzz properties.
    expect(summary.exchanges.skipped).toBeGreaterThanOrEqual(8 * 4 * 2);
    expect(r.text('junit.xml')).toMatch(/name="soap11 positive not sent"[^>]*>\s*<skipped\/>\s*<system-out><!\[CDATA\[not sent: a create, update or delete operation/);
    expect(r.stdout).toMatch(/^MobileTimeLogCreate\s+skip\s+skip\s+skip\s+skip/m);
    // Nothing failed, but 8 operations x 4 transports were held back: the verdict says so, and exit 0.
    expect(summary.verdict).toBe('conforms-partially');
    expect(summary.cells.notCovered).toHaveLength(8 * 4);
    expect(r.stdout).toContain(`  not sent: ${mutating.join(', ')} over soap11, soap12, get, post: a create, update or delete operation and the target is not the embedded server (give --allow-mutations to send it)`);
    // 8 mutating operations x 4 transports of the 9 selected x 4.
    expect(r.stdout).toMatch(/^Verdict: conforms-partially: 32 of 36 operation x transport cells not sent/m);
  });

  test('with --allow-mutations they are sent', async () => {
    seen = [];
    const r = await runInProcess(['run', '--base-url', recorder.url, '--runs', '2', '--allow-mutations', '--operations', 'MobileContactEmailDelete', '--suites', 'positive']);
    expect(r.code).toBe(0);
    expect(seen.filter((line) => line.includes('MobileContactEmailDelete'))).toHaveLength(4);
  });
});
