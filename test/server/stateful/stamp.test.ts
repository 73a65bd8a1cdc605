/** --stamp-results: two answers to the same request differ in servedAt and answerId, and only there
 * (read by the field engine, as noise learning reads them), in JSON and in XML; off by default. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { embeddedServer } from '../../../src/engine/send/target.js';
import { differingFields, fieldsOf } from '../../../src/parity/fields.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { stamper } from '../../../src/server/stateful/outcome.js';
import { call } from './call.js';

let json: ReferenceServer;
let xml: ReferenceServer;
let plain: ReferenceServer;

beforeAll(async () => {
  [json, xml, plain] = await Promise.all([
    startReferenceServer({ stateful: true, stampResults: true }),
    startReferenceServer({ stateful: true, stampResults: true, resultFormat: 'xml' }),
    startReferenceServer({ stateful: true }),
  ]);
});
afterAll(() => Promise.all([json.close(), xml.close(), plain.close()]));

const twice = async (server: ReferenceServer, opName: string, given: Record<string, string>) => {
  const answers = [await call(server, 'soap11', opName, given), await call(server, 'soap11', opName, given)];
  return answers.map((a) => fieldsOf(a.text ?? ''));
};

describe('stamped results', () => {
  test('JSON: a search answered twice differs in $.servedAt and $.answerId only', async () => {
    const [a, b] = await twice(json, 'MobileAccountSearch', { accountname: 'Müller' });
    expect(a!.values.get('$.servedAt')).toMatch(/^"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/);
    expect(a!.values.get('$.records[0].accountname')).toBeDefined();
    expect(differingFields([a!, b!])).toEqual(['$.servedAt', '$.answerId']);
  });

  test('XML: an in-band failure answered twice differs in /Result/servedAt and /Result/answerId only', async () => {
    const [a, b] = await twice(xml, 'MobileContactEmailDelete', { emailid: '999999' });
    expect(a!.values.get('/Result/ok')).toBe('false');
    expect(differingFields([a!, b!])).toEqual(['/Result/servedAt', '/Result/answerId']);
  });

  test('off by default: the same request answers the same text', async () => {
    const [a, b] = await twice(plain, 'MobileAccountSearch', { accountname: 'Müller' });
    expect(a!.values.has('$.servedAt')).toBe(false);
    expect(differingFields([a!, b!])).toEqual([]);
  });
});

test('servedAt differs by construction: a clock stuck on one millisecond still stamps every answer apart, in order (issue 59)', () => {
  const stamp = stamper(() => Date.parse('2024-05-01T10:00:00.123Z'));
  const stamps = [stamp(), stamp(), stamp()];
  expect(stamps.map((s) => s.servedAt)).toEqual(['2024-05-01T10:00:00.123Z', '2024-05-01T10:00:00.124Z', '2024-05-01T10:00:00.125Z']);
  expect(new Set(stamps.map((s) => s.answerId)).size).toBe(3);
  // A clock that steps back (NTP) does not take servedAt back with it.
  let now = 5_000;
  const stepped = stamper(() => now);
  const first = stepped().servedAt;
  now = 1_000;
  expect(stepped().servedAt > first).toBe(true);
});

test('run --stateful --stamp-results starts the embedded stateful server stamped', () => {
  expect(embeddedServer({ ...DEFAULTS, stateful: true, stampResults: true })).toMatchObject({ stateful: true, stampResults: true });
  expect(embeddedServer({ ...DEFAULTS, stateful: true })).not.toHaveProperty('stampResults');
});
