/** The layout of a command's --help for an 80-column terminal: text broken at spaces, flags in a
 * column with their text beside them. Pure string work, so the dispatcher can print help at once. */

export const HELP_WIDTH = 80;
/** Where a flag's text starts: "  --negative-timeout-ms" and a gap fit; a longer flag name (only
 * --reference-secondary-url) takes a line of its own, its text under it. */
const TEXT_COLUMN = 25;
/** Joins words that must stay on one line ("[env: TSIWS_X]", a usage line's "[--port P]"). */
const GLUE = '\u00a0';

/** `text` broken at spaces into lines of at most `width` columns, the first after `first`, the rest
 * after `rest`; a word longer than a line stays whole rather than being cut. */
export function wrap(text: string, first = '', rest = first, width = HELP_WIDTH): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(' ').filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(line);
  return lines.map((l) => l.replaceAll(GLUE, ' '));
}

/** `words` as one unbreakable unit of `wrap`. */
export const unbroken = (words: string): string => words.replaceAll(' ', GLUE);

/** A usage line, broken between its bracketed parts ("[--port P]") rather than inside them. */
export const usageLines = (usage: string): string[] => wrap(`Usage: ${usage.replace(/\[[^\]]*\]/g, unbroken)}`, '', '    ');

/** A flag's text: what it does, its default and its variable, "[default:" kept with the first word of
 * the default and "[env: X]" whole, so neither reads as a stray bracket at a line's end. */
export const flagText = (help: string, defaultText: string, env?: string): string =>
  `${help} ${unbroken('[default: ')}${defaultText}]${env === undefined ? '' : ` ${unbroken(`[env: ${env}]`)}`}`;

/** One flag of --help: its names, then its text beside them, continued in the same column. */
export function flagLines(names: string, text: string): string[] {
  const indent = ' '.repeat(TEXT_COLUMN);
  const head = `  ${names}`;
  if (head.length + 2 > TEXT_COLUMN) return [head, ...wrap(text, indent)];
  return wrap(text, head.padEnd(TEXT_COLUMN), indent);
}
