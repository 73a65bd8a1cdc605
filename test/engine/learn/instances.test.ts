/** Each transport its own instance (src/engine/learn/instances.ts), against the stateful service. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { discover } from '../../../src/engine/learn/discover.js';
import { ownInstance } from '../../../src/engine/learn/instances.js';
import { poolOf } from '../../../src/engine/learn/learned-cases.js';
import { createHttpClient, type HttpClient } from '../../../src/http/send.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { ValuePool } from '../../../src/state/learn.js';

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

  test('once too few are left for a whole group of transports, none of the group is sent: not applicable, no id made up', async () => {
    const small = new ValuePool();
    small.add([1, 2, 3, 4, 5].map((rep) => ({ from: 'MobileTasksList', fields: { reptodelete: String(rep), sonumber: '6001' } })));
    const group = await Promise.all([4, 5, 6, 7].map((slot) => ownInstance(settings, client, small, 'MobileServiceOrderRepAssignedDelete', {}, 'soap11', slot)));
    expect(group.map((g) => g.values)).toEqual([{}, {}, {}, {}]);
    expect(group[0]!.notApplicable).toBe('no distinct learned reptodelete and sonumber for each transport (slot 4): there is no record of its own to work on');
    const first = await ownInstance(settings, client, small, 'MobileServiceOrderRepAssignedDelete', {}, 'soap11', 3);
    expect(first.values).toEqual({ reptodelete: '4', sonumber: '6001' });
    expect(first.notApplicable).toBeUndefined();
  });
});

describe('a create that does not succeed', () => {
  test('leaves the update or delete not applicable, naming what the create answered, instead of a shared learned id', async () => {
    // No contact the pool knows: the create is answered with the in-band failure "Unknown contactnumber".
    const none = new ValuePool();
    none.add([{ from: 'test', fields: { contactnumber: '99999', accountnumber: '1001' } }]);
    const learned = await discover({ ...settings, baseUrl: server.url }, client);
    const instance = await ownInstance(settings, client, none, 'MobileContactEmailDelete', { emailid: '100' }, 'soap12', 0, learned.failure);
    expect(instance.notApplicable).toMatch(/^its setup did not succeed: MobileContactEmailCreate over soap12 made no emailid \(answer: .*Unknown contactnumber 99999/);
    expect(instance.values).toEqual({ emailid: '100' });
  });
});

test('an operation that needs no instance keeps its values', async () => {
  expect(await ownInstance(settings, client, pool, 'MobileAccountUpdate', { accountnumber: '1001' }, 'soap11', 0)).toEqual({ values: { accountnumber: '1001' }, setup: '' });
});
