/** The generated parts of README.md and docs/ are what `npm run docs` writes from the code today:
 * the flag tables from the settings tables, the check table from the registry, and the README's
 * sample output from a short run. An out-of-date page fails, naming the command that fixes it. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { block, readBlock, replaceBlock } from '../../scripts/docs/blocks.js';
import { DOCS_COMMAND, GENERATED } from '../../scripts/docs/pages.js';
import { maskSample } from '../../scripts/docs/sample-run.js';

const page = (file: string): string => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** Whether `file` holds block `name` exactly as generated, with the fix named in the message. */
async function expectUpToDate(file: string, name: string, generate: () => string | Promise<string>): Promise<void> {
  const held = readBlock(page(file), name);
  expect(held, `${file} has no <!-- ${name}:begin --> block`).toBeDefined();
  expect(held === block(name, await generate()), `${file}: the ${name} block is out of date; run \`${DOCS_COMMAND}\` and commit the result`).toBe(true);
}

describe('generated blocks', () => {
  // The sample run starts the real CLI (a few seconds); each table is a pure function of the code.
  test.each(GENERATED.filter((g) => g.name !== 'sample-run').map((g) => [g.file, g.name, g] as const))('%s %s is up to date', async (file, name, g) => {
    await expectUpToDate(file, name, g.generate);
  });

  test('README.md sample-run is what a run prints today', { timeout: 120_000 }, async () => {
    const g = GENERATED.find((x) => x.name === 'sample-run')!;
    await expectUpToDate(g.file, g.name, g.generate);
  });
});

describe('the block writer', () => {
  const text = `a\n${block('t', 'old')}\nb`;

  test('replaces only the block, and reads it back', () => {
    expect(replaceBlock(text, 't', 'new', 'x.md')).toBe(`a\n${block('t', 'new')}\nb`);
    expect(readBlock(replaceBlock(text, 't', 'new', 'x.md'), 't')).toBe(block('t', 'new'));
  });

  test('refuses a page without the markers, naming the file', () => {
    expect(() => replaceBlock('no markers', 't', 'x', 'docs/x.md')).toThrow('docs/x.md has no <!-- t:begin --> ... <!-- t:end --> block to rewrite; add the two markers');
    expect(readBlock(`${'<!-- t:end -->'} before ${'<!-- t:begin -->'}`, 't')).toBeUndefined();
  });

  test('a stale block is told apart from a current one', () => {
    expect(readBlock(text, 't') === block('t', 'new')).toBe(false);
    expect(readBlock(text, 't') === block('t', 'old')).toBe(true);
  });
});

describe('the sample mask', () => {
  test('drops progress lines, and masks the run folder and the duration, nothing else', () => {
    const out = ['Seed: 1', 'progress: 1/2 tests (50%), 0 exchanges with findings, 1 s', 'Reports: /tmp/d/reports/junit.xml', 'Verdict: conforms (1.6 s)', ''].join('\n');
    expect(maskSample(out, '/tmp/d')).toBe(['$ npx tsiws-conform run --seed 1 --operations MobileAccountSearch,MobileTimeLogCreate --suites positive', 'Seed: 1', 'Reports: reports/junit.xml', 'Verdict: conforms (N.N s)'].join('\n'));
    expect(maskSample('Verdict: does-not-conform (12 s)\n', '/x')).toContain('Verdict: does-not-conform (N.N s)');
  });
});
