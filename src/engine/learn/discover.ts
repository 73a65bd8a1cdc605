/**
 * The discovery step of a run against a target with data (issue 37): before the suites, the run
 * asks the target's searches and lists with empty filters, then the lists that need an id with the
 * ids the first round found, and learns from the answers (producer -> consumer, as RESTler infers
 * it): the values later valid requests use (src/state/learn.ts), and what the target's failure
 * answers look like, in-band (src/state/in-band.ts) or as faults (src/state/business-fault.ts), from
 * contrasts with the answers that held records: reads that name ids that cannot exist
 * (MobileOpportunitySummary of an unknown opportunitynumber, lists filtered by an unknown id) and,
 * when the run signs, reads that succeeded sent again with a corrupted sig. Read-only unless the run
 * may mutate the target: the failure probes of the update and delete operations name ids that do
 * not exist, so a correct service changes nothing, but a guarded run sends none of them.
 */
import type { RunSettings } from '../../config/settings.js';
import { AUTH_PARAMS, isMutating, operations, type Operation } from '../../contract/index.js';
import type { HttpClient } from '../../http/send.js';
import type { TransportId, WireValues } from '../../transports/index.js';
import { isIdParam, isPairsText, recordsOf, ValuePool, type LearnedRecord } from '../../state/learn.js';
import { givenFailureSignature, kindOf, learnFailureSignature, type FailureSignature } from '../../state/in-band.js';
import { learnBusinessFault } from '../../state/business-fault.js';
import { readValuesFile } from '../../state/values-file.js';
import { sendPlain, type PlainAnswer } from '../send/plain-send.js';
import { corruptSignature } from '../send/auth.js';
import { parseResult } from '../../shapes/shape.js';
import type { LearnedFormat } from '../../checks/types.js';
import { fillFromPool, ID_PARAMS } from './pool-values.js';
import { withAnchors } from './anchors.js';
import { readMore, type Wanted } from './more-records.js';
import { TAKEN_DISTINCT } from './instances.js';
import { slotsTaken } from './confirm.js';
import type { Anchors, LearnedState, SearchSummary } from './learned-state.js';



/** An id no seeded or created record will have: the contract's ids are Int32, and services count up. */
export const UNKNOWN_ID = '-2147480000';


/** The values of a discovery request: every filter empty (text) or 0 (an integer filter), ids
 * from the pool where it knows them. */
function discoveryValues(op: Operation, pool: ValuePool | undefined): WireValues {
  const values: Record<string, string> = {};
  for (const p of op.params) if (!AUTH_PARAMS.includes(p.name)) values[p.name] = p.type === 'int' ? '0' : '';
  return pool ? fillFromPool(op, values, pool, 0, ID_PARAMS) : values;
}

/**
 * The records of an answer less what only echoes the request: a service that answers with the
 * values it received (the embedded echo, the ASMX echo host of npm run test:asmx, a list that
 * repeats its criteria beside its rows) teaches nothing, and a filter echoed back is no value the
 * target produced. But a record that also brings an id not sent is the target's own row, and a
 * learned filter it carries belongs to it (a time log asked by sonumber 6 lists "sonumber":6 with
 * "accountnumber":45; a task's assignments name the rep and its service order): such a record is
 * kept whole, or the ids that belong together are learned apart. A field equal to the round's
 * default (`defaults`: 0 or empty, no learned value) is still dropped: it was no filter at all.
 */
export function notEchoes(records: readonly LearnedRecord[], sent: WireValues, defaults: WireValues = {}): LearnedRecord[] {
  return records
    .map((r) => {
      const own = Object.entries(r.fields).some(([name, value]) => isIdParam(name) && sent[name] !== value);
      const echoed = (name: string, value: string) => sent[name] === value && (!own || defaults[name] === value);
      return { ...r, fields: Object.fromEntries(Object.entries(r.fields).filter(([name, value]) => !echoed(name, value))) };
    })
    .filter((r) => Object.keys(r.fields).length > 0);
}

/** The requests whose answers a correct service gives as failures: ids that cannot exist. */
function probeValues(op: Operation): WireValues {
  const values: Record<string, string> = {};
  for (const p of op.params) {
    if (AUTH_PARAMS.includes(p.name)) continue;
    values[p.name] = isIdParam(p.name) && p.type === 'int' ? UNKNOWN_ID : p.type === 'int' ? '1' : p.type === 'bool' ? 'true' : p.type === 'dt' ? '2024-05-17T09:30:00' : isIdParam(p.name) ? 'tsiws-unknown' : 'tsiws probe';
  }
  return values;
}

export async function discover(settings: RunSettings & { readonly embedded: boolean }, client: HttpClient): Promise<LearnedState> {
  const transport: TransportId = settings.transports.includes('soap11') ? 'soap11' : settings.transports[0]!;
  const pool = new ValuePool();
  if (settings.valuesFile) pool.add(readValuesFile(settings.valuesFile));
  const successes: string[] = [];
  const succeeded: Asked[] = [];
  let sent = 0;
  const ask: Ask = async (op, values, spoil) => {
    sent++;
    return sendPlain(settings, client, op, transport, values, spoil);
  };
  // Every read operation, whatever --operations selects: a delete case needs the contacts a search finds.
  const selected = operations.filter((o) => !isMutating(o));
  // Two rounds: the lists that need an id (parts used of a service order) get one in the second,
  // which a target that answered no record in the first (an echo, say) is not asked.
  // The request of each list whose answer held records, the last one: more-records.ts reads it again.
  const yielded = new Map<string, WireValues>();
  // Asked side by side, learned from in the order asked: the pool's order (and so every pick) does
  // not depend on which answer came first.
  const read = async (asked: readonly Asked[]): Promise<void> => {
    const answers = await Promise.all(asked.map(({ op, values }) => ask(op, values)));
    asked.forEach(({ op, values }, i) => {
      const text = answers[i]!.text;
      if (text === null) return;
      const records = notEchoes(recordsOf(op.name, text), values, discoveryValues(op, undefined));
      // Only an answer that held records naming an entity is surely a success: a lookup asked with
      // an empty id may well be answered with the service's in-band failure, whose fields may be
      // named as parameters too (`<Status>Error</Status>`: MobileDispatchUpdate has a status).
      if (records.some((r) => Object.keys(r.fields).some(isIdParam))) {
        successes.push(text);
        succeeded.push({ op, values });
        yielded.set(op.name, values);
      }
      pool.add(records);
    });
  };
  for (const round of [0, 1]) {
    if (round === 1 && pool.size === 0) break;
    await read(selected.map((op) => ({ op, values: discoveryValues(op, round === 0 ? undefined : pool) })));
  }
  await readMore(pool, wantedDistinct(settings), yielded, (op) => discoveryValues(op, undefined), read);
  const before = sent;
  const learned = settings.failurePattern !== undefined ? { failure: givenFailureSignature(settings.failurePattern) } : await learnFailures(settings, ask, successes, succeeded);
  const probes = sent - before;
  const format = formatOf(successes);
  const anchors = withAnchors(undefined, succeeded, transport, 'discovery');
  return { pool: pool.toJSON(), ...learned, ...(format ? { format } : {}), discovery: { sent, records: pool.size, probes, transport }, ...(succeeded.length > 0 ? { anchors } : {}) };
}

/** The operations that take a distinct learned record each time (instances.ts), where the run sends
 * them: a run that may change the target, with the operation selected. */
function wantedDistinct(settings: RunSettings & { readonly embedded: boolean }): Wanted[] {
  if (!settings.embedded && !settings.allowMutations) return [];
  return Object.entries(TAKEN_DISTINCT).filter(([name]) => settings.operations.includes(name))
    .map(([operation, params]) => ({ operation, params, needed: slotsTaken(settings, operation) }));
}

/** The format all of `texts` are in, when there are some and they agree. */
function formatOf(texts: readonly string[]): LearnedFormat | undefined {
  const formats = new Set(texts.map((t) => {
    const parsed = parseResult(t);
    return parsed.ok ? parsed.format : isPairsText(t) ? 'pairs' : 'other';
  }));
  const [only] = formats;
  return formats.size === 1 && only !== 'other' && only !== undefined ? { format: only, learnedFrom: texts.length } : undefined;
}

/** The update and delete operations: an unknown id there is a failure in any service with data. */
const probeOperations = () => operations.filter((o) => o.class === 'update' || o.class === 'delete');

/** The reads that name a record: asked for one that cannot exist, a service with data answers a
 * failure, or (a list) rightly an empty list, which the kind of its answer tells apart. */
const readContrasts = (): Asked[] => operations.filter((o) => !isMutating(o) && o.params.some((p) => isIdParam(p.name)))
  .map((op) => ({ op, values: Object.fromEntries(Object.entries(discoveryValues(op, undefined)).map(([name, v]) => [name, isIdParam(name) ? UNKNOWN_ID : v])) }));

/** Bad-signature contrasts: this many reads that succeeded, sent again with their sig corrupted. */
const AUTH_CONTRASTS = 2;

interface Asked {
  readonly op: Operation;
  readonly values: WireValues;
}
type Ask = (op: Operation, values: WireValues, spoil?: (auth: Record<string, string>) => Record<string, string>) => Promise<PlainAnswer>;
type LearnedFailures = Pick<LearnedState, 'failure' | 'businessFault' | 'failureUnknown'>;

const clip = (s: string, n = 80): string => (s.length > n ? `${s.slice(0, n)}…` : s);

async function learnFailures(settings: RunSettings & { readonly embedded: boolean }, ask: Ask, successes: readonly string[], succeeded: readonly Asked[]): Promise<LearnedFailures> {
  // Nothing to tell failures from: a target that answered no record.
  if (successes.length === 0) return {};
  // The update and delete probes only where the run may change the target: they name ids that
  // cannot exist, but a broken service might still change something. --failure-pattern states it instead.
  const mayMutate = settings.embedded || settings.allowMutations;
  const signs = settings.signer !== undefined || settings.sig !== undefined;
  const spoil = (auth: Record<string, string>) => ({ ...auth, sig: corruptSignature(auth['sig'] ?? '') });
  const asked = [
    ...readContrasts().map((c) => ask(c.op, c.values)),
    ...(mayMutate ? probeOperations().map((op) => ask(op, probeValues(op))) : []),
    ...(signs ? succeeded.slice(0, AUTH_CONTRASTS).map((c) => ask(c.op, c.values, spoil)) : []),
  ];
  const answers = await Promise.all(asked);
  // An answer like a success (the same text, or of a success's kind: an empty list) is no failure.
  const successKinds = new Set(successes.slice(0, 200).map(kindOf));
  const seen = new Set(successes);
  const inBand = answers.map((a) => a.text).filter((t): t is string => t !== null && !seen.has(t) && !successKinds.has(kindOf(t)));
  // From one failure answer, only a marker of its structure is learned (learnFailureSignature): a
  // service whose lists answer an unknown id with an empty list (rightly) may fail one read alone.
  const failure = learnFailureSignature(successes, inBand);
  const businessFault = learnBusinessFault(answers.flatMap((a) => (a.fault === undefined ? [] : [a.fault])));
  // Unclassifiable only when no failure was told apart at all: a target learned to report its
  // failures as faults answers HTTP 200 for what it did (a lenient delete of an unknown id, say).
  const failureUnknown = failure || businessFault || inBand.length === 0 ? undefined
    : `${inBand.length} HTTP 200 answer${inBand.length === 1 ? '' : 's'} to requests that should fail, unlike any success, and nothing tells ${inBand.length === 1 ? 'it' : 'them'} from successes (first: '${clip(inBand[0]!)}')`;
  return { ...(failure ? { failure } : {}), ...(businessFault ? { businessFault } : {}), ...(failureUnknown ? { failureUnknown } : {}) };
}
