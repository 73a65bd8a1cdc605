/**
 * What the fuzzer learns of an operation while it fuzzes it (issue 49, item 4: values found "seed
 * the fuzzer"). A vendor that checks its inputs rejects most fuzzed values of some parameters
 * in-band, and says which every time (`startdate "𝄞" is not a date`, `base64string is not valid
 * base64`): drawn at random, such a parameter keeps every sample off the data path, and the other
 * parameters are never tried behind it. As schemathesis does since 4.18 (PR #3902), a parameter is
 * blamed when a valid request's failure names it or quotes the value sent for it
 * (cases/name-classes.ts, namedParams, the search's own attribution), and is constrained once blamed
 * by two samples, or by one whose failure both names it and quotes the value sent (`startdate "x" is
 * not a date`: no doubt which value was refused): later samples send it a known-good value (the
 * search's, else the succeeding valid case's, else its name class's first), all but one sample in
 * EXPLORE_ONE_IN, which still tries the drawn value. Length is learned the same way across the
 * operation's text parameters: when two samples were refused for a long value (a column's size,
 * `telephone is longer than 1000 characters`), later samples cut long texts to a ceiling, halved
 * while cut values are still refused. Which one is decided from the sample's drawn values alone, so the same seed against
 * the same answers sends the same requests. Learning stops at the first counterexample, so every
 * shrinking candidate is constrained as it was.
 */
import { candidatesFor, namedParams, quotesValue, type Candidate } from '../../cases/name-classes.js';
import { LONG_VALUE } from '../../cases/value-classes.js';
import { invalidValueOnWire } from '../../cases/wire-guard.js';
import { AUTH_PARAMS, type Operation } from '../../contract/index.js';
import type { ExchangeRecord, FuzzConstraint } from '../../results/record.js';
import { isInBandFailure, type FailureSignature } from '../../state/in-band.js';
import type { TransportId, WireValues } from '../../transports/index.js';
import { hasData, type LearnedState } from '../learn/learned-state.js';
import { learnedCase, poolOf } from '../learn/learned-cases.js';
import { textCeiling, type TextLimit } from '../learn/length-probe.js';
import { knownOf } from '../learn/value-search.js';

/** Samples that must blame a parameter before it is constrained: one complaint may be chance. */
export const BLAMES_TO_CONSTRAIN = 2;
/** One sample in this many still sends a constrained parameter its drawn value: rarely, as each
 * such sample is most likely a failure again, and the first two samples tried it already. */
export const EXPLORE_ONE_IN = 20;

/** A known-good assignment for a parameter (with the companions it needs, a file's name), and
 * where it came from; undefined when none is known that was not itself blamed. */
export type GoodValue = (param: string, blamed: ReadonlySet<string>) => { readonly values: Candidate; readonly from: FuzzConstraint['from'] } | undefined;

/** The text a valid request's failure says it with: an in-band failure's result, a fault's reason. */
export function failureText(r: ExchangeRecord, failure: FailureSignature | undefined): string | undefined {
  if (r.dataPath === 'failure' && r.result?.kind === 'result' && isInBandFailure(r.result.text, failure)) return r.result.text ?? undefined;
  // A fault answers a valid request: ASMX's own (dataPath fault) or the target's business fault
  // (failure, learned by state/business-fault.ts), which names the parameter as an in-band text does.
  if ((r.dataPath === 'fault' || r.dataPath === 'failure') && r.result?.kind === 'fault') return r.result.reason;
  return undefined;
}

/** FNV-1a of the drawn values: the sample's own choice of which constrained parameter explores. */
function hashOf(values: WireValues): number {
  let h = 0x811c9dc5;
  for (const ch of JSON.stringify(values)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

interface Blame {
  samples: number;
  /** Undefined for a parameter blamed only by the search so far. */
  because?: FuzzConstraint['because'];
  readonly values: Set<string>;
}

/** The first ceiling on long texts is half the shortest long value refused: the column's size lies
 * somewhere below it, and a text of half its length is still long enough to test long text. */
// Lengths in UTF-16 code units, as .NET's String.Length and an nvarchar column count them; a cut
// never splits a surrogate pair (the XML would then hold a lone surrogate, which it cannot).
function cutTo(value: string, chars: number): string {
  let out = '';
  for (const ch of value) {
    if (out.length + ch.length > chars) break;
    out += ch;
  }
  return out;
}
const charsOf = (value: string) => value.length;

export class FuzzConstraints {
  private readonly blames = new Map<string, Blame>();
  private readonly constrained: Array<FuzzConstraint & { readonly values: Candidate }> = [];
  /** Long values refused: how many samples, and the shortest (in characters). */
  private readonly longRefused = { samples: 0, shortest: Infinity };
  private ceiling: { chars: number; after: number } | undefined;
  private readonly texts: readonly string[];
  private samples = 0;
  private frozen = false;

  /** `searched`: parameters the search had to change before the valid request succeeded
   * (LearnedState.found). They are constrained from the first sample: the search showed a contrast
   * no fuzz sample can, the same request refused with the valid case's value and answered with the
   * one it found. */
  constructor(private readonly op: Operation, private readonly good: GoodValue | undefined, private readonly failure: FailureSignature | undefined, searched: readonly string[] = [], textLimit?: TextLimit) {
    // The length the probe learned holds from the first sample, as a ceiling learned here would.
    if (textLimit && good) this.ceiling = { chars: textCeiling(textLimit), after: 0 };
    for (const param of searched) {
      this.blames.set(param, { samples: BLAMES_TO_CONSTRAIN, values: new Set() });
      const known = good?.(param, new Set());
      if (known) this.constrained.push({ param, because: 'name', from: known.from, after: 0, values: known.values });
    }
    this.texts = op.params.filter((p) => p.type === 'str' && !AUTH_PARAMS.includes(p.name)).map((p) => p.name);
  }

  /** The values to send for a sample drawn as `drawn`: `drawn` itself while nothing is constrained. */
  apply(drawn: WireValues): WireValues {
    if (this.constrained.length === 0 && !this.ceiling) return drawn;
    const h = hashOf(drawn);
    // The ceiling explores as one more constraint would (named by no parameter).
    const choices = this.constrained.length + (this.ceiling ? 1 : 0);
    const pick = Math.floor(h / EXPLORE_ONE_IN) % choices;
    const explores = h % EXPLORE_ONE_IN === 0;
    const explored = explores && pick < this.constrained.length ? this.constrained[pick]!.param : undefined;
    const out: Record<string, string> = { ...drawn };
    if (this.ceiling && !(explores && pick === this.constrained.length)) {
      for (const p of this.texts) if (out[p] !== undefined && charsOf(out[p]!) > this.ceiling.chars) out[p] = cutTo(out[p]!, this.ceiling.chars);
    }
    for (const c of this.constrained) if (c.param !== explored) Object.assign(out, c.values);
    return out;
  }

  /** Learns from one sample's records: `sent` the values the sample chose (before any setup). */
  observe(sent: WireValues, records: readonly ExchangeRecord[]): void {
    if (this.frozen || !this.good) return;
    this.samples++;
    const params = this.op.params.map((p) => p.name).filter((n) => !AUTH_PARAMS.includes(n) && !this.constrained.some((c) => c.param === n));
    const blamed = new Map<string, FuzzConstraint['because']>();
    const certain = new Set<string>();
    for (const r of records) {
      const text = r.kind === 'parity' ? undefined : failureText(r, this.failure);
      if (text === undefined) continue;
      // Only values the sample chose: a setup's id (the e-mail a delete works on) is not the fuzzer's.
      const own = params.filter((p) => (r.values?.[p] ?? sent[p]) === sent[p]);
      const byName = new Set(namedParams(own, text, {}));
      for (const p of namedParams(own, text, sent)) {
        if (!blamed.has(p)) blamed.set(p, byName.has(p) ? 'name' : 'value');
        if (byName.has(p) && quotesValue(text, sent[p] ?? '')) certain.add(p);
      }
    }
    this.learnLength(sent, [...blamed.keys()]);
    for (const [param, because] of blamed) {
      // A free-text parameter refused for its length is the length learner's (a ceiling), never
      // constrained whole: it keeps its full range of characters (issue 59, item 3).
      if (this.isLongText(param, sent)) continue;
      const blame = this.blames.get(param) ?? { samples: 0, values: new Set<string>() };
      this.blames.set(param, blame);
      blame.samples += certain.has(param) ? BLAMES_TO_CONSTRAIN : 1;
      blame.because ??= because;
      blame.values.add(sent[param] ?? '');
      if (blame.samples < BLAMES_TO_CONSTRAIN) continue;
      const good = this.good(param, blame.values);
      if (good) this.constrained.push({ param, because: blame.because ?? because, from: good.from, after: this.samples, values: good.values });
    }
  }

  private isLongText(param: string, sent: WireValues): boolean {
    return this.texts.includes(param) && charsOf(sent[param] ?? '') > LONG_VALUE;
  }

  /** A sample refused for a long text value (one of `blamed`): two such samples set the ceiling at
   * half the shortest refused; a cut value refused again halves it. */
  private learnLength(sent: WireValues, blamed: readonly string[]): void {
    const long = blamed.filter((p) => this.texts.includes(p) && charsOf(sent[p] ?? '') > LONG_VALUE).map((p) => charsOf(sent[p]!));
    const cut = this.ceiling ? blamed.filter((p) => this.texts.includes(p) && [this.ceiling!.chars - 1, this.ceiling!.chars].includes(charsOf(sent[p] ?? ''))) : [];
    if (this.ceiling && cut.length > 0) {
      this.ceiling = { chars: Math.max(LONG_VALUE, Math.floor(this.ceiling.chars / 2)), after: this.ceiling.after };
      return;
    }
    if (long.length === 0 || this.ceiling) return;
    this.longRefused.samples++;
    this.longRefused.shortest = Math.min(this.longRefused.shortest, ...long);
    if (this.longRefused.samples >= BLAMES_TO_CONSTRAIN) this.ceiling = { chars: Math.max(LONG_VALUE, Math.floor(this.longRefused.shortest / 2)), after: this.samples };
  }

  /** The ceiling on long texts learned, if any: its length in characters and the sample it began at. */
  lengthCeiling(): { readonly chars: number; readonly after: number } | undefined {
    return this.ceiling;
  }

  /** Stops learning: a counterexample shrinks with the constraints it was found under. */
  freeze(): void {
    this.frozen = true;
  }

  /** What was learned, for the fuzz record: parameter names and provenance, never a value. */
  learned(): FuzzConstraint[] {
    return this.constrained.map(({ param, because, from, after }) => ({ param, because, from, after }));
  }
}

/** Known-good values of `op`'s parameters from what the run learned: the value the search found,
 * the valid case's (when the search did not leave it blocked at that parameter), the name class's
 * candidates; each valid on every transport and not among the values blamed. */
export function goodValuesOf(op: Operation, learned: LearnedState, transports: readonly TransportId[]): GoodValue | undefined {
  const pool = poolOf(learned);
  if (!pool) return undefined;
  const valid = learnedCase(op, pool).values;
  const found = learned.found?.[op.name] ?? {};
  const blocked = learned.search?.blocked[op.name];
  const known = knownOf(pool, op);
  const fits = (values: Candidate) => Object.keys(values).every((p) => transports.every((t) => !invalidValueOnWire(op, { ...valid, ...values }, t, p)));
  return (param, blamed) => {
    const parameter = op.params.find((p) => p.name === param);
    if (!parameter) return undefined;
    const options = [
      ...(found[param] !== undefined ? [{ values: { [param]: found[param]! }, from: 'search' as const }] : []),
      ...(valid[param] !== undefined && blocked?.param !== param ? [{ values: { [param]: valid[param]! }, from: 'valid case' as const }] : []),
      ...candidatesFor(op, parameter, known).map((values) => ({ values, from: 'name class' as const })),
    ];
    return options.find((o) => o.values[param] !== undefined && !blamed.has(o.values[param]) && fits(o.values));
  };
}

/** The learner of one fuzz property: one that learns nothing against a target without data (the
 * embedded echo), whose samples stay exactly as drawn. */
export function fuzzConstraintsFor(op: Operation, settings: { readonly learned?: LearnedState; readonly transports: readonly TransportId[] }): FuzzConstraints {
  const learned = settings.learned;
  return new FuzzConstraints(op, hasData(learned) ? goodValuesOf(op, learned, settings.transports) : undefined, learned?.failure, Object.keys(learned?.found?.[op.name] ?? {}), learned?.search?.textLimit);
}
