/** Every relative link in README.md and docs/*.md resolves: the file exists and, for `#anchor`, a
 * heading of that page gets that anchor on GitHub. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { anchors, brokenLink, relativeLinks } from './links.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = ['README.md', ...readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** A file's text, '' for a folder (GitHub shows its listing), undefined when there is none. */
function readRepo(file: string): string | undefined {
  const path = join(REPO, file);
  if (!existsSync(path)) return undefined;
  return statSync(path).isDirectory() ? '' : readFileSync(path, 'utf8');
}

describe.each(PAGES)('%s', (page) => {
  test('every relative link resolves', () => {
    const text = readFileSync(join(REPO, page), 'utf8');
    const broken = relativeLinks(text).map((link) => brokenLink(page, link, readRepo)).filter((b) => b !== undefined);
    expect(broken).toEqual([]);
  });
});

describe('the link checker', () => {
  const pages: Record<string, string> = {
    'README.md': '# Title\n\n## Exit codes\n\n```sh\n# not a heading\n```\n',
    'docs/cli.md': '# CLI\n\n## Flags and variables of `run`\n\n## Contract drift: `diff-wsdl` and `contract --from-wsdl`\n\n## Notes\n\n## Notes\n',
  };
  const read = (file: string) => pages[file];

  test('anchors follow GitHub: code marks and punctuation dropped, spaces as hyphens, repeats numbered', () => {
    expect([...anchors(pages['docs/cli.md']!)]).toEqual(['cli', 'flags-and-variables-of-run', 'contract-drift-diff-wsdl-and-contract---from-wsdl', 'notes', 'notes-1']);
    expect(anchors(pages['README.md']!).has('not-a-heading')).toBe(false);
  });

  test('a link to a missing file, or to an anchor no heading gets, is named; good ones pass', () => {
    expect(brokenLink('README.md', 'docs/cli.md#flags-and-variables-of-run', read)).toBeUndefined();
    expect(brokenLink('docs/cli.md', '../README.md#exit-codes', read)).toBeUndefined();
    expect(brokenLink('docs/cli.md', '#notes-1', read)).toBeUndefined();
    expect(brokenLink('README.md', 'docs/missing.md', read)).toBe('docs/missing.md: no file docs/missing.md');
    expect(brokenLink('README.md', '#exit-code', read)).toBe('#exit-code: README.md has no heading with the anchor #exit-code');
  });

  test('links in code and external links are not checked', () => {
    expect(relativeLinks('[a](docs/a.md) `[b](b.md)` [c](https://x.org/c) [d](#d)\n```\n[e](e.md)\n```')).toEqual(['docs/a.md', '#d']);
  });
});
