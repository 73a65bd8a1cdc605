/**
 * The stateful reference implementation: what the web method does once ASMX has read and
 * converted its parameters (conversion faults and missing GET/POST parameters stay ASMX's, raised
 * before the method runs; behaviour.ts). Inside the method, as a real vendor's code would:
 * 1. authentication (when a secret is set, the example scheme of auth.ts): a failure is answered
 *    in-band, {"ok":false,"error":"Authentication failed: <reason>"}, not as a fault;
 * 2. text checks on every non-authentication text parameter: longer than TEXT_LIMIT characters
 *    (the columns are nvarchar(4000)) or holding a character XML 1.0 cannot carry is an in-band
 *    failure (a stored U+0001 could never be written in an XML answer again);
 * 3. the operation (operations.ts) on this instance's store; a BusinessError is answered in-band.
 * The repnumber is the caller; any repnumber is accepted. One store per service instance.
 */
import { AUTH_PARAMS, type Operation } from '../../contract/index.js';
import type { Typed } from '../../asmx/values.js';
import type { TransportId } from '../../transports/index.js';
import type { ResultFormat } from '../../results/result-format.js';
import { AuthError, verifySignature } from '../auth.js';
import type { Service } from '../behaviour.js';
import { Args } from './args.js';
import type { StatefulMutant } from './mutants.js';
import { HANDLERS } from './operations.js';
import { BusinessError, outcomeText, stamp, type Outcome } from './outcome.js';
import { seedStore } from './seed.js';

export const TEXT_LIMIT = 4000;
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export interface StatefulOptions {
  readonly resultFormat: ResultFormat;
  readonly authSecret?: string;
  readonly mutant?: StatefulMutant;
  /** Every result carries servedAt and answerId (outcome.ts, Stamp). */
  readonly stampResults?: boolean;
}

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

function checkText(op: Operation, typed: ReadonlyMap<string, Typed>): void {
  for (const p of op.params) {
    const value = typed.get(p.name);
    if (p.type !== 'str' || AUTH_PARAMS.includes(p.name) || typeof value !== 'string') continue;
    if (value.length > TEXT_LIMIT) throw new BusinessError(`${p.name} is longer than ${TEXT_LIMIT} characters.`);
    const bad = NOT_XML_CHAR.exec(value);
    if (bad) throw new BusinessError(`${p.name} contains a character that is not allowed (${codePoint(bad[0])}).`);
  }
}

/** The string parameters as the method receives them over `transport` (a mutant may alter them). */
function received(op: Operation, typed: ReadonlyMap<string, Typed>, transport: TransportId, mutant: StatefulMutant | undefined): ReadonlyMap<string, Typed> {
  const receive = mutant?.receive;
  if (!receive) return typed;
  return new Map(op.params.map((p) => {
    const v = typed.get(p.name) ?? null;
    return [p.name, typeof v === 'string' && p.type === 'str' && !AUTH_PARAMS.includes(p.name) ? receive(v, transport) : v];
  }));
}

export function createStatefulService(options: StatefulOptions): Service {
  const store = seedStore();
  const mutant = options.mutant;

  function outcome(op: Operation, typed: ReadonlyMap<string, Typed>, raw: ReadonlyMap<string, string | null>, transport: TransportId): Outcome {
    if (options.authSecret && mutant?.checksSignature?.(transport) !== false) {
      try {
        verifySignature(options.authSecret, op, raw, Date.now());
      } catch (err) {
        if (err instanceof AuthError) return { ok: false, error: `Authentication failed: ${err.message}` };
        throw err;
      }
    }
    const handler = HANDLERS[op.name];
    if (!handler) throw new Error(`no stateful handler for ${op.name}`);
    const args = new Args(typed);
    let result: Outcome;
    try {
      checkText(op, typed);
      mutant?.before?.(op, args);
      result = handler({ store, args, write: (change) => { if (!mutant?.dropsWrite?.(op)) change(); } });
    } catch (err) {
      if (!(err instanceof BusinessError)) throw err;
      result = { ok: false, error: err.message };
    }
    return mutant?.after ? mutant.after(op, result, { store, args }) : result;
  }

  return {
    answer(op, typed, raw, transport) {
      const unstamped = outcome(op, received(op, typed, transport, mutant), raw, transport);
      const result = options.stampResults ? { ...unstamped, ...stamp() } : unstamped;
      return mutant?.write ? mutant.write(result, options.resultFormat) : outcomeText(result, options.resultFormat);
    },
  };
}
