/** Issue 40, part 4: under GitHub Actions a run appends a Markdown job summary and prints workflow
 * commands; --no-ci-summary leaves both out. The summary is read by a foreign Markdown parser
 * (marked's lexer), so "a table" means a table to a reader other than ours. */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Lexer, type Tokens } from 'marked';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runInProcess, type CliResult } from '../support/cli.js';

const SIG = 'SIGsecret-4711';
const KEY = 'KEYsecret-0815';
let server: ReferenceServer;
beforeAll(async () => {
  // Bad ints are answered with 200 and a result: each negative case of an int parameter fails
  // several checks over every transport, more findings than the 50 commands shown.
  server = await startReferenceServer({ mutant: 'accept-bad-int' });
});
afterAll(() => server.close());

const args = () => ['run', '--base-url', server.url, '--allow-mutations', '--suites', 'positive,negative', '--runs', '1', '--operations', 'MobileDispatchUpdate', '--sig', SIG, '--mobilekey', KEY];

function githubRun(extra: string[] = []): Promise<CliResult & { summaryFile: string }> {
  const summaryFile = join(mkdtempSync(join(tmpdir(), 'tsiws-gh-')), 'step-summary.md');
  // GitHub creates the file empty for each step; a summary is appended to what is there.
  writeFileSync(summaryFile, 'before\n');
  return runInProcess([...args(), ...extra], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile }).then((r) => ({ ...r, summaryFile }));
}

describe('under GitHub Actions', () => {
  let r: CliResult & { summaryFile: string };
  beforeAll(async () => {
    r = await githubRun();
  });

  test('the job summary holds the verdict, the table as the console shows it, the findings and the report links', () => {
    expect(r.code).toBe(1);
    const text = readFileSync(r.summaryFile, 'utf8');
    expect(text.startsWith('before\n')).toBe(true);
    const tokens = Lexer.lex(text);
    const table = tokens.find((t): t is Tokens.Table => t.type === 'table');
    expect(table, text).toBeDefined();
    expect(table!.header.map((h) => h.text)).toEqual(['operation', 'soap11', 'soap12', 'get', 'post', 'parity']);
    const rows = table!.rows.map((row) => row.map((c) => c.text));
    expect(rows[0]!.slice(0, 5)).toEqual(['MobileDispatchUpdate', 'FAIL', 'FAIL', 'FAIL', 'FAIL']);
    // The console's table, row for row.
    const consoleRows = r.stdout.split('\n').filter((l) => l.startsWith('Mobile')).map((l) => l.trim().split(/\s+/));
    expect(rows).toEqual(consoleRows);
    const verdict = tokens.find((t): t is Tokens.Paragraph => t.type === 'paragraph' && t.text.includes('Verdict'));
    expect(verdict?.tokens[0]).toMatchObject({ type: 'strong', text: expect.stringMatching(/^Verdict: does-not-conform/) });
    const lists = tokens.filter((t): t is Tokens.List => t.type === 'list');
    const findings = lists[0]!.items.map((i) => i.text);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]).toMatch(/^error `[a-z0-9-]+` MobileDispatchUpdate (soap11|soap12|get|post): .*\(case [\w-]+, `failures\/[\w-]+\.json`\)$/);
    // The target as a code span, its punctuation as it is.
    expect(text).toContain(`against \`${server.url}\``);
    const links = lists[1]!.items.flatMap((i) => i.tokens.flatMap((t) => ('tokens' in t ? t.tokens ?? [] : []))).filter((t): t is Tokens.Link => t.type === 'link');
    expect(links.map((l) => l.href)).toEqual(expect.arrayContaining([expect.stringMatching(/reports\/junit\.xml$/), expect.stringMatching(/reports\/results\.json$/)]));
    for (const l of links) expect(l.href.startsWith('/')).toBe(false);
  });

  test('stdout has an ::error command per finding, at most 50, escaped as GitHub reads them', () => {
    const commands = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    const failures = r.json('results.json').failures as unknown[];
    expect(failures.length).toBeGreaterThan(50);
    expect(commands).toHaveLength(50);
    for (const c of commands) expect(c).toMatch(/^::(error|warning) title=[a-z0-9-]+ \(MobileDispatchUpdate (soap11|soap12|get|post)\)::[^\r\n]+$/);
    expect(commands.some((c) => c.startsWith('::error title=rejects-invalid-input '))).toBe(true);
  });

  test('no secret appears in the summary or on the console', () => {
    const text = readFileSync(r.summaryFile, 'utf8');
    for (const secret of [SIG, KEY]) {
      expect(text).not.toContain(secret);
      expect(r.stdout).not.toContain(secret);
      expect(r.stderr).not.toContain(secret);
    }
  });
});

// The two runs below need findings, not many: one transport keeps them short.
test('--no-ci-summary: no summary and no workflow commands', async () => {
  const r = await githubRun(['--transports', 'get', '--no-ci-summary']);
  expect(r.code).toBe(1);
  expect(readFileSync(r.summaryFile, 'utf8')).toBe('before\n');
  expect(r.stdout).not.toMatch(/^::/m);
});

test('a summary file that cannot be written is a warning; the reports are all there', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-gh-'));
  // A folder is no file to append to.
  const r = await runInProcess([...args(), '--transports', 'get'], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: dir });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/warning: cannot append the job summary to GITHUB_STEP_SUMMARY .* \(EISDIR\)/);
  expect(existsSync(join(r.reports, 'certificate.json'))).toBe(true);
  expect(r.stdout).toMatch(/^::error /m);
});

test('--format json: stdout is the one JSON document, and the workflow commands are on stderr', async () => {
  const r = await githubRun(['--transports', 'get', '--format', 'json']);
  expect(r.code).toBe(1);
  expect(() => JSON.parse(r.stdout)).not.toThrow();
  expect(r.stdout).not.toMatch(/^::/m);
  expect(r.stderr).toMatch(/^::error title=[a-z0-9-]+ \(MobileDispatchUpdate get\)::/m);
});
