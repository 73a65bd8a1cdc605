/** Each transport its own instance (src/engine/instances.ts), against the stateful service. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { discover } from '../../src/engine/discover.js';
import { ownInstance } from '../../src/engine/instances.js';
import { poolOf } from '../../src/engine/learned-cases.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { ValuePool } from '../../src/state/learn.js';

let server: ReferenceServer;
let client: HttpClient;
let pool: ValuePool;
const settings = { ...DEFAULTS, embedded: true, stateful: true };

beforeAll(async () => {
  server = await startReferenceServer({ stateful: true });
  client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  pool = poolOf(await discover({ ...settings, baseUrl: server.url }, client))!;
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('a delete or update of an e-mail', () => {
  test('makes an e-mail over the same transport and names it with the contact it was made for', async () => {
    const a = await ownInstance(settings, client, pool, 'MobileContactEmailDelete', { emailid: '100' }, 'get', 0);
    const b = await ownInstance(settings, client, pool, 'MobileContactEmailDelete', { emailid: '100' }, 'post', 1);
    expect(a.setup).toMatch(/^MobileContactEmailCreate over get made emailid \d+$/);
    expect(a.values['emailid']).not.toBe(b.values['emailid']);
    const update = await ownInstance(settings, client, pool, 'MobileContactEmailUpdate', { emailid: '100', contactnumber: '1', email: 'x@y.z', primary: 'true' }, 'soap11', 5);
    expect(update.values['contactnumber']).not.toBe('1');
    expect(update.values['email']).toBe('x@y.z');
  });
});

describe('a rep assignment, which no operation makes', () => {
  test('takes a distinct learned one per slot, the same one for the same slot', async () => {
    const taken = await Promise.all([0, 1, 2, 3].map((slot) => ownInstance(settings, client, pool, 'MobileServiceOrderRepAssignedDelete', {}, 'soap11', slot)));
    const pairs = taken.map((t) => `${t.values['reptodelete']}/${t.values['sonumber']}`);
    expect(new Set(pairs).size).toBe(4);
    expect((await ownInstance(settings, client, pool, 'MobileServiceOrderRepAssignedDelete', {}, 'get', 2)).values).toEqual(taken[2]!.values);
  });

  test('once too few are left for a whole group of transports, the whole group names one that cannot exist', async () => {
    const small = new ValuePool();
    small.add([1, 2, 3, 4, 5].map((rep) => ({ from: 'MobileTasksList', fields: { reptodelete: String(rep), sonumber: '6001' } })));
    const group = await Promise.all([4, 5, 6, 7].map((slot) => ownInstance(settings, client, small, 'MobileServiceOrderRepAssignedDelete', {}, 'soap11', slot)));
    expect(group.map((g) => g.values['reptodelete'])).toEqual(['-2147480000', '-2147480000', '-2147480000', '-2147480000']);
    expect(group[0]!.setup).toBe('no distinct learned reptodelete and sonumber left for slot 4: reptodelete -2147480000, which cannot exist');
    const first = await ownInstance(settings, client, small, 'MobileServiceOrderRepAssignedDelete', {}, 'soap11', 3);
    expect(first.values).toEqual({ reptodelete: '4', sonumber: '6001' });
  });
});

test('an operation that needs no instance keeps its values', async () => {
  expect(await ownInstance(settings, client, pool, 'MobileAccountUpdate', { accountnumber: '1001' }, 'soap11', 0)).toEqual({ values: { accountnumber: '1001' }, setup: '' });
});
