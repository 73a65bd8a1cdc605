/**
 * A large JSON report written in parts, byte for byte what `JSON.stringify(value, null, 2)` of
 * the whole would give: the small parts are stringified at once, and each large top-level member
 * (an array or object with an entry per record or failure) is left empty there and its entries are
 * stringified one at a time where it stood. The whole text is never one string.
 */

/** A top-level member given entry by entry: array items, or object [key, value] pairs. */
export type StreamedMember = { readonly items: Iterable<unknown> } | { readonly entries: Iterable<readonly [string, unknown]> };

const INDENT = '    '; // a top-level member's entries sit two levels deep

/** One entry as JSON.stringify(…, null, 2) writes it inside a top-level member. */
const indented = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${INDENT}`);

function* memberEntries(member: StreamedMember): Generator<string> {
  if ('items' in member) for (const item of member.items) yield `${INDENT}${indented(item)}`;
  else for (const [key, value] of member.entries) yield `${INDENT}${JSON.stringify(key)}: ${indented(value)}`;
}

/** `head`'s members in their order, with `streamed` ones (present in head as their empty form,
 * [] or {}, to keep their place) filled in entry by entry; a final newline as the reports have. */
export function* jsonChunks(head: Record<string, unknown>, streamed: Readonly<Record<string, StreamedMember>>): Generator<string> {
  let text = `${JSON.stringify(head, null, 2)}\n`;
  for (const [name, member] of Object.entries(streamed)) {
    const empty = 'items' in member ? '[]' : '{}';
    const marker = `\n  ${JSON.stringify(name)}: ${empty}`;
    const at = text.indexOf(marker);
    if (at === -1) throw new Error(`jsonChunks: ${name} is not an empty top-level member of the head`);
    let first = true;
    for (const entry of memberEntries(member)) {
      if (first) {
        yield `${text.slice(0, at + marker.length - 1)}\n`;
        first = false;
      } else yield ',\n';
      yield entry;
    }
    // An empty member stays as the head wrote it; a filled one closes on its own line, and what
    // follows it is searched for the next streamed member.
    if (!first) text = `\n  ${empty[1]}${text.slice(at + marker.length)}`;
  }
  yield text;
}
