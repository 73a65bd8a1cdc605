/** The discovery step (src/engine/learn/discover.ts) against the stateful reference implementation, the
 * echo server and a guarded target: what it learns, what it sends. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../../src/config/settings.js';
import { isMutating, operations } from '../../../src/contract/index.js';
import { discover, notEchoes } from '../../../src/engine/learn/discover.js';
import { hasData, type LearnedState } from '../../../src/engine/learn/learned-state.js';
import { createHttpClient, type HttpClient } from '../../../src/http/send.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { isIdParam, ValuePool, type LearnedRecord } from '../../../src/state/learn.js';

const READS = operations.filter((o) => !isMutating(o)).length;
const PROBES = operations.filter((o) => o.class === 'update' || o.class === 'delete').length;
/** The reads that name a record, asked for one that cannot exist (discover.ts, readContrasts). */
const READ_CONTRASTS = operations.filter((o) => !isMutating(o) && o.params.some((p) => isIdParam(p.name))).length;

let stateful: ReferenceServer;
let echo: ReferenceServer;
const clients: HttpClient[] = [];

beforeAll(async () => {
  [stateful, echo] = await Promise.all([startReferenceServer({ stateful: true }), startReferenceServer()]);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all([stateful.close(), echo.close()]);
});

function learn(server: ReferenceServer, extra: Partial<RunSettings> & { embedded?: boolean } = {}): Promise<LearnedState> {
  const settings = { ...DEFAULTS, baseUrl: server.url, embedded: true, ...extra };
  const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  clients.push(client);
  return discover(settings, client);
}

describe('against the stateful reference implementation', () => {
  test('learns records, the in-band failure pattern and the result format, in two rounds and the probes', async () => {
    const learned = await learn(stateful, { stateful: true });
    expect(hasData(learned)).toBe(true);
    expect(learned.discovery).toEqual({ sent: 2 * READS + READ_CONTRASTS + PROBES, records: learned.pool.records.length, probes: READ_CONTRASTS + PROBES, transport: 'soap11' });
    expect(learned.failure).toMatchObject({ pattern: '"ok"\\s*:\\s*false', flags: '', source: 'learned' });
    expect(learned.format).toEqual({ format: 'json', learnedFrom: expect.any(Number) });
    const pool = ValuePool.fromJSON(learned.pool);
    // The second round found what only an id reaches: the parts used lines of a service order.
    expect(pool.valuesFor('emailid')).toContain('3001');
    expect(pool.valuesFor('sopartsusedkeyid').length).toBeGreaterThan(0);
    expect(pool.valuesFor('reptodelete').length).toBeGreaterThan(0);
  });

  test('--failure-pattern is taken as given, and --values adds known-good records first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tsiws-values-'));
    const file = join(dir, 'values.json');
    writeFileSync(file, JSON.stringify({ accountnumber: ['4711'] }));
    const learned = await learn(stateful, { stateful: true, failurePattern: 'Unknown', valuesFile: file });
    expect(learned.failure).toEqual({ pattern: 'Unknown', flags: '', source: 'given', evidence: expect.any(String) });
    expect(learned.discovery.probes).toBe(0);
    expect(ValuePool.fromJSON(learned.pool).valuesFor('accountnumber')[0]).toBe('4711');
  });

  test('a target the run may not change gets no update or delete probes, and learns from the reads alone', async () => {
    const learned = await learn(stateful, { embedded: false, allowMutations: false });
    expect(learned.discovery).toMatchObject({ sent: 2 * READS + READ_CONTRASTS, probes: READ_CONTRASTS });
    expect(learned.failure).toMatchObject({ pattern: '"ok"\\s*:\\s*false', flags: '', source: 'learned' });
    expect(learned.failureUnknown).toBeUndefined();
    expect(hasData(learned)).toBe(true);
  });
});

test('a name=value service: result=error learned from its failures, none taken for a success (vendor-pairs)', async () => {
  const pairs = await startReferenceServer({ stateful: true, personality: 'vendor-pairs' });
  try {
    const learned = await learn(pairs, { embedded: false, allowMutations: true });
    expect(learned.failure?.evidence).toMatch(/^result=error in every failure answer \(\d+; first: 'result=error;code=404;/);
    expect(learned.failureUnknown).toBeUndefined();
  } finally {
    await pairs.close();
  }
});

test('an echo teaches nothing: one round, no probes, no records', async () => {
  const learned = await learn(echo);
  expect(learned).toEqual({ pool: { records: [] }, discovery: { sent: READS, records: 0, probes: 0, transport: 'soap11' } });
  expect(hasData(learned)).toBe(false);
});

describe('notEchoes: a filter echoed back is not learned, a row that brings its own ids stays whole', () => {
  const sent = { sonumber: '6', taskkeyid: '0' };
  const defaults = { sonumber: '0', taskkeyid: '0' };
  const from = 'MobileTasksList';

  test('a row with an id not sent keeps the learned filter it carries: the pair stays together', () => {
    const rows: LearnedRecord[] = [{ from, fields: { reptodelete: '3', sonumber: '6' } }, { from, fields: { sologkeyid: '9', sonumber: '6', accountnumber: '45' } }];
    expect(notEchoes(rows, sent, defaults)).toEqual(rows);
  });

  test('what only echoes the request is dropped: the echo, the criteria repeated beside the rows', () => {
    expect(notEchoes([{ from, fields: { sonumber: '6', taskkeyid: '0' } }], sent, defaults)).toEqual([]);
    // No new id: the echoed filter goes, the row's other fields stay (as before issue 59).
    expect(notEchoes([{ from, fields: { sonumber: '6', status: '2' } }], sent, defaults)).toEqual([{ from, fields: { status: '2' } }]);
  });

  test("a field equal to the round's default (no filter at all) is dropped even from a row with new ids", () => {
    expect(notEchoes([{ from, fields: { reptodelete: '3', taskkeyid: '0', sonumber: '6' } }], sent, defaults)).toEqual([{ from, fields: { reptodelete: '3', sonumber: '6' } }]);
  });
});
