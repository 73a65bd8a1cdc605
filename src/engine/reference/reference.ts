/**
 * Asking the reference deployment the case the candidate just answered (issue 38). The primary
 * answers twice, one after the other (or the primary and the secondary once each), so that what
 * differs between its own answers is noise. A create, update or delete is asked once of the primary:
 * asking twice would make two records, or delete one and then fail, and the reference would no
 * longer hold what the candidate holds; only a secondary gives those operations noise.
 * The reference's request is the case's, its ids mapped to the reference's own (the e-mail a
 * create made there), signed again (the signature covers the values) and encoded by the same
 * transport.
 */
import type { Case } from '../../cases/case.js';
import type { RunSettings } from '../../config/settings.js';
import { isMutating, type Operation } from '../../contract/index.js';
import { TargetError, type SendOptions } from '../../http/send.js';
import { rulesFor } from '../../parity/normalise.js';
import { compareWithReference, type ParsedTexts } from '../../regression/reference-compare.js';
import type { NormalisationRule } from '../../results/differences.js';
import { EXCERPT_BYTES, recordResponse } from '../../results/recorded-http.js';
import { redact, redactClip } from '../../results/redact.js';
import type { ExchangeRecord } from '../../results/record.js';
import { idKey, type ReferenceAnswer, type ReferenceInfo } from '../../results/reference.js';
import { transportOutcomeOf } from '../../results/outcome-of-record.js';
import type { TransportOutcome } from '../../results/transport-outcome.js';
import { idParams, recordsOf } from '../../state/learn.js';
import { getTransportById, type HttpRequest, type TransportId, type WireValues } from '../../transports/index.js';
import { referenceAccess, referenceOf, type ReferenceSide, type ReferenceSides } from './reference-clients.js';
import type { HttpClient } from '../../http/send.js';
import type { SettingsOf } from '../../config/settings.js';
import { sendPlain } from '../send/plain-send.js';

export const MUTATION_NOT_ASKED = 'not sent to the reference: a create, update or delete operation (give --allow-mutations to send it; the reference is a live system too)';

/** The reference guards mutations as a target other than the embedded server does, whatever the
 * candidate is: the embedded candidate is exempt from the guard, a reference never is. */
export const referenceGuarded = (settings: Pick<RunSettings, 'allowMutations'>, op: Operation): boolean => isMutating(op) && !settings.allowMutations;

/** The case's values with every id the candidate made replaced by the one `side` made; `mapped`
 * says which were replaced. Only id parameters are mapped (state/params.ts): a value elsewhere that
 * happens to equal an id is data, not a reference to the record. */
export function mappedValues(values: WireValues, side: ReferenceSide): { values: WireValues; mapped: Record<string, string> } {
  const out: Record<string, string> = { ...values };
  const mapped: Record<string, string> = {};
  for (const name of idParams) {
    const own = values[name] === undefined ? undefined : side.ids.get(idKey(name, values[name]));
    if (own === undefined) continue;
    mapped[values[name]!] = own;
    out[name] = own;
  }
  return { values: out, mapped };
}

/** After a create answered on both sides: the ids each made, mapped candidate -> side. Only ids
 * that differ are mapped; returns them. */
export function learnIds(op: Operation, candidateText: string | null, sideText: string | null, side: ReferenceSide): Record<string, string> {
  const made: Record<string, string> = {};
  if (op.class !== 'create' || candidateText === null || sideText === null) return made;
  const candidate = recordsOf(op.name, candidateText)[0]?.fields ?? {};
  const own = recordsOf(op.name, sideText)[0]?.fields ?? {};
  for (const name of idParams) {
    const [c, o] = [candidate[name], own[name]];
    if (c === undefined || o === undefined || c === o) continue;
    side.ids.set(idKey(name, c), o);
    made[c] = o;
  }
  return made;
}

/** What an exchange needs to ask the reference as it asked the candidate. */
export interface ReferenceAsking {
  readonly testCase: Case;
  readonly operation: Operation;
  readonly transportId: TransportId;
  readonly namespace: string;
  /** The request of a case (values signed again, spoiled as a negative case is). */
  readonly requestOf: (c: Case) => Promise<HttpRequest>;
  /** The candidate's send options (a negative case's shorter wait). */
  readonly sendOptions?: SendOptions;
  /** The candidate's secrets (its access values, its authentication values). */
  readonly secrets: ReadonlyArray<[string, string]>;
}

/** The reference's answers to the case the candidate answered in `candidate`, compared with it. */
export async function askReference(settings: Pick<RunSettings, 'allowMutations' | 'showSecrets' | 'normalise' | 'normaliseFile'>, sides: ReferenceSides, asking: ReferenceAsking, candidate: ExchangeRecord): Promise<ReferenceInfo> {
  if (referenceGuarded(settings, asking.operation)) return { answers: [], fields: 0, differences: [], noise: [], notCompared: MUTATION_NOT_ASKED };
  const secrets = settings.showSecrets ? [] : [...asking.secrets, ...sides.secrets];
  const plan: Array<[ReferenceSide, ReferenceAnswer['side']]> = [[sides.primary, 'primary']];
  if (sides.secondary) plan.push([sides.secondary, 'secondary']);
  else if (!isMutating(asking.operation)) plan.push([sides.primary, 'again']);
  const candidateOutcome = transportOutcomeOf(candidate);
  const answers: TransportOutcome[] = [];
  const asked: ReferenceAnswer['side'][] = [];
  let mapped: Record<string, string> = {};
  // One after the other: the second asking is the first one's repetition, not a concurrent request.
  for (const [side, name] of plan) {
    const sent = mappedValues(asking.testCase.values, side);
    const answer = await answerOf(side, asking, { ...asking.testCase, values: sent.values } as Case, secrets);
    const made = learnIds(asking.operation, candidateOutcome.outcome === 'result' ? candidateOutcome.text : null, answer.outcome === 'result' ? answer.text : null, side);
    if (side === sides.primary && name === 'primary') mapped = { ...sent.mapped, ...made };
    answers.push(answer);
    asked.push(name);
  }
  // Compared whole (texts redacted as the candidate's are); recorded clipped, as reports clip texts.
  const full = answers.map((a, i): ReferenceAnswer => ({ side: asked[i]!, status: a.status, outcome: a.outcome, text: a.text }));
  const parsed: ParsedTexts = new Map();
  const compared = compareWithReference(candidateOutcome, full, rulesOf(settings), { ids: sides.primary.ids, parsed });
  const shown = full.map((a) => ({ ...a, text: a.text === null ? null : redactClip(a.text, EXCERPT_BYTES, secrets) }));
  keepParsedAnswers(candidate, shown, parsed);
  return { answers: shown, ...compared, ...(Object.keys(mapped).length > 0 ? { mapped } : {}) };
}

// What an exchange's comparison parsed of the reference's answers, kept for its case's parity record
// (parity.ts: the noise among the reference's answers over all transports), which takes it, and so
// drops it, as the case ends. Kept beside the record, as the reference sides are beside the client,
// rather than passed through runCase and each of its callers; an exchange that no parity record
// takes (a sequence's step) loses it with its record.
const parsedByRecord = new WeakMap<ExchangeRecord, ParsedTexts>();

/** Keeps the fields of the answers recorded whole: parity reads the answers as recorded, and a
 * clipped one (longer than EXCERPT_BYTES) is another text, which parity parses as before. */
export function keepParsedAnswers(record: ExchangeRecord, recorded: readonly ReferenceAnswer[], parsed: ParsedTexts): void {
  const kept: ParsedTexts = new Map();
  for (const { text } of recorded) {
    const fields = text === null ? undefined : parsed.get(text);
    if (fields) kept.set(text!, fields);
  }
  if (kept.size > 0) parsedByRecord.set(record, kept);
}

/** The parsed answers kept for `records`, together, forgotten once taken. */
export function takeParsedAnswers(records: readonly ExchangeRecord[]): ParsedTexts {
  const taken: ParsedTexts = new Map();
  for (const r of records) {
    for (const [text, fields] of parsedByRecord.get(r) ?? []) taken.set(text, fields);
    parsedByRecord.delete(r);
  }
  return taken;
}

/** One side's answer to the case, as the parity comparison sees an answer (transport-outcome.ts). */
async function answerOf(side: ReferenceSide, asking: ReferenceAsking, testCase: Case, secrets: ReadonlyArray<[string, string]>): Promise<TransportOutcome> {
  const transport = getTransportById(asking.transportId);
  const request = await asking.requestOf(testCase);
  const record: { -readonly [K in keyof ExchangeRecord]?: ExchangeRecord[K] } = { operation: asking.operation.name, transport: asking.transportId, caseId: testCase.id, kind: testCase.kind, request: { method: request.method, url: '', headers: {}, curl: '' }, checks: [] };
  try {
    const response = await side.client.send(request, asking.sendOptions);
    record.response = recordResponse(response, secrets);
    record.result = transport.decode({ namespace: asking.namespace }, asking.operation, response);
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    record.error = { code: err.code, message: `${side.flag}: ${err.message}` };
  }
  // A reference may echo a secret anywhere (a result, a fault's reason, an error naming a GET's URL).
  const outcome = transportOutcomeOf(record as ExchangeRecord);
  return outcome.text === null ? outcome : { ...outcome, text: redact(outcome.text, secrets) };
}

const rulesBySettings = new WeakMap<object, NormalisationRule[]>();
function rulesOf(settings: Pick<RunSettings, 'normalise' | 'normaliseFile'>): NormalisationRule[] {
  let rules = rulesBySettings.get(settings);
  if (!rules) rulesBySettings.set(settings, (rules = rulesFor(settings)));
  return rules;
}

/** A setup's create (instances.ts), made on each reference side too, so that the case that follows
 * works on a record of the reference's own: the id it made there is mapped to the candidate's `id`.
 * Not made where the reference guards mutations: the case is then not asked of it either. */
export async function mirrorSetup(settings: SettingsOf<'target' | 'auth' | 'access' | 'reports'> & Pick<RunSettings, 'allowMutations'>, client: HttpClient, create: Operation, transport: TransportId, values: WireValues, param: string, id: string): Promise<void> {
  const sides = referenceOf(client);
  if (!sides || referenceGuarded(settings, create)) return;
  const access = { ...settings, ...referenceAccess(settings) };
  for (const side of [sides.primary, sides.secondary]) {
    if (!side) continue;
    const answer = await sendPlain(access, side.client, create, transport, mappedValues(values, side).values);
    const own = answer.text === null ? undefined : recordsOf(create.name, answer.text).find((r) => r.fields[param] !== undefined)?.fields[param];
    if (own !== undefined && own !== id) side.ids.set(idKey(param, id), own);
  }
}
