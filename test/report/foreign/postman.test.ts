/**
 * reports/tsiws.postman_collection.json against a real reader and a real runner: the collection a
 * run against a mutant writes is read back by Postman's SDK and run by newman, which fails the
 * exchanges the run failed, except those whose every failed check has no Postman assertion (listed
 * as skipped tests; each mutant below names that set); pointed at the clean reference server
 * through {{baseUrl}} (an environment value, which outranks the collection's own), it passes.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import newman from 'newman';
import sdk from 'postman-collection';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findingsOf, outcomeOf } from '../../../src/results/findings.js';
import { POSTMAN_FILE } from '../../../src/report/foreign/postman.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { runAndReport, runSettings, type ExchangeRecord } from '../../../src/session/api.js';

type Json = { item: Array<{ name: string; item: Array<{ name: string; request: { url: unknown; header: Array<{ key: string; value: string }>; body?: { mode: string; raw?: string; urlencoded?: Array<{ key: string; value: string }> } } }> }>; variable: Array<{ key: string; value: string }> };

/** Item names ("Op/transport case") of the exchanges newman saw fail and of those with a skipped
 * test, and the names of the failed tests. */
function newmanRun(collection: object, baseUrl?: string): Promise<{ items: string[]; skipped: string[]; tests: string[]; checks: Record<string, { failed: string[]; skipped: string[] }> }> {
  return new Promise((resolve, reject) => {
    newman.run({ collection, reporters: [], ...(baseUrl ? { environment: { values: [{ key: 'baseUrl', value: baseUrl, type: 'string' }] } } : {}) }, (err, summary) => {
      if (err) return reject(err);
      const failed = summary.run.executions.filter((e) => (e.assertions ?? []).some((a) => a.error) || e.requestError);
      const tests = failed.flatMap((e) => (e.assertions ?? []).filter((a) => a.error).map((a) => a.assertion));
      const names = (es: typeof failed) => [...new Set(es.map((e) => `${e.item.parent().name}/${e.item.name}`))].sort();
      const skipped = summary.run.executions.filter((e) => (e.assertions ?? []).some((a) => (a as { skipped?: boolean }).skipped));
      // Per item, the check ids its failed and its skipped tests name ("xsd-valid: ..." -> xsd-valid).
      const idsOf = (as: Array<{ assertion: string }>) => as.map((a) => a.assertion.split(':')[0]!).sort();
      const checks = Object.fromEntries(summary.run.executions.map((e) => [`${e.item.parent().name}/${e.item.name}`, {
        failed: idsOf((e.assertions ?? []).filter((a) => a.error)),
        skipped: idsOf((e.assertions ?? []).filter((a) => (a as { skipped?: boolean }).skipped)),
      }]));
      resolve({ items: names(failed), skipped: names(skipped), tests: [...new Set(tests)].sort(), checks });
    });
  });
}

async function runAgainst(server: ReferenceServer, flags: string[]) {
  const reports = mkdtempSync(join(tmpdir(), 'tsiws-postman-'));
  const settings = await runSettings(['--base-url', server.url, '--runs', '1', '--seed', '5', '--reports', reports, ...flags], {});
  const records: ExchangeRecord[] = [];
  await runAndReport(settings, { say: () => undefined, onRecord: (r) => records.push(r) });
  const failing = records.filter((r) => r.kind !== 'parity' && r.kind !== 'reference' && outcomeOf(r, 'error') === 'failed');
  const failed = failing.map((r) => `${r.operation}/${r.transport} ${r.caseId}`).sort();
  // The checks each failing exchange failed in the run.
  const failedChecks = Object.fromEntries(failing.map((r) => [`${r.operation}/${r.transport} ${r.caseId}`, r.checks.filter((c) => findingsOf({ ...r, checks: [c] }, 'error').length > 0).map((c) => c.id).sort()]));
  return { reports, records, failed, failedChecks };
}

const contactSearch = ['--suites', 'positive', '--operations', 'MobileContactSearch'];
/** The checks these runs fail that the collection has no assertion for: skipped tests in newman. */
const UNASSERTED = ['charset-consistent', 'xml-no-external-entity', 'transport-reaches-service'];
const contactSearchNegative = ['--suites', 'negative', '--operations', 'MobileContactSearch'];
// The third column: the failing exchanges whose every failed check has no Postman assertion
// (report/foreign/postman-unasserted.ts), which newman lists as skipped rather than failed.
describe.each([
  ['status-202-success', contactSearch, []],
  ['soap12-text-xml', contactSearch, []],
  // soap-response-element and xsd-valid (report/foreign/postman-xsd.ts) on SOAP 1.1.
  ['result-element-misnamed', contactSearch, []],
  // xsd-valid alone, on SOAP 1.2: an element inside the s:string result.
  ['result-as-markup', contactSearch, []],
  // xsd-valid on the SOAP faults, beside status, content type and not-a-fault.
  ['fault-on-one-operation', ['--suites', 'positive', '--operations', 'MobileOpportunitySummary'], []],
  ['accept-bad-int', ['--suites', 'negative', '--operations', 'MobileDispatchUpdate', '--allow-mutations'], []],
  // The structural checks' assertions (report/foreign/postman-structure.ts), one mutant each.
  ['two-body-children', contactSearch, []],
  // Each also leaves its one transport with no valid request that succeeded: transport-reaches-service
  // judges the run's valid requests of a transport together, which one request cannot (skipped).
  ['soap12-answered-as-soap11', contactSearch, ['tsiWS/soap12 tsiWS-soap12-reach']],
  ['string-root-no-namespace', contactSearch, ['tsiWS/post tsiWS-post-reach']],
  // The fault checks' assertions (report/foreign/postman-fault.ts), on the faults negative cases get.
  ['fault-status-200', contactSearchNegative, []],
  ['soap12-fault-text-xml', contactSearchNegative, []],
  ['soap11-fault-no-faultstring', contactSearchNegative, []],
  ['soap12-reason-no-lang', contactSearchNegative, []],
  // soap-no-dtd-or-pi's, a DOCTYPE on SOAP 1.2 and a processing instruction on SOAP 1.1.
  ['soap12-internal-dtd', contactSearch, []],
  ['soap11-stylesheet-pi', contactSearch, []],
  // charset-consistent and xml-no-external-entity have no assertion in the collection
  // (report/foreign/postman-unasserted.ts): each one exchange is listed as skipped, not failed.
  ['charset-lie-post', contactSearch, ['MobileContactSearch/post MobileContactSearch-example']],
  ['external-dtd-get', contactSearch, ['MobileContactSearch/get MobileContactSearch-example']],
] as Array<[string, string[], string[]]>)('the Postman collection of a run against mutant %s', (mutant, flags, skippedOnly) => {
  let bad: ReferenceServer;
  let clean: ReferenceServer;
  let run: Awaited<ReturnType<typeof runAgainst>>;
  let json: Json;
  beforeAll(async () => {
    [bad, clean] = await Promise.all([startReferenceServer({ mutant }), startReferenceServer()]);
    run = await runAgainst(bad, flags);
    json = JSON.parse(readFileSync(join(run.reports, POSTMAN_FILE), 'utf8')) as Json;
  }, 120_000);
  afterAll(async () => { await Promise.all([bad?.close(), clean?.close()]); });

  test('is read by Postman\'s SDK with one folder per operation and a request per failing exchange', () => {
    expect(run.failed.length).toBeGreaterThan(0);
    const collection = new sdk.Collection(json);
    expect(collection.items.count()).toBe(new Set(run.failed.map((f) => f.split('/')[0])).size);
    expect(json.item.flatMap((folder) => folder.item.map((i) => `${folder.name}/${i.name}`)).sort()).toEqual(run.failed);
  });

  test('holds secrets as empty variables and the target as {{baseUrl}}', () => {
    const text = JSON.stringify(json);
    expect(json.variable.map((v) => [v.key, v.value])).toEqual([['baseUrl', new URL(bad.url).origin], ['sig', ''], ['timestamp', ''], ['mobilekey', '']]);
    expect(text).not.toMatch(/<SIGNATURE>|%3CSIGNATURE%3E|<MOBILE_KEY>/);
    expect(text).toContain('{{sig}}');
    for (const item of json.item.flatMap((f) => f.item)) expect(JSON.stringify(item.request.url)).toContain('{{baseUrl}}');
  });

  test('run by newman fails the exchanges the run failed but those it can only skip, and passes against the clean server', async () => {
    const onMutant = await newmanRun(json);
    expect(onMutant.items).toEqual(run.failed.filter((f) => !skippedOnly.includes(f)));
    expect(onMutant.skipped.filter((s) => !onMutant.items.includes(s))).toEqual(skippedOnly);
    // Test by test: each check the run failed is a failed test, or a skipped one if unasserted.
    for (const [name, checks] of Object.entries(run.failedChecks)) {
      expect(onMutant.checks[name], name).toEqual({ failed: checks.filter((c) => !UNASSERTED.includes(c)), skipped: checks.filter((c) => UNASSERTED.includes(c)) });
    }
    const onClean = await newmanRun(json, new URL(clean.url).origin);
    expect(onClean.items, onClean.tests.join('\n')).toEqual([]);
  }, 60_000);
});

test('--export-all holds every exchange of a clean run, which newman passes against the same server', async () => {
  const clean = await startReferenceServer();
  try {
    const run = await runAgainst(clean, ['--suites', 'positive,negative', '--operations', 'MobileContactSearch', '--export-all']);
    expect(run.failed).toEqual([]);
    const json = JSON.parse(readFileSync(join(run.reports, POSTMAN_FILE), 'utf8')) as Json;
    const sent = run.records.filter((r) => r.kind !== 'parity' && r.kind !== 'reference' && !r.skipped && r.transport !== 'wsdl');
    expect(new sdk.Collection(json).items.count()).toBe(1);
    expect(json.item[0]!.item).toHaveLength(sent.length);
    const form = json.item[0]!.item.find((i) => i.name.startsWith('post '))!;
    expect(form.request.body?.mode).toBe('urlencoded');
    expect(form.request.body?.urlencoded?.find((f) => f.key === 'sig')?.value).toBe('{{sig}}');
    // Headers as the record shows them: SOAP 1.1's SOAPAction, SOAP 1.2's Content-Type (with its
    // action parameter when the run sent one).
    for (const transport of ['soap11', 'soap12'] as const) {
      const record = sent.find((r) => r.transport === transport)!;
      const item = json.item[0]!.item.find((i) => i.name === `${transport} ${record.caseId}`)!;
      expect(Object.fromEntries(item.request.header.map((h) => [h.key, h.value]))).toEqual(record.request.headers);
    }
    expect(json.item[0]!.item.find((i) => i.name.startsWith('soap11 '))!.request.header).toContainEqual({ key: 'SOAPAction', value: '"http://www.tigerpawsoftware.com/MobileContactSearch"' });
    expect((await newmanRun(json)).tests).toEqual([]);
  } finally {
    await clean.close();
  }
}, 120_000);

test('a clean run without --export-all writes no collection', async () => {
  const clean = await startReferenceServer();
  try {
    const run = await runAgainst(clean, ['--suites', 'positive', '--operations', 'MobileContactSearch']);
    expect(() => readFileSync(join(run.reports, POSTMAN_FILE))).toThrow(/ENOENT/);
  } finally {
    await clean.close();
  }
}, 120_000);
