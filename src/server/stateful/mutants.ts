/**
 * Mutants of the stateful reference implementation: realistic vendor bugs that live behind valid
 * data (a known id, a stored value, a sequence of calls), where most of a real service's bugs are
 * (issue 37). Like the echo's mutants (../mutants/types.ts) each is a set of hooks the service
 * consults; the clean service has none. `serve --stateful --mutant NAME` starts one.
 * caughtBy names the checks meant to catch each (ids of src/checks/registry.ts).
 */
import { AUTH_PARAMS, type Operation } from '../../contract/index.js';
import type { TransportId } from '../../transports/index.js';
import { WebMethodException } from '../behaviour.js';
import type { MutantNeeds } from '../mutants/types.js';
import type { Args } from './args.js';
import type { Outcome } from './outcome.js';
import type { Personality, WrittenFormat } from './personality.js';
import type { Store } from './store.js';

export interface StatefulMutant {
  readonly name: string;
  readonly description: string;
  /** The check ids meant to catch this mutant. */
  readonly caughtBy: readonly string[];
  readonly needs?: MutantNeeds;
  /** Rewrites a text parameter (not an authentication one) as the method receives it over `transport`. */
  readonly receive?: (text: string, transport: TransportId) => string;
  /** Whether the signature is checked on `transport` (when the server has a secret). */
  readonly checksSignature?: (transport: TransportId) => boolean;
  /** false: the signature is checked but mobilekey never is (when the server has a secret). */
  readonly checksMobileKey?: boolean;
  /** Runs before the operation, after the clean checks; throws WebMethodException to crash. */
  readonly before?: (op: Operation, args: Args) => void;
  /** Whether the operation's change to the store is lost. */
  readonly dropsWrite?: (op: Operation) => boolean;
  /** Changes the outcome (and may change the store) after the operation. */
  readonly after?: (op: Operation, outcome: Outcome, ctx: { readonly store: Store; readonly args: Args }) => Outcome;
  /** Writes the result text instead of the service (`render` is how it would have written it). */
  readonly write?: (outcome: Outcome, format: WrittenFormat, render: (o: Outcome) => string) => string;
  /** Why the mutant's deviation cannot show under a personality (undefined: it can). */
  readonly notApplicable?: (p: Personality) => string | undefined;
}

const SQL_EXCEPTION = 'System.Data.SqlClient.SqlException';
/** Where stateful-error-text-unescaped pastes the message: rendered as the clean service would
 * write a message, then swapped for the raw text (no format escapes these letters). */
const PASTED = 'PastedErrorMessage7f3a';
const texts = (op: Operation, args: Args) => op.params.filter((p) => p.type === 'str' && !AUTH_PARAMS.includes(p.name)).map((p) => args.str(p.name));
const only = (transport: TransportId, change: (text: string) => string) => (text: string, t: TransportId) => (t === transport ? change(text) : text);
/** JSON.stringify's \u00XX escapes of control characters put back raw (an even run of backslashes before them is data). */
const unescapeControls = (json: string) => json.replace(/(?<!\\)((?:\\\\)*)\\u00([01][0-9a-f])/g, (_m, lead: string, hex: string) => lead + String.fromCharCode(parseInt(hex, 16)));

export const STATEFUL_MUTANTS: readonly StatefulMutant[] = [
  {
    name: 'stateful-long-text-500',
    description: 'MobileTimeLogCreate stores logcomment in a 255-character column unchecked: longer text is a SqlException (a fault, or a 500 over GET/POST)',
    caughtBy: ['http-status-200', 'not-a-fault'],
    needs: { fuzz: true },
    notApplicable: (p) => (p.strict.textLimit <= 255 ? `texts over ${p.strict.textLimit} characters are refused in-band before the insert` : undefined),
    before(op, args) {
      if (op.name === 'MobileTimeLogCreate' && args.str('logcomment').length > 255) throw new WebMethodException(SQL_EXCEPTION, 'String or binary data would be truncated.\r\nThe statement has been terminated.');
    },
  },
  {
    name: 'stateful-insert-500-past-validation',
    description: 'MobileTimeLogCreate copies internalcomments into a 255-character audit column after its checks pass: a create naming a service order and account that exist, with a longer comment, is a SqlException (rolled back); one the service refuses never gets there',
    caughtBy: ['http-status-200', 'not-a-fault'],
    notApplicable: (p) => (p.strict.textLimit <= 255 ? `texts over ${p.strict.textLimit} characters are refused in-band before the insert` : undefined),
    after(op, outcome, { store, args }) {
      if (op.name !== 'MobileTimeLogCreate' || !('id' in outcome) || args.str('internalcomments').length <= 255) return outcome;
      const at = store.timeLogs.findIndex((l) => l.sologkeyid === outcome.id);
      if (at >= 0) store.timeLogs.splice(at, 1);
      throw new WebMethodException(SQL_EXCEPTION, 'String or binary data would be truncated.\r\nThe statement has been terminated.');
    },
  },
  {
    name: 'stateful-error-text-unescaped',
    description: 'business errors quote the refused value (startdate "x" is not a date) and the message is pasted into the result text unescaped, by string concatenation, in whatever format the service writes: a quote, a markup character or a line break in the value breaks the JSON, XML or name=value result',
    caughtBy: ['result-format-consistent'],
    write: (outcome, _format, render) => ('error' in outcome ? render({ ...outcome, error: PASTED }).replace(PASTED, () => outcome.error) : render(outcome)),
    notApplicable: (p) => (p.errors === 'fault' ? 'business errors are SoapException faults there: the SOAP runtime escapes their message' : undefined),
  },
  {
    name: 'stateful-quote-in-search-500',
    description: "searches build their SQL by concatenation: a single quote in a filter (O'Brien) is a SqlException (a fault, or a 500 over GET/POST)",
    caughtBy: ['http-status-200', 'not-a-fault'],
    needs: { fuzz: true },
    before(op, args) {
      const quoted = op.class === 'search' ? texts(op, args).find((t) => t.includes("'")) : undefined;
      if (quoted !== undefined) throw new WebMethodException(SQL_EXCEPTION, `Incorrect syntax near '${quoted.slice(quoted.indexOf("'") + 1) || quoted}'.\r\nUnclosed quotation mark after the character string ''.`);
    },
  },
  {
    name: 'stateful-control-char-raw',
    description: "accounts imported from a legacy system hold a control character (U+0001) in their hotnote, and the hand-written JSON writer returns it raw: every answer listing an account is not XML 1.0",
    caughtBy: ['xml-well-formed'],
    after: (op, outcome) => ('records' in outcome && op.name === 'MobileAccountSearch'
      ? { ok: true, records: outcome.records.map((r) => ('hotnote' in r ? { ...r, hotnote: `${String(r['hotnote'])}\u0001` } : r)) }
      : outcome),
    write: (outcome, format, render) => (format === 'json' ? unescapeControls(render(outcome)) : render(outcome)),
  },
  {
    name: 'stateful-update-not-persisted',
    description: 'MobileAccountUpdate answers {"ok":true} but never commits: later searches show the old values',
    caughtBy: ['state-consistency'],
    dropsWrite: (op) => op.name === 'MobileAccountUpdate',
  },
  {
    name: 'stateful-list-omits-created',
    description: 'MobileTimeLogList is served from a cache filled at start: time logs created since are missing from it',
    caughtBy: ['state-consistency'],
    after: (op, outcome, { store }) => (op.name === 'MobileTimeLogList' && 'records' in outcome
      ? { ok: true, records: outcome.records.filter((r) => (r['sologkeyid'] as number) <= store.seededMax.timelog) }
      : outcome),
  },
  {
    name: 'stateful-delete-unknown-succeeds',
    description: 'MobileContactEmailDelete answers {"ok":true} for an emailid that does not exist (or was already deleted)',
    // The spec states no semantics, and a second delete of what the run deleted may be idempotence
    // (state-consistency notes it at info); but the update refuses the same never-listed emailid as
    // unknown that the delete answers success to: the target contradicts itself (issue 59). Caught
    // with no reference; matches-reference finds the field too where a trusted deployment is given.
    caughtBy: ['answers-agree'],
    after: (op, outcome) => (op.name === 'MobileContactEmailDelete' && !outcome.ok ? { ok: true } : outcome),
  },
  {
    name: 'stateful-update-unknown-succeeds',
    description: 'MobileContactEmailUpdate answers {"ok":true} for an emailid that does not exist (the rows its UPDATE affected are never read); the delete still refuses it',
    caughtBy: ['answers-agree'],
    after: (op, outcome) => (op.name === 'MobileContactEmailUpdate' && !outcome.ok && outcome.kind === 'not-found' ? { ok: true } : outcome),
  },
  {
    name: 'stateful-post-latin1',
    description: 'HTTP POST form values are decoded as Latin-1: non-ASCII text is stored and searched as mojibake (Müller becomes MÃ¼ller)',
    caughtBy: ['transport-parity', 'state-consistency'],
    needs: { fuzz: true },
    receive: only('post', (text) => Buffer.from(text, 'utf8').toString('latin1')),
  },
  {
    name: 'stateful-trim-soap12',
    description: 'SOAP 1.2 trims leading and trailing white space from text values before storing and searching',
    caughtBy: ['transport-parity'],
    needs: { fuzz: true },
    receive: only('soap12', (text) => text.trim()),
  },
  {
    name: 'stateful-get-unsigned',
    description: 'HTTP GET requests are not authenticated: a bad signature is accepted there (the other transports refuse it in-band)',
    caughtBy: ['auth-enforced', 'transport-parity'],
    needs: { auth: true },
    checksSignature: (transport) => transport !== 'get',
  },
  {
    name: 'stateful-mobilekey-unchecked',
    description: 'the signature and timestamp are checked but mobilekey never is: a signed create, update or delete without it (or with a wrong one) is accepted',
    caughtBy: ['auth-enforced'],
    needs: { auth: true },
    checksMobileKey: false,
  },
  {
    name: 'stateful-error-not-json',
    description: 'business errors are answered as plain "Error: <message>" text, not as the JSON (or XML) every other answer is',
    caughtBy: ['result-format-consistent'],
    write: (outcome, _format, render) => ('error' in outcome ? `Error: ${outcome.error}` : render(outcome)),
    notApplicable: (p) => (p.errors === 'fault' ? 'business errors are SoapException faults there: no error text is written' : undefined),
  },
  {
    name: 'stateful-rep-delete-whole-order',
    description: 'MobileServiceOrderRepAssignedDelete deletes every rep of the service order (WHERE sonumber = @so, reptodelete forgotten)',
    caughtBy: ['state-consistency'],
    after(op, outcome, { store, args }) {
      if (op.name !== 'MobileServiceOrderRepAssignedDelete' || !outcome.ok) return outcome;
      const keep = store.assignments.filter((a) => a.sonumber !== args.int('sonumber'));
      store.assignments.splice(0, store.assignments.length, ...keep);
      return outcome;
    },
  },
  {
    name: 'stateful-create-returns-wrong-id',
    description: 'MobileContactEmailCreate answers the contactnumber as the new id instead of the new emailid',
    caughtBy: ['state-consistency'],
    after: (op, outcome, { args }) => (op.name === 'MobileContactEmailCreate' && 'id' in outcome ? { ok: true, id: args.int('contactnumber') } : outcome),
  },
];

export function findStatefulMutant(name: string): StatefulMutant | undefined {
  return STATEFUL_MUTANTS.find((m) => m.name === name);
}
