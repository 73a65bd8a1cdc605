/**
 * Text a target controls (fault strings, messages, result excerpts, curl commands holding its
 * values) printed on a terminal must not drive the terminal: an escape sequence in a fault string
 * would retitle, clear or recolour the operator's screen, a carriage return overwrite what came
 * before it, a bidi override reorder what follows. The console shows such characters as escapes;
 * the reports keep the text as it was (they are data, read by tools that escape for themselves).
 *
 * Kept as they are: `\n` (the console's own line breaks) and `\t` (it only moves the cursor right
 * within its line: it can neither rewrite nor hide text, and a tab in a message is more readable
 * as a tab). Shown as escapes: the other C0 controls (`\r`, `\x1b`, `\x07`...), DEL, the C1
 * controls U+0080 to U+009F (U+009B is a one-byte CSI to some terminals) and the bidi embeddings,
 * overrides and isolates (U+202A to U+202E, U+2066 to U+2069). All but the C0 ones are written
 * `\uNNNN`: so `run --format json`, whose JSON.stringify already escapes C0 but leaves DEL, C1 and
 * bidi raw, stays a JSON document that parses to the same values.
 */
const CONTROLS = /[\0-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

const hex = (c: string, digits: number) => c.charCodeAt(0).toString(16).padStart(digits, '0');

/** `text` with every control character a terminal would act on written as a visible escape. */
export function visibleControls(text: string): string {
  return text.replace(CONTROLS, (c) => (c === '\r' ? '\\r' : c < ' ' ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}
