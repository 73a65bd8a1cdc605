/**
 * report.html in a real browser: Debian's Chromium driven by playwright-core (which downloads
 * nothing). A run against a mutant of the reference server (SOAP 1.2 renders booleans "True")
 * must show 80 cells with the right states, and clicking the failing cell must bring its details
 * into view. Screenshots are kept in a temporary folder (tsiws-report-screenshots-*) for people to look at.
 *
 * Chromium is required, not optional: CI installs it (.ci/run); without it this test fails and
 * says how to install it, rather than passing without having looked.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ExchangeRecord } from '../../src/results/record.js';
import { reportHtml } from '../../src/report/html/page.js';
import type { RunInfo } from '../../src/report/digest/summary.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runCliProcess } from '../support/cli.js';

const CHROMIUM = process.env['TSIWS_CHROMIUM'] ?? '/usr/bin/chromium';
/** Never the checkout's reports/: that holds the user's own run. */
const SHOTS = mkdtempSync(join(tmpdir(), 'tsiws-report-screenshots-'));

let server: ReferenceServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`report browser test: no Chromium at ${CHROMIUM}. Install it with "apt-get update && apt-get install -y --no-install-recommends chromium" (CI's .ci/run does), or point TSIWS_CHROMIUM at a Chromium binary.`);
  }
  server = await startReferenceServer({ mutant: 'bool-title-case-soap12' });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

/** report.html of `reports` in a new 1400 x 1100 page, with the console errors and page errors it raises. */
async function openReport(reports: string) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(pathToFileURL(join(reports, 'report.html')).href);
  return { page, problems };
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('the matrix shows 80 cells with their states, and a failing cell opens its details', async () => {
  const result = await runCliProcess(['run', '--base-url', server.url, '--operations', 'MobileContactEmailCreate,MobileAccountSearch', '--transports', 'soap11,soap12',
    '--suites', 'positive,negative', '--allow-mutations', '--echo', '--seed', '1']);
  expect(result.code, result.stdout + result.stderr).toBe(1);
  const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => { if (!r.url().startsWith('file:')) problems.push(`network request to ${r.url()}`); });
  await page.goto(pathToFileURL(join(result.reports, 'report.html')).href);

  await expect.poll(() => page.locator('h1').textContent()).toContain('conformance report');
  expect(await page.locator('.verdict').textContent()).toBe('Does not conform');
  const cells = await page.locator('a.cell').evaluateAll((as) => as.map((a) => ({ op: a.getAttribute('data-operation'), t: a.getAttribute('data-transport'), state: a.getAttribute('data-state') })));
  expect(cells).toHaveLength(80);
  const state = (op: string, t: string) => cells.find((c) => c.op === op && c.t === t)?.state;
  expect(state('MobileContactEmailCreate', 'soap12')).toBe('fail');
  expect(state('MobileContactEmailCreate', 'soap11')).toBe('pass');
  expect(state('MobileAccountSearch', 'soap11')).toBe('pass');
  expect(state('MobileAccountSearch', 'soap12')).toBe('pass');
  expect(state('MobileContactEmailCreate', 'get')).toBe('skipped'); // transport not selected
  expect(cells.filter((c) => c.state === 'skipped')).toHaveLength(76);
  await page.screenshot({ path: join(SHOTS, 'report-screenshot.png') });
  // Coverage: what was sent to the operations run, and nothing claimed for the others.
  expect(await page.locator('#cov-MobileContactEmailCreate summary').textContent()).toMatch(/\d+% \(\d+\/18\)/);
  expect(await page.locator('#cov-MobileTimeLogCreate summary').textContent()).toContain('not run');

  const details = page.locator('#cell-MobileContactEmailCreate-soap12');
  await page.locator('a.cell[data-operation="MobileContactEmailCreate"][data-transport="soap12"]').click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#cell-MobileContactEmailCreate-soap12');
  expect(await details.evaluate((el) => el.matches(':target'))).toBe(true);
  expect(await details.isVisible()).toBe(true);
  const box = (await details.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(1100); // scrolled into view
  const text = await details.textContent();
  expect(text).toContain('echo-matches');
  expect(text).toContain('curl -sS -i');
  expect(text).toContain(`tsiws-conform replay ${join(result.reports, 'failures', 'MobileContactEmailCreate-example-soap12.json')} --base-url ${server.url}`);
  expect(await details.locator('pre.diff ins').count()).toBeGreaterThan(0); // the parity diff of the boolean
  await page.screenshot({ path: join(SHOTS, 'report-failure-screenshot.png') });
  // The page's one script runs under its own Content-Security-Policy: following a link opens the
  // collapsed section it points at.
  expect(await page.locator('#cov-MobileContactEmailCreate').getAttribute('open')).toBeNull();
  await page.locator('a[href="#cov-MobileContactEmailCreate"]').click();
  await expect.poll(() => page.locator('#cov-MobileContactEmailCreate').getAttribute('open')).not.toBeNull();

  // 1400 px wide: no sideways scrolling.
  await page.setViewportSize({ width: 1400, height: 1100 });
  expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);

  // The findings filter: each choice hides what does not match, and "all" shows everything again.
  const visible = (selector: string) => page.locator(`#details ${selector}`).filter({ visible: true }).count();
  const [findings, differences] = [await visible('article.finding'), await visible('article.difference')];
  expect([findings, differences].every((n) => n > 0)).toBe(true);
  const options = (name: string) => page.locator(`#filters select[name="${name}"] option`).evaluateAll((os) => os.map((o) => o.getAttribute('value')));
  expect(await options('check')).toEqual(['', 'echo-matches', 'transport-parity']);
  expect(await options('transport')).toEqual(['', 'soap12']);
  expect(await options('operation')).toEqual(['', 'MobileContactEmailCreate']);
  expect(await options('level')).toEqual(['', 'error']);
  await page.selectOption('#filters select[name="check"]', 'transport-parity');
  expect([await visible('article.finding'), await visible('article.difference')]).toEqual([0, differences]);
  expect(await page.locator('#filters .shown').textContent()).toBe(`${differences} of ${findings + differences} findings shown`);
  await page.selectOption('#filters select[name="check"]', 'echo-matches');
  expect([await visible('article.finding'), await visible('article.difference')]).toEqual([findings, 0]);
  await page.selectOption('#filters select[name="check"]', '');
  expect([await visible('article.finding'), await visible('article.difference')]).toEqual([findings, differences]);
  expect(problems).toEqual([]);
});

test('long configuration values and targets wrap: the page fits 1400 px without sideways scrolling', async () => {
  const long = `http://a-very-long-host-name.example.com/${'segment/'.repeat(60)}`;
  const record: ExchangeRecord = {
    operation: 'MobileAccountSearch', transport: 'get', caseId: `MobileAccountSearch-${'x'.repeat(300)}`, kind: 'positive',
    request: { method: 'GET', url: long, headers: {}, curl: `curl -sS -i '${long}'` },
    response: { status: 500, headers: { 'content-type': 'text/plain' }, body: 'y'.repeat(3000), bodyBytes: 3000, truncated: false, elapsedMs: 1 },
    checks: [{ id: 'http-status-200', status: 'failed', message: 'z'.repeat(3000) }],
  };
  const configuration = { baseUrl: long, operations: Array.from({ length: 20 }, (_, i) => `MobileOperationNumber${i}`), normaliseFile: `/${'dir/'.repeat(80)}rules.json` };
  const run: RunInfo = { tool: { name: 't', version: '0' }, target: long, embedded: false, namespace: `urn:${'n'.repeat(400)}`, startedAt: 'now', durationMs: 1, configuration, toolErrors: [], seed: 1 };
  const file = join(mkdtempSync(join(tmpdir(), 'tsiws-html-')), 'report.html');
  writeFileSync(file, reportHtml([record], run));
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(pathToFileURL(file).href);
  expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
});

test('a hostile response body stays text in the browser: no element, no script, no request', async () => {
  const hostile = '</pre></script><script>window.pwned=1</script><img src="http://127.0.0.1:9/x" onerror="window.pwned=2"><svg onload="window.pwned=3">';
  const record: ExchangeRecord = {
    operation: 'MobileAccountSearch', transport: 'get', caseId: 'MobileAccountSearch-hostile', kind: 'positive', values: { accountname: hostile },
    request: { method: 'GET', url: 'http://t/api/rmm/tsiWS.asmx/MobileAccountSearch', headers: {}, curl: 'curl -sS -i http://t/' },
    response: { status: 500, headers: { 'content-type': 'text/html' }, body: `<html>${hostile}</html>`, bodyBytes: 300, truncated: false, elapsedMs: 1 },
    checks: [{ id: 'http-status-200', status: 'failed', message: hostile }],
  };
  const run: RunInfo = { tool: { name: 't', version: '0' }, target: hostile, embedded: false, namespace: 'n', startedAt: 'now', durationMs: 1, configuration: {}, toolErrors: [], seed: 1 };
  const file = join(mkdtempSync(join(tmpdir(), 'tsiws-html-')), 'report.html');
  writeFileSync(file, reportHtml([record], run));
  const page = await browser.newPage();
  const requests: string[] = [];
  page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
  await page.goto(pathToFileURL(file).href);
  expect(await page.locator('main img, main svg').count()).toBe(0);
  expect(await page.locator('script').count()).toBe(1);
  expect(await page.evaluate('typeof window.pwned')).toBe('undefined');
  expect(await page.locator('#cell-MobileAccountSearch-get').textContent()).toContain('<img src="http://127.0.0.1:9/x"');
  expect(requests).toEqual([]);
});

test('a stateful run: the Data path table and each sequence with its ids, in Chromium', async () => {
  // The sequences alone and the valid cases: a run against the embedded stateful service.
  const result = await runCliProcess(['run', '--stateful', '--suites', 'positive,sequences', '--seed', '1']);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  const { page, problems } = await openReport(result.reports);
  expect(await page.locator('#data-path table.data-path tbody tr').count()).toBe(20);
  expect(await page.locator('#data-path tr.warn').count()).toBe(0);
  const sequences = page.locator('#sequences details');
  expect(await sequences.count()).toBe(20);
  const email = page.locator('#sequences details', { hasText: 'contact-email-sequence-soap11' });
  expect(await email.locator('table.sequence').isVisible()).toBe(false); // folded until opened
  await email.locator('summary').click();
  const rows = await email.locator('table.sequence tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  expect(rows.map((r) => r[1])).toEqual(['create', 'find', 'update', 'see update', 'delete', 'gone', 'delete again', 'update unknown id', 'delete unknown id']);
  // The entity's own emailid, then the one no read listed (the unknown-id probe).
  const ids = rows.map((r) => /emailid (\d+)/.exec(r[3] ?? '')?.[1]);
  expect(new Set(ids.slice(0, 7)).size).toBe(1);
  expect(new Set(ids.slice(7)).size).toBe(1);
  expect(ids[0]).toMatch(/^\d+$/);
  expect(Number(ids[7])).toBeGreaterThan(Number(ids[0]));
  expect(rows.map((r) => r[5])).toEqual(['', 'held', '', 'held', '', 'held', 'held', '', 'held']);
  await page.screenshot({ path: join(SHOTS, 'report-sequences-screenshot.png'), fullPage: false });
  expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
  expect(problems).toEqual([]);
});

test('a run against a reference: the Differences from the reference section, values side by side and the noise learned, in Chromium', async () => {
  // Both stamped (a time and a fresh id in every result: noise); the candidate answers a delete of an
  // e-mail already deleted as success, which the reference does not.
  const [candidate, reference] = await Promise.all([
    startReferenceServer({ stateful: true, stampResults: true, mutant: 'stateful-delete-unknown-succeeds' }),
    startReferenceServer({ stateful: true, stampResults: true }),
  ]);
  try {
    const result = await runCliProcess(['run', '--base-url', candidate.url, '--reference-url', reference.url, '--allow-mutations', '--operations', 'MobileContactSearch,MobileContactEmailCreate,MobileContactEmailUpdate,MobileContactEmailDelete',
      '--transports', 'soap11,get', '--suites', 'positive,sequences', '--seed', '1']);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(pathToFileURL(join(result.reports, 'report.html')).href);
    const section = page.locator('section#reference');
    expect(await section.locator('h2').textContent()).toBe('Differences from the reference');
    // The failing delete is open with its field, the reference's value and the candidate's side by side.
    const failing = section.locator('details[open]', { hasText: 'MobileContactEmailDelete' });
    expect(await failing.count()).toBe(2);
    const row = await failing.first().locator('table.reference tbody tr').first().evaluate((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));
    expect(row.slice(0, 3)).toEqual(['$.ok', 'false', 'true']);
    expect(await failing.first().locator('table.reference').isVisible()).toBe(true);
    // The noise learned is shown, so a user sees what was ignored; the search matched beyond it.
    const search = section.locator('details', { hasText: 'MobileContactSearch' }).first();
    await search.locator('summary').click();
    expect(await search.textContent()).toMatch(/\$\.servedAt[\s\S]*\$\.answerId|\$\.answerId[\s\S]*\$\.servedAt/);
    await failing.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'report-reference-screenshot.png'), fullPage: false });
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    expect(problems).toEqual([]);
  } finally {
    await Promise.all([candidate.close(), reference.close()]);
  }
});

test('the WS-I Basic Profile section: per assertion its counts, the failing one marked, its first exchange and curl when opened, in Chromium', async () => {
  // An element after soap:Body (R1011), held with --wsi bp11: the one assertion that fails.
  const mutant = await startReferenceServer({ mutant: 'soap11-element-after-body' });
  try {
    const result = await runCliProcess(['run', '--base-url', mutant.url, '--operations', 'MobileContactSearch', '--transports', 'soap11,soap12', '--suites', 'positive', '--wsi', 'bp11', '--seed', '1']);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const { page, problems } = await openReport(result.reports);
    const section = page.locator('section#wsi');
    expect(await section.locator('h2').textContent()).toBe('WS-I Basic Profile');
    expect(await section.locator('p.counts').first().textContent()).toContain('--wsi bp11');
    expect(await section.locator('tr.warn').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td code')?.textContent))).toEqual(['R1011']);
    const failing = section.locator('tr.warn details');
    expect(await failing.locator('pre.cmd').isVisible()).toBe(false); // folded until opened
    await failing.locator('summary').click();
    expect(await failing.locator('pre.cmd').textContent()).toMatch(/^curl /);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'report-wsi-screenshot.png'), fullPage: false });
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    expect(problems).toEqual([]);
  } finally {
    await mutant.close();
  }
});
