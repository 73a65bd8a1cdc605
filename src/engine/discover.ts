/**
 * The discovery step of a run against a target with data (issue 37): before the suites, the run
 * asks the target's searches and lists with empty filters, then the lists that need an id with the
 * ids the first round found, and learns from the answers (producer -> consumer, as RESTler infers
 * it): the values later valid requests use (src/state/learn.ts), and what the target's in-band
 * failure answers look like (src/state/in-band.ts), from requests that name ids that cannot exist.
 * Read-only unless the run may mutate the target: the failure probes of the update and delete
 * operations name ids that do not exist, so a correct service changes nothing, but a guarded run
 * sends none of them.
 */
import type { RunSettings } from '../config/settings.js';
import { AUTH_PARAMS, isMutating, operations, type Operation } from '../contract/index.js';
import type { HttpClient } from '../http/send.js';
import type { TransportId, WireValues } from '../transports/index.js';
import { isIdParam, recordsOf, ValuePool, type LearnedRecord } from '../state/learn.js';
import { givenFailureSignature, learnFailureSignature, type FailureSignature } from '../state/in-band.js';
import { readValuesFile } from '../state/values-file.js';
import { sendPlain } from './plain-send.js';
import { parseResult } from '../shapes/shape.js';
import type { LearnedFormat } from '../checks/types.js';
import { fillFromPool, ID_PARAMS } from './pool-values.js';
import type { SearchSummary } from './value-search.js';

/** Whether the target answered with data the run can use (hasData): an echo does not. */
export const hasData = (learned: LearnedState | undefined): learned is LearnedState => learned !== undefined && learned.pool.records.length > 0;

/** What the run learned before its suites: plain data, it crosses to the suites' workers. */
export interface LearnedState {
  readonly pool: ReturnType<ValuePool['toJSON']>;
  readonly failure?: FailureSignature;
  /** The format every answer that held records was in, when they agree. */
  readonly format?: LearnedFormat;
  readonly discovery: { readonly sent: number; readonly records: number; readonly probes: number; readonly transport: TransportId };
  /** Values that made an operation's valid request succeed (value-search.ts): operation -> parameter
   * -> value, used by every later valid case (learnedCase) and among the fuzzer's choices. */
  readonly found?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** What the search for those values did, and what still blocked the operations it did not solve. */
  readonly search?: SearchSummary;
}

/** An id no seeded or created record will have: the contract's ids are Int32, and services count up. */
export const UNKNOWN_ID = '-2147480000';


/** The values of a discovery request: every filter empty (text) or 0 (an integer filter), ids
 * from the pool where it knows them. */
function discoveryValues(op: Operation, pool: ValuePool | undefined): WireValues {
  const values: Record<string, string> = {};
  for (const p of op.params) if (!AUTH_PARAMS.includes(p.name)) values[p.name] = p.type === 'int' ? '0' : '';
  return pool ? fillFromPool(op, values, pool, 0, ID_PARAMS) : values;
}

/** The records of an answer less what only echoes the request: a service that answers with the
 * values it received (the embedded echo, the ASMX echo host of npm run test:asmx) teaches nothing. */
function notEchoes(records: readonly LearnedRecord[], sent: WireValues): LearnedRecord[] {
  return records
    .map((r) => ({ ...r, fields: Object.fromEntries(Object.entries(r.fields).filter(([name, value]) => sent[name] !== value)) }))
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
  let sent = 0;
  const ask = async (op: Operation, values: WireValues) => {
    sent++;
    const answer = await sendPlain(settings, client, op, transport, values);
    return answer.text;
  };
  // Every read operation, whatever --operations selects: a delete case needs the contacts a search finds.
  const selected = operations.filter((o) => !isMutating(o));
  // Two rounds: the lists that need an id (parts used of a service order) get one in the second,
  // which a target that answered no record in the first (an echo, say) is not asked.
  for (const round of [0, 1]) {
    if (round === 1 && pool.size === 0) break;
    const asked = selected.map((op) => ({ op, values: discoveryValues(op, round === 0 ? undefined : pool) }));
    const answers = await Promise.all(asked.map(({ op, values }) => ask(op, values).then((text) => [op, values, text] as const)));
    for (const [op, values, text] of answers) {
      if (text === null) continue;
      const records = notEchoes(recordsOf(op.name, text), values);
      // Only an answer that held records is surely a success: a lookup asked with an empty id may
      // well be answered with the service's in-band failure.
      if (records.length > 0) successes.push(text);
      pool.add(records);
    }
  }
  const before = sent;
  const failure = settings.failurePattern !== undefined ? givenFailureSignature(settings.failurePattern) : await learnFailures(settings, ask, successes);
  const probes = sent - before;
  const format = formatOf(successes);
  return { pool: pool.toJSON(), ...(failure ? { failure } : {}), ...(format ? { format } : {}), discovery: { sent, records: pool.size, probes, transport } };
}

/** The format all of `texts` are in, when there are some and they agree. */
function formatOf(texts: readonly string[]): LearnedFormat | undefined {
  const formats = new Set(texts.map((t) => {
    const parsed = parseResult(t);
    return parsed.ok ? parsed.format : 'other';
  }));
  const [only] = formats;
  return formats.size === 1 && only !== 'other' && only !== undefined ? { format: only, learnedFrom: texts.length } : undefined;
}

/** The update and delete operations: an unknown id there is a failure in any service with data. */
const probeOperations = () => operations.filter((o) => o.class === 'update' || o.class === 'delete');

async function learnFailures(settings: RunSettings & { readonly embedded: boolean }, ask: (op: Operation, values: WireValues) => Promise<string | null>, successes: readonly string[]): Promise<FailureSignature | undefined> {
  // A run that may not change the target sends none: the probes name ids that cannot exist, but a
  // broken service might still change something. --failure-pattern states it instead.
  if (!settings.embedded && !settings.allowMutations) return undefined;
  // Nothing to tell failures from: a target that answered no record.
  if (successes.length === 0) return undefined;
  const texts = (await Promise.all(probeOperations().map((op) => ask(op, probeValues(op))))).filter((t): t is string => t !== null);
  // At least two operations must agree on what a failure looks like, or a single answer's own
  // words would be taken for the pattern.
  if (texts.length < 2) return undefined;
  return learnFailureSignature(successes, texts);
}
