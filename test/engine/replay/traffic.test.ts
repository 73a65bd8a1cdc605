/** Issue 53, point 5: captured traffic read into the engine's cases (engine/replay/traffic.ts,
 * traffic/read.ts): a foreign tool's HAR, traffic.jsonl lines, each defect's negative case,
 * and the errors and notes bad input gives. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../../src/config/settings.js';
import { readTraffic, trafficRow, trafficLine, type TrafficRow } from '../../../src/engine/replay/traffic.js';
import { entryOf } from '../../../src/traffic/read.js';
import { REPO } from '../../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-traffic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings = (over: Partial<RunSettings> = {}) => ({ ...DEFAULTS, ...over });
const FIXTURE = join(REPO, 'fixtures/traffic/mitmproxy.har');

async function read(path: string, over: Partial<RunSettings> = {}) {
  const rows: TrafficRow[] = [];
  const summary = await readTraffic({ ...settings(over), traffic: path }, (r) => rows.push(r));
  return { rows, summary };
}

const NS = 'http://www.tigerpawsoftware.com';
const soap11 = (op: string, inner: string) => `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="${NS}">${inner}</${op}></soap:Body></soap:Envelope>`;
const els = (pairs: Record<string, string>) => Object.entries(pairs).map(([k, v]) => `<${k}>${v}</${k}>`).join('');
const PLACEHOLDERS = { repnumber: '7', timestamp: '{{timestamp}}', sig: '{{sig}}' };
/** A HAR entry of a SOAP 1.1 call. */
const soapEntry = (op: string, params: Record<string, string>, headers: Record<string, string> = {}) => ({
  startedDateTime: '2026-03-02T09:00:00.000Z',
  request: { method: 'POST', url: 'http://svc.example/api/rmm/tsiWS.asmx', headers: Object.entries({ 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${op}"`, ...headers }).map(([name, value]) => ({ name, value })), postData: { mimeType: 'text/xml', text: soap11(op, els(params)) } },
});
const getEntry = (op: string, query: string) => ({ request: { method: 'GET', url: `http://svc.example/api/rmm/tsiWS.asmx/${op}?${query}`, headers: [] } });
const rowOf = (raw: unknown, over: Partial<RunSettings> = {}) => trafficRow(settings(over), entryOf(raw, 0));

describe('a HAR written by a foreign tool (mitmproxy)', () => {
  test('its calls become cases in captured order; the rest is left out, each kind with its reason', async () => {
    const { rows, summary } = await read(FIXTURE);
    expect(rows.map((r) => [r.ref.entry, r.ref.captured, r.testCase.kind, r.testCase.operation, r.transports])).toEqual([
      [1, 'soap11', 'positive', 'MobileAccountSearch', ['soap11']],
      [2, 'get', 'positive', 'MobileContactSearch', ['get']],
      [3, 'post', 'positive', 'MobileAccountDefaultsList', ['post']],
      // A SOAP 1.2 envelope sent as text/xml, over HTTP/2 (pseudo-headers in the export): the
      // catalog's negative case for it, which goes over SOAP 1.1's content type.
      [5, 'soap12', 'negative', 'MobileTimeLogList', ['soap11']],
    ]);
    expect(rows[3]!.testCase).toMatchObject({ scenario: 'soap12-envelope-as-soap11' });
    expect(rows[3]!.ref.clientErrors).toContain('client-content-type');
    expect(rows[0]!.ref).toEqual({ entry: 1, startedDateTime: '2026-03-02T09:14:05.311000+00:00', captured: 'soap11' });
    // The values as sent, the authentication parameters left to the run (the captured sig is not kept).
    expect(rows[0]!.testCase.values).toEqual({ accountname: 'Acme', contactname: '', telephone: '', email: '' });
    expect(rows[2]!.testCase.values).toEqual({ accountnumber: '1001' });
    expect(summary).toMatchObject({ entries: 7, replayed: 4, leftOut: 3, format: 'har', transports: 'captured' });
    expect(summary.leftOutBy).toEqual({
      description: { count: 1, first: [{ entry: 0, reason: 'GET /api/rmm/tsiWS.asmx: a request for the service description, not a call' }] },
      'not-a-call': { count: 1, first: [{ entry: 4, reason: expect.stringMatching(/^fonts\.gstatic\.com: \/s\/roboto\/v30\/KFOmCnqEu92Fr1Mu4mxK\.woff2 is neither the service path/) }] },
      'unknown-operation': { count: 1, first: [{ entry: 6, reason: 'soap11: "MobileAccountExport" is no operation of the contract' }] },
    });
    expect(trafficLine(summary)).toBe(`Traffic: 7 entries read from ${FIXTURE}, 4 replayed over their captured transport in captured order, 3 left out (1 service description requests (?WSDL), 1 not calls of this service (another host or path), 1 unknown operations)`);
    // A GET call's query holds its sig: no note repeats it.
    expect(JSON.stringify(summary)).not.toContain('q8Jd0fZ2mC4rT1vX9kLp');
  });

  test('--traffic-transports all: each call over the four transports its case applies to', async () => {
    const { rows } = await read(FIXTURE, { trafficTransports: 'all' });
    expect(rows.map((r) => r.transports)).toEqual([['soap11', 'soap12', 'get', 'post'], ['soap11', 'soap12', 'get', 'post'], ['soap11', 'soap12', 'get', 'post'], ['soap11']]);
  });

  test('--operations and --transports narrow it; what they leave out is said', async () => {
    const { rows, summary } = await read(FIXTURE, { operations: ['MobileAccountSearch', 'MobileContactSearch'], transports: ['soap11', 'soap12', 'post'] });
    expect(rows.map((r) => r.ref.entry)).toEqual([1]);
    expect(summary.leftOutBy['not-selected']).toEqual({ count: 3, first: [
      { entry: 2, reason: 'MobileContactSearch over get: the transport is not among --transports' },
      { entry: 3, reason: 'MobileAccountDefaultsList is not among --operations' },
      { entry: 5, reason: 'MobileTimeLogList is not among --operations' },
    ] });
  });
});

describe('a call the client made invalid is the negative case of its defect', () => {
  test.each([
    ['an int beyond Int32', soapEntry('MobileDispatchUpdate', { taskkeyid: '2147483648', status: '1', ...PLACEHOLDERS, mobilekey: '{{mobilekey}}' }), { kind: 'negative', scenario: 'int-out-of-range', param: 'taskkeyid' }],
    ['an int that is no number', soapEntry('MobileDispatchUpdate', { taskkeyid: 'abc', status: '1', ...PLACEHOLDERS, mobilekey: '{{mobilekey}}' }), { kind: 'negative', scenario: 'int-non-numeric', param: 'taskkeyid', values: { taskkeyid: 'abc', status: '1' } }],
    ['a boolean written True (XSD has true)', soapEntry('MobileContactEmailCreate', { accountnumber: '1', contactnumber: '2', email: 'a@b.c', primary: 'True', ...PLACEHOLDERS, mobilekey: '{{mobilekey}}' }), { kind: 'negative', scenario: 'bool-invalid', param: 'primary' }],
    ['an empty repnumber (the client\'s own, kept)', soapEntry('MobileAccountSearch', { accountname: 'a', contactname: '', telephone: '', email: '', ...PLACEHOLDERS, repnumber: '' }), { kind: 'negative', scenario: 'int-empty', param: 'repnumber', values: { accountname: 'a', contactname: '', telephone: '', email: '', repnumber: '' } }],
    ['a GET without a parameter', getEntry('MobileDispatchUpdate', 'status=1&repnumber=7&timestamp=t&sig=s&mobilekey=k'), { kind: 'negative', scenario: 'missing-parameter', param: 'taskkeyid' }],
    ['no mobilekey where the table lists it', soapEntry('MobileDispatchUpdate', { taskkeyid: '1', status: '1', ...PLACEHOLDERS }), { kind: 'negative', scenario: 'auth-missing-mobilekey' }],
  ])('%s', (_, raw, expected) => {
    const row = rowOf(raw) as TrafficRow;
    expect(row.testCase).toMatchObject(expected);
    // The client checks found it invalid, at error level.
    expect(row.ref.clientErrors?.length ?? 0).toBeGreaterThan(0);
  });

  test('placeholders where the secrets were make no defect: the run signs again', () => {
    const row = rowOf(soapEntry('MobileDispatchUpdate', { taskkeyid: '1', status: '2', ...PLACEHOLDERS, mobilekey: '{{mobilekey}}' })) as TrafficRow;
    expect(row.testCase).toEqual({ id: 'entry-0-MobileDispatchUpdate', operation: 'MobileDispatchUpdate', kind: 'positive', values: { taskkeyid: '1', status: '2' } });
    // timestamp and sig are strings to the contract: the client checks take the placeholders too.
    expect(row.ref.clientErrors).toBeUndefined();
  });

  test('a defect the codec does not repeat (parameters out of order) is sent as its values are', () => {
    const row = rowOf(soapEntry('MobileDispatchUpdate', { status: '2', taskkeyid: '1', repnumber: '7', timestamp: '2026-03-02T09:00:00Z', sig: 's', mobilekey: 'k' })) as TrafficRow;
    expect(row.ref.clientErrors).toEqual(['client-parameter-order']);
    expect(row.testCase).toMatchObject({ kind: 'positive', values: { taskkeyid: '1', status: '2' } });
  });
});

describe('bad input', () => {
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  test.each([
    ['a missing file', () => join(dir, 'nope.har'), /^--traffic: .*nope\.har does not exist; give a \.har file or a folder written by proxy --capture DIR$/],
    ['a file that is not JSON', () => write('text.har', 'hello'), /^--traffic: .*text\.har is not a HAR file \(not JSON: /],
    ['JSON that is not HAR', () => write('other.har', '{"log":{}}'), /^--traffic: .*other\.har is JSON but not a HAR file \(it has no log\.entries list\)/],
    ['a folder without traffic.jsonl', () => {
      const path = join(dir, 'empty-capture');
      mkdirSync(path, { recursive: true });
      return path;
    }, /^--traffic: the folder .*empty-capture holds no traffic\.jsonl; give a folder written by proxy --capture DIR, or a \.har file$/],
  ])('%s is a configuration error that says what to give', async (_, path, message) => {
    await expect(read(path())).rejects.toThrow(message);
    await expect(read(path())).rejects.toMatchObject({ code: 'TSIWS_CONFIG' });
  });

  test('traffic.jsonl: a line that is no JSON or no HAR entry is a note, the next lines are read', async () => {
    const capture = join(dir, 'capture');
    mkdirSync(capture, { recursive: true });
    writeFileSync(join(capture, 'traffic.jsonl'), [JSON.stringify(soapEntry('MobileAccountSearch', { accountname: 'a', contactname: '', telephone: '', email: '', ...PLACEHOLDERS })), '{"request":', '', '{"response":{}}', JSON.stringify(getEntry('MobileContactSearch', 'firstname=A&lastname=&telephone=&email=&repnumber=7&timestamp={{timestamp}}&sig={{sig}}'))].join('\n'));
    const { rows, summary } = await read(capture);
    expect(rows.map((r) => [r.ref.entry, r.testCase.operation])).toEqual([[0, 'MobileAccountSearch'], [3, 'MobileContactSearch']]);
    expect(summary).toMatchObject({ entries: 4, replayed: 2, leftOut: 2, format: 'jsonl' });
    expect(summary.leftOutBy.unreadable).toEqual({ count: 2, first: [
      { entry: 1, reason: expect.stringMatching(/^not a JSON line \(/) },
      { entry: 2, reason: 'not a HAR entry (no request with a method and a url)' },
    ] });
  });
});
