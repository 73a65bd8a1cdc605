/**
 * The stateful reference implementation: what the web method does once ASMX has read and
 * converted its parameters (conversion faults and missing GET/POST parameters stay ASMX's, raised
 * before the method runs; behaviour.ts). Inside the method, as a real vendor's code would:
 * 1. authentication (when a secret is set, the example scheme of auth.ts): a failure is answered
 *    as a business error, {"ok":false,"error":"Authentication failed: <reason>"}, not as ASMX's fault;
 * 2. the personality's rules on values (rules.ts): for the reference only the text checks, a text
 *    longer than TEXT_LIMIT characters (the columns are nvarchar(4000)) or holding a character XML
 *    1.0 cannot carry (a stored U+0001 could never be written in an XML answer again);
 * 3. the operation (operations.ts) on this instance's store; a BusinessError is a business error.
 * A business error is answered in-band, or, under a personality whose errors are faults, thrown as a
 * SoapException (behaviour.ts, BusinessFault). The repnumber is the caller; any repnumber is
 * accepted. One store per service instance. Every call can be told to an answer log (AnswerEntry).
 */
import type { Operation } from '../../contract/index.js';
import type { Typed } from '../../asmx/values.js';
import type { TransportId } from '../../transports/index.js';
import type { ResultFormat } from '../../results/result-format.js';
import { AUTH_PARAMS } from '../../contract/index.js';
import { AuthError, verifySignature } from '../auth.js';
import { BusinessFault, WebMethodException, type Service } from '../behaviour.js';
import { Args } from './args.js';
import type { StatefulMutant } from './mutants.js';
import { HANDLERS } from './operations.js';
import { BusinessError, outcomeText, stamper, type Outcome, type Stamp } from './outcome.js';
import { REFERENCE, type Personality, type WrittenFormat } from './personality.js';
import { pairsText, pascalXmlText } from './render.js';
import { checkPersonalityRules, insideValidityRules } from './rules.js';
import { reseeded } from './reseed.js';
import { seedStore } from './seed.js';

export const TEXT_LIMIT = REFERENCE.strict.textLimit;

/** One line of the answer log: what the service answered one web-method call. No value is written,
 * so no sig, mobilekey or timestamp can be; an error message quotes at most a business value. */
export interface AnswerEntry {
  readonly operation: string;
  readonly transport: TransportId;
  /** exception: the method crashed (only a mutant does), ASMX answers it as a fault. */
  readonly outcome: 'success' | 'failure' | 'auth-failure' | 'exception';
  readonly error?: string;
  /** Whether every value was inside the personality's validity rules (rules.ts). */
  readonly valid: boolean;
}

export interface StatefulOptions {
  readonly resultFormat: ResultFormat;
  readonly authSecret?: string;
  readonly mutant?: StatefulMutant;
  /** Every result carries servedAt and answerId (outcome.ts, Stamp). */
  readonly stampResults?: boolean;
  /** The vendor's choices (personality.ts); the reference by default. */
  readonly personality?: Personality;
  /** Told every web-method call the service answers. */
  readonly answerLog?: (entry: AnswerEntry) => void;
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

/** How the personality writes a result text. */
export function writtenFormat(p: Personality, resultFormat: ResultFormat): WrittenFormat {
  return p.format === 'reference' ? resultFormat : p.format;
}

export function render(outcome: Outcome & Partial<Stamp>, format: WrittenFormat): string {
  return format === 'xml-pascal' ? pascalXmlText(outcome) : format === 'pairs' ? pairsText(outcome) : outcomeText(outcome, format);
}

export function createStatefulService(options: StatefulOptions): Service {
  const personality = options.personality ?? REFERENCE;
  const store = personality.storeSeed === undefined ? seedStore(personality.ids) : reseeded(seedStore(personality.ids), personality.storeSeed);
  const mutant = options.mutant;
  const format = writtenFormat(personality, options.resultFormat);
  const stamp = stamper();

  function outcome(op: Operation, args: Args, raw: ReadonlyMap<string, string | null>, transport: TransportId): Outcome {
    if (options.authSecret && mutant?.checksSignature?.(transport) !== false) {
      try {
        verifySignature(options.authSecret, op, raw, Date.now(), mutant?.checksMobileKey !== false);
      } catch (err) {
        if (err instanceof AuthError) return { ok: false, error: `Authentication failed: ${err.message}`, kind: 'auth' };
        throw err;
      }
    }
    const handler = HANDLERS[op.name];
    if (!handler) throw new Error(`no stateful handler for ${op.name}`);
    let result: Outcome;
    try {
      checkPersonalityRules(op, args, personality);
      mutant?.before?.(op, args);
      result = handler({ store, args, personality, write: (change) => { if (!mutant?.dropsWrite?.(op)) change(); } });
    } catch (err) {
      if (!(err instanceof BusinessError)) throw err;
      result = { ok: false, error: err.message, kind: err.kind };
    }
    return mutant?.after ? mutant.after(op, result, { store, args }) : result;
  }

  function answered(op: Operation, transport: TransportId, args: Args, result: Outcome | WebMethodException): void {
    if (!options.answerLog) return;
    const valid = insideValidityRules(op, args, personality);
    if (result instanceof WebMethodException) return options.answerLog({ operation: op.name, transport, outcome: 'exception', error: result.message, valid });
    const failed = result.ok ? undefined : result;
    options.answerLog({ operation: op.name, transport, outcome: !failed ? 'success' : failed.kind === 'auth' ? 'auth-failure' : 'failure', ...(failed ? { error: failed.error } : {}), valid });
  }

  return {
    answer(op, typed, raw, transport) {
      const args = new Args(received(op, typed, transport, mutant));
      let unstamped: Outcome;
      try {
        unstamped = outcome(op, args, raw, transport);
      } catch (err) {
        if (err instanceof WebMethodException) answered(op, transport, args, err);
        throw err;
      }
      answered(op, transport, args, unstamped);
      if (!unstamped.ok && personality.errors === 'fault') throw new BusinessFault(unstamped.error);
      const result = options.stampResults ? { ...unstamped, ...stamp() } : unstamped;
      return mutant?.write ? mutant.write(result, format, (o) => render(o, format)) : render(result, format);
    },
  };
}
