/**
 * How long a text the target takes, learned once before the fuzzer draws (issue 49, item 4). A
 * vendor's columns have a size, and a text over it is refused in-band (`telephone is longer than
 * 1000 characters`): each fuzz property meets a long value only once or twice in its samples, too
 * seldom to learn the size itself (fuzz-constraints.ts), so against such a target every long sample
 * left the data path. One read whose valid request succeeded is asked again with one free-text
 * parameter long (a read: the contrast mutates nothing), then halved while it is still refused for
 * that parameter. Only a business refusal naming the parameter counts: a crash on a long text is a
 * finding the fuzzer must go on finding, never a size to keep under.
 */
import { nameClass, namedParams } from '../../cases/name-classes.js';
import { LONG_VALUE } from '../../cases/value-classes.js';
import { AUTH_PARAMS, isMutating, type Operation } from '../../contract/index.js';
import { isIdParam } from '../../state/learn.js';

/** What the probe found: the longest text accepted (absent when even the shortest probed was
 * refused) and the shortest refused, in characters, and where. */
export interface TextLimit {
  readonly operation: string;
  readonly param: string;
  readonly refused: number;
  readonly accepted?: number;
}

/** The length fuzzed texts are cut to (fuzz-constraints.ts): the longest taken, else half the shortest refused. */
export const textCeiling = (limit: TextLimit): number => limit.accepted ?? Math.max(LONG_VALUE, Math.floor(limit.refused / 2));

/** The answer to one probe: whether it succeeded, whether the target refused it as business, and its text. */
export interface ProbeOutcome {
  readonly ok: boolean;
  readonly business: boolean;
  readonly text: string;
}

/** A long text of `chars` characters that any field may hold: words and spaces, no markup. */
export const probeText = (chars: number): string => 'tsiws long text '.repeat(Math.ceil(chars / 16)).slice(0, chars).replace(/ $/, 'x');

/** The parameter a read's length is probed on: free text, no id, no name class (a date or a flag
 * would be refused for its form, not its length), not authentication. */
export function probedParam(op: Operation): string | undefined {
  return op.params.find((p) => p.type === 'str' && !AUTH_PARAMS.includes(p.name) && !isIdParam(p.name) && nameClass(p) === undefined)?.name;
}

/**
 * Probes `op` (a read whose valid request `base` succeeded) from `longest` characters down, each
 * step half the last, while more than LONG_VALUE; at most `budget` requests. Undefined when the first
 * probe was accepted, or a refusal did not name the parameter (nothing learned of length).
 */
export async function probeTextLength(op: Operation, base: Readonly<Record<string, string>>, longest: number, budget: number, send: (values: Record<string, string>) => Promise<ProbeOutcome | undefined>): Promise<TextLimit | undefined> {
  const param = probedParam(op);
  if (param === undefined || isMutating(op) || longest <= LONG_VALUE) return undefined;
  let refused: number | undefined;
  for (let chars = longest, sent = 0; chars > LONG_VALUE && sent < budget; chars = Math.floor(chars / 2), sent++) {
    const values = { ...base, [param]: probeText(chars) };
    const answer = await send(values);
    if (!answer) break;
    if (answer.ok) return refused === undefined ? undefined : { operation: op.name, param, refused, accepted: chars };
    if (!answer.business || !namedParams([param], answer.text, {}).includes(param)) break;
    refused = chars;
  }
  return refused === undefined ? undefined : { operation: op.name, param, refused };
}
