/**
 * The adversarial ladder (issue 59, item 3): from a request the target accepted, one case per rung
 * and free-text parameter, each changing that one parameter only, so a different answer is that
 * change's doing. The characters are those that break a hand-written result text where a service
 * echoes a value (a JSON string, XML text, name=value pairs, a CDATA section), the lengths those
 * that cross a column's size (255 and 256 around varchar(255), 1,000 and 4,000) past the
 * service's own validation.
 *
 * Only control characters XML 1.0 allows (LF, TAB) are rungs: one it forbids (U+0001) is dropped by
 * the XML builder over SOAP (src/cases/wire-guard.ts: the value is judged as sent), so the SOAP
 * request would not carry the change the rung names, and over GET and POST it is a value no SOAP
 * client can send; the negative cases and the fuzzer's full range are where such values belong.
 */
import type { WireValues } from '../transports/index.js';

export interface Rung {
  /** Stable, for case ids and reports: `quote`, `len-256`. */
  readonly id: string;
  /** What the rung puts in, in words: `the character "`, `256 characters`. */
  readonly what: string;
  /** The value sent for the parameter, from the accepted request's value. */
  value(base: string): string;
}

/** A character rung keeps the accepted value and adds the character inside it, as a name with an
 * apostrophe or a note with a quote would: a service that quotes the value back echoes it whole. */
const char = (id: string, ch: string, shown = ch): Rung => ({ id, what: `the character ${shown}`, value: (base) => `${base || 'x'}${ch}x` });

/** A length rung repeats the accepted value (or "x") to exactly `chars` UTF-16 code units, as
 * .NET's String.Length and an nvarchar column count them. */
const length = (chars: number): Rung => ({
  id: `len-${chars}`,
  what: `${chars} characters`,
  value: (base) => {
    const unit = /^[\x20-\x7e]+$/.test(base) ? base : 'x';
    return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
  },
});

export const LADDER_LENGTHS: readonly number[] = [255, 256, 1000, 4000];

/** Characters first, each breaking some way of writing text by hand: a JSON or SQL string's
 * quotes and escape, XML's markup and references, a CDATA section's end, and the line and field
 * breaks of line-based text (name=value pairs, CSV, logs). */
export const LADDER: readonly Rung[] = [
  char('dquote', '"'),
  char('lt', '<'),
  char('lf', '\n', 'LF (U+000A, a line feed)'),
  char('squote', "'"),
  char('backslash', '\\'),
  char('amp', '&'),
  char('cdata-end', ']]>'),
  char('tab', '\t', 'TAB (U+0009)'),
  char('non-ascii', 'Ü日😀', 'Ü日😀 (non-ASCII, an astral one among them)'),
  ...LADDER_LENGTHS.map(length),
];

/** One case of the ladder: which parameter, which rung, and the whole request's values. */
export interface LadderStep {
  readonly param: string;
  readonly rung: Rung;
  readonly values: WireValues;
}

/** The rungs of `param` that fit --max-string-length: a length over it is left out, not cut. */
export function rungsWithin(maxStringLength: number): Rung[] {
  return LADDER.filter((r) => !r.id.startsWith('len-') || Number(r.id.slice(4)) <= maxStringLength);
}

/** The ladder of each of `params` from `base`: every step differs from `base` in its one
 * parameter, and no value is longer than `maxStringLength`. */
export function ladderSteps(base: WireValues, params: readonly string[], maxStringLength: number): LadderStep[] {
  const steps: LadderStep[] = [];
  for (const param of params) {
    for (const rung of rungsWithin(maxStringLength)) {
      const value = rung.value(base[param] ?? '');
      if (value.length > maxStringLength || value === base[param]) continue;
      steps.push({ param, rung, values: { ...base, [param]: value } });
    }
  }
  return steps;
}
