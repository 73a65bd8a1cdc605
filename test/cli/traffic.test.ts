/** Issue 53, point 5: `run --traffic` replays captured calls through the engine. Our own
 * failures.har finds a mutant's failures again and passes against the clean server (over all four
 * transports, with parity); a hand-written traffic.jsonl with placeholders is replayed in order
 * against the stateful service, signed again by the run; bad input is a usage error. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { REPO, runInProcess, type CliResult } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-traffic-cli-'));
const servers: ReferenceServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
async function serve(options: Parameters<typeof startReferenceServer>[0]): Promise<string> {
  const s = await startReferenceServer(options);
  servers.push(s);
  return s.url;
}

const recordsOf = (r: CliResult): ExchangeRecord[] => r.text('records.jsonl').trim().split('\n').map((line) => JSON.parse(line) as ExchangeRecord);
const failing = (r: CliResult): string[] => (r.json('results.json').failures as Array<{ caseId: string; transport: string; check: string; level: string; traffic?: { entry: number } }>)
  .filter((f) => f.level === 'error').map((f) => `${f.traffic?.entry ?? f.caseId} ${f.transport} ${f.check}`).sort();

describe('reports/failures.har of a run against a mutant', () => {
  let mutant: string;
  let seeded: CliResult;
  beforeAll(async () => {
    // Bad ints answered with 200 and a result: the negative cases fail, each an entry of failures.har.
    mutant = await serve({ mutant: 'accept-bad-int' });
    seeded = await runInProcess(['run', '--base-url', mutant, '--allow-mutations', '--suites', 'negative', '--operations', 'MobileDispatchUpdate', '--transports', 'soap11,get']);
  });

  test('replayed against the same mutant: the failures are found again, each pointing at its entry', async () => {
    expect(seeded.code).toBe(1);
    const har = join(seeded.reports, 'failures.har');
    const entries = seeded.json('failures.har').log.entries as Array<{ _caseId: string; _transport: string; startedDateTime: string }>;
    const r = await runInProcess(['run', '--base-url', mutant, '--allow-mutations', '--traffic', har]);
    expect(r.code).toBe(1);
    // Every entry is one failing exchange of the seeded run: replayed, each fails rejects-invalid-input again.
    expect(failing(r)).toEqual(entries.map((e, i) => `${i} ${e._transport} rejects-invalid-input`).sort());
    const run = r.json('results.json').run;
    expect(run.traffic).toEqual({ source: har, format: 'har', transports: 'captured', entries: entries.length, replayed: entries.length, leftOut: 0, leftOutBy: {} });
    const first = recordsOf(r).find((x) => x.traffic?.entry === 0)!;
    expect(first.traffic).toMatchObject({ entry: 0, startedDateTime: entries[0]!.startedDateTime, captured: entries[0]!._transport });
    expect(r.text('report.html')).toContain(`<b>Traffic</b> ${entries.length} of ${entries.length} captured entries replayed from <code>${har}</code>`);
  });

  test('replayed against the clean embedded server over all four transports: it conforms, with parity per call', async () => {
    const r = await runInProcess(['run', '--traffic', join(seeded.reports, 'failures.har'), '--traffic-transports', 'all', '--operations', 'MobileDispatchUpdate']);
    expect(failing(r)).toEqual([]);
    expect(r.code).toBe(0);
    const records = recordsOf(r);
    const calls = r.json('results.json').run.traffic.replayed as number;
    const parity = records.filter((x) => x.transport === 'parity');
    expect(parity).toHaveLength(calls);
    expect(new Set(parity.map((p) => p.traffic!.entry)).size).toBe(calls);
    // Each call went over the four transports (a negative case over those its scenario applies to: all four here).
    expect(records.filter((x) => x.transport !== 'parity')).toHaveLength(calls * 4);
  });
});

const NS = 'http://www.tigerpawsoftware.com';
const SERVICE = 'http://field-tablet.example/api/rmm/tsiWS.asmx';
const COMMENT = 'replayed in order 4711';
/** A time log made for service order 6001 (the stateful service's seeded first one), then the list
 * of that order's time logs: the list shows the log only if the create came first. */
function writeCapture(): string {
  const params: Array<[string, string]> = [['sonumber', '6001'], ['accountnumber', '0'], ['startdatetime', '2026-03-02T08:00:00'], ['enddatetime', '2026-03-02T09:30:00'], ['elapsedhours', '1'], ['elapsedminutes', '30'], ['logcomment', COMMENT], ['logreason', 'Onsite'], ['deducthours', '0'], ['deductminutes', '0'], ['internalcomments', ''], ['utilizationhours', '1'], ['utilizationminutes', '30'], ['repnumber', '7'], ['timestamp', '{{timestamp}}'], ['sig', '{{sig}}'], ['mobilekey', '{{mobilekey}}']];
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><MobileTimeLogCreate xmlns="${NS}">${params.map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</MobileTimeLogCreate></soap:Body></soap:Envelope>`;
  const lines = [
    { startedDateTime: '2026-03-02T09:31:00.000Z', request: { method: 'GET', url: `${SERVICE}?WSDL`, headers: [], queryString: [] }, response: { status: 200 } },
    { startedDateTime: '2026-03-02T09:31:01.000Z', request: { method: 'POST', url: SERVICE, headers: [{ name: 'Content-Type', value: 'text/xml; charset=utf-8' }, { name: 'SOAPAction', value: `"${NS}/MobileTimeLogCreate"` }], queryString: [], postData: { mimeType: 'text/xml; charset=utf-8', text: body } }, response: { status: 200 } },
    { startedDateTime: '2026-03-02T09:31:02.000Z', request: { method: 'GET', url: `${SERVICE}/MobileTimeLogList?sologkeyid=0&sonumber=6001&startdate=&enddate=&logreason=&accountname=&sortcolumn=&sortdirection=&repnumber=7&timestamp={{timestamp}}&sig={{sig}}`, headers: [], queryString: [] }, response: { status: 200 } },
  ];
  const capture = join(dir, 'capture');
  mkdirSync(capture, { recursive: true });
  writeFileSync(join(capture, 'traffic.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return capture;
}

/** examples/signer.mjs with its secret given: it reads TSIWS_AUTH_SECRET, and a run in this
 * process hands its workers no environment of the test's. */
function writeSigner(): string {
  const path = join(dir, 'signer.mjs');
  writeFileSync(path, `process.env.TSIWS_AUTH_SECRET = 's3cret';\nconst { sign } = await import(${JSON.stringify(pathToFileURL(join(REPO, 'examples/signer.mjs')).href)});\nexport { sign };\n`);
  return path;
}

test('traffic.jsonl with placeholders, against a stateful service that checks signatures: signed again, in captured order, mutations only when allowed', async () => {
  const capture = writeCapture();
  // The service refuses any signature but the example scheme's: a placeholder sent as such would fail.
  const url = await serve({ stateful: true, authSecret: 's3cret' });
  // The two operations only, and no search for values: the discovery step is what such a run waits on.
  const args = ['run', '--base-url', url, '--traffic', capture, '--signer', writeSigner(), '--operations', 'MobileTimeLogCreate,MobileTimeLogList', '--search-budget', '0'];
  const listed = (r: CliResult) => recordsOf(r).find((x) => x.operation === 'MobileTimeLogList')!;

  // Without --allow-mutations the create is recorded as not sent, and the list does not show it.
  const guarded = await runInProcess(args);
  const create = recordsOf(guarded).find((x) => x.operation === 'MobileTimeLogCreate')!;
  expect(create.skipped).toMatch(/^not sent: a create, update or delete operation .*--allow-mutations/);
  expect(create.traffic).toEqual({ entry: 1, startedDateTime: '2026-03-02T09:31:01.000Z', captured: 'soap11' });
  expect(listed(guarded).dataPath).toBe('success');
  expect(JSON.stringify(listed(guarded).result)).not.toContain(COMMENT);
  expect(guarded.json('results.json').run.traffic.leftOutBy).toEqual({ description: { count: 1, first: [{ entry: 0, reason: 'GET /api/rmm/tsiWS.asmx: a request for the service description, not a call' }] } });

  const allowed = await runInProcess([...args, '--allow-mutations']);
  expect(failing(allowed)).toEqual([]);
  expect(allowed.code).toBe(0);
  const records = recordsOf(allowed);
  expect(records.map((x) => [x.traffic?.entry, x.operation, x.dataPath])).toEqual([[1, 'MobileTimeLogCreate', 'success'], [2, 'MobileTimeLogList', 'success']]);
  expect(JSON.stringify(listed(allowed).result)).toContain(COMMENT);
});

test('a capture that is not there is a usage error naming --traffic: exit 2', async () => {
  const r = await runInProcess(['run', '--traffic', join(dir, 'missing.har')]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(`--traffic: ${join(dir, 'missing.har')} does not exist; give a .har file or a folder written by proxy --capture DIR`);
});
