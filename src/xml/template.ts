/**
 * Text a builder writes once with a stand-in for each value, then filled in for each use: the one
 * template mechanism of the SOAP request envelopes (transports/soap.ts, requestEnvelope) and the
 * report fragments (FragmentTemplate, build.ts). A value the builder would write as it is goes in
 * as it is where the builder put its stand-in, and text with any other value is built by the
 * builder itself: so every text is the builder's own, at a fraction of the cost (building every
 * request envelope was 5 % of a test worker's CPU in the bench's positive run, and junit.xml's
 * passing testcases through the builder 5.4 s of the main process; profiled, issue 52).
 */

// A stand-in each builder writes as it is, in any place: a word joiner either side of the value's number.
const standIn = (i: number): string => `\u2060${i}\u2060`;
const STAND_IN = /\u2060(\d+)\u2060/g;
const BETWEEN_STAND_INS = /\u2060\d+\u2060/;

export class XmlTemplate<K extends string> {
  /** The text around the values: one more part than values. */
  private readonly parts: string[];
  /** The key of each value, in the order the builder wrote them. */
  private readonly order: K[];
  /** For each value in `order`: what the builder would not write as it is there. */
  private readonly notVerbatim: RegExp[];

  /** `build` writes the text for any values; `notVerbatim(key)` finds what the builder would not
   * write as it is in the place of `key` (an escaped character, say). */
  constructor(private readonly build: (values: Readonly<Record<K, string>>) => string, keys: readonly K[], notVerbatim: (key: K) => RegExp) {
    const text = build(Object.fromEntries(keys.map((k, i) => [k, standIn(i)])) as Record<K, string>);
    this.parts = text.split(BETWEEN_STAND_INS);
    this.order = [...text.matchAll(STAND_IN)].map((m) => keys[Number(m[1])]!);
    this.notVerbatim = this.order.map(notVerbatim);
  }

  /** Whether `text` goes into the place of `key` as it is (fill would not fall back to the builder). */
  verbatim(key: K, text: string): boolean {
    const i = this.order.indexOf(key);
    return i !== -1 && !this.notVerbatim[i]!.test(text);
  }

  /** fill for values each known to be verbatim (a caller that checked the pieces they are made of
   * once for many texts): no test per value. */
  fillVerbatim(values: Readonly<Record<K, string>>): string {
    let out = this.parts[0]!;
    for (let i = 0; i < this.order.length; i++) out += values[this.order[i]!] + this.parts[i + 1]!;
    return out;
  }

  /** The builder's text for `values`: filled in, or built when a value is not a string or not verbatim. */
  fill(values: Readonly<Record<K, string>>): string {
    for (let i = 0; i < this.order.length; i++) {
      const value: unknown = values[this.order[i]!];
      if (typeof value !== 'string' || this.notVerbatim[i]!.test(value)) return this.build(values);
    }
    return this.fillVerbatim(values);
  }
}
