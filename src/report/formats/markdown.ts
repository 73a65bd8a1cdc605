/**
 * Text from a run (a target's URL, messages that quote its answers) placed into GitHub-flavoured
 * Markdown, as GitHub renders it (GFM spec 0.29), so that no text can open markup, HTML, an entity
 * or a link, while plain punctuation stays as it is (`http://127.0.0.1`, not `http\://127\.0\.0\.1`).
 * Each function escapes only what its place needs; every line these texts go into starts with our
 * own characters, so what matters only at a line's start (`#`, `-`, `>`, `1.`) never applies.
 */

/** A code span: nothing inside is markup, HTML, an entity or a link (CommonMark 6.1). Its fence is
 * one backtick longer than the longest run in the text; a space pads a text that starts or ends
 * with a backtick or a space (the parser strips one from each side). A code span cannot hold a
 * line break, so line breaks become spaces. */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r\n|[\r\n]/g, ' ');
  if (flat === '') return '` `';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(flat) && flat.trim() !== '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

// What GFM turns into a link with no markup around it (GFM 6.9, extended autolinks): a URL with a
// scheme, a www. name, an e-mail address. Each goes into a code span instead of being escaped. A
// span stops before a backslash or `|`: in a table cell those are escaped outside it (cellText).
const AUTOLINKABLE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<\\|]*|\bwww\.[^\s<\\|]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;

// Inline markup starts with these (CommonMark 6.1 to 6.7, GFM's ~ strikethrough): code spans,
// emphasis, links and images, HTML and autolinks, entities; and the backslash that escapes them.
const escapeInline = (text: string): string => text.replace(/[\\`*_[\]<&~]/g, '\\$&');

/** Running text: markup characters escaped, URLs and e-mail addresses as code spans, line breaks
 * as spaces. */
export function inlineText(text: string): string {
  const flat = text.replace(/\r\n|[\r\n]/g, ' ');
  let out = '';
  let at = 0;
  for (const match of flat.matchAll(AUTOLINKABLE)) {
    out += escapeInline(flat.slice(at, match.index)) + codeSpan(match[0]);
    at = match.index + match[0].length;
  }
  return out + escapeInline(flat.slice(at));
}

/** A table cell: running text whose `|` would end the cell is escaped too, also inside a code span
 * (GFM 4.10: the table is split before the inlines are read). */
export const cellText = (text: string): string => inlineText(text).replace(/\|/g, '\\|');

/** A link destination for a relative path: percent-encoded, and parentheses too (they would end it). */
export const linkDestination = (path: string): string => encodeURI(path).replace(/\(/g, '%28').replace(/\)/g, '%29');
