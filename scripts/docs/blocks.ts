/** Generated blocks inside hand-written pages: the text between `<!-- NAME:begin -->` and
 * `<!-- NAME:end -->` belongs to a generator (npm run docs, npm run mutants -- --write-docs); the
 * rest of the page to its writers. */

export const beginMarker = (name: string): string => `<!-- ${name}:begin -->`;
export const endMarker = (name: string): string => `<!-- ${name}:end -->`;

/** The block as the page holds it, markers included; undefined when the page has no such block. */
export function readBlock(page: string, name: string): string | undefined {
  const start = page.indexOf(beginMarker(name));
  const end = page.indexOf(endMarker(name));
  if (start < 0 || end < start) return undefined;
  return page.slice(start, end + endMarker(name).length);
}

/** `body` between the block's markers, as a page holds it. */
export const block = (name: string, body: string): string => `${beginMarker(name)}\n${body}\n${endMarker(name)}`;

/** `page` with its block `name` replaced by `body`; a page without the markers is refused, naming
 * the file, so a generator never writes a table to the wrong place. */
export function replaceBlock(page: string, name: string, body: string, file: string): string {
  const old = readBlock(page, name);
  if (old === undefined) throw new Error(`${file} has no ${beginMarker(name)} ... ${endMarker(name)} block to rewrite; add the two markers where the generated text belongs`);
  const start = page.indexOf(old);
  return page.slice(0, start) + block(name, body) + page.slice(start + old.length);
}

/** Text for a Markdown table cell: pipes escaped, angle brackets as entities so <Op> is not read as HTML. */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
