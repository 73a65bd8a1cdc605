import { dirname, join, normalize } from 'node:path';

/** The relative links of Markdown pages, and the anchors their headings get on GitHub, for the test
 * that every link in README.md and docs/ resolves. */

/** Lines outside fenced code blocks (a `# comment` in a shell block is no heading, a `[x](y)` no link). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor for a heading (github-slugger): inline code marks and link targets dropped,
 * lower case, every character but letters, digits, marks, connectors, hyphens and spaces removed,
 * each space a hyphen; a repeated heading gets -1, -2, ... */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = text.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Every relative link target of a page (not http:, mailto: and the like), as written. */
export function relativeLinks(markdown: string): string[] {
  const links: string[] = [];
  for (const line of prose(markdown)) {
    const withoutCode = line.replace(/`[^`]*`/g, '');
    for (const m of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push(target);
    }
  }
  return links;
}

/** What is wrong with one link of `page` (a path from the repository's root), or undefined when it
 * resolves; `read` gives a file's text ('' for a folder), undefined when there is none. */
export function brokenLink(page: string, link: string, read: (file: string) => string | undefined): string | undefined {
  const hash = link.indexOf('#');
  const path = hash < 0 ? link : link.slice(0, hash);
  const anchor = hash < 0 ? undefined : link.slice(hash + 1);
  const file = path === '' ? page : normalize(join(dirname(page), decodeURI(path))).replace(/\/$/, '');
  const text = read(file);
  if (text === undefined) return `${link}: no file ${file}`;
  if (anchor !== undefined && file.endsWith('.md') && !anchors(text).has(anchor)) return `${link}: ${file} has no heading with the anchor #${anchor}`;
  return undefined;
}
