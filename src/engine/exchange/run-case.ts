/** Runs one case over one transport: encode, send, evaluate the selected checks, record. */
import type { Check, Exchange } from '../../checks/registry.js';
import { runChecks } from '../../checks/runner.js';
import { evaluate, selectedChecks } from '../../checks/evaluate.js';
import { answersInTime, hangVerdict } from '../../checks/answers-in-time.js';
import { resultSchemasFor } from '../../checks/load-result-schemas.js';
import type { Case, NegativeCase } from '../../cases/case.js';
import { negativeRequest, spoiledAuthParam } from '../../cases/negative.js';
import { hostRejectionOf, type HostRejection } from '../../profiles/host-rejection.js';
import { getOperation, SECRET_PLACEHOLDERS, type Operation } from '../../contract/index.js';
import { scopedFor, type RunSettings, type SettingsOf } from '../../config/settings.js';
import { TargetError, type HttpClient } from '../../http/send.js';
import { expectationFor, PROFILES } from '../../profiles/expectations.js';
import { getTransportById, type Decoded, type HttpRequest, type TransportId, type WireValues } from '../../transports/index.js';
import type { HttpResponse, Transport } from '../../transports/types.js';
import type { Expectation, Profile } from '../../profiles/types.js';
import { expectedEcho, familyOf, type EchoExpectation } from '../../asmx/echo.js';
import { authValues, corruptSignature } from '../send/auth.js';
import { accessForReports } from '../../results/shown-access.js';
import { EXCERPT_BYTES, recordRequest, recordResponse } from '../../results/recorded-http.js';
import { redact, redactClip, redactClipped } from '../../results/redact.js';
import { secretsOf } from '../../results/secrets.js';
import type { CheckOutcome } from '../../results/check-outcome.js';
import type { Confirmation, ExchangeRecord, RecordedRequest } from '../../results/record.js';
import type { HttpAccess } from '../../http/access.js';
import type { LearnedState } from '../learn/learned-state.js';
import { dataPathOf } from './data-path-of.js';
import { invalidValueReason } from '../../cases/valid-values.js';
import { notApplicable } from '../../results/not-applicable.js';
import { referenceOf } from '../reference/reference-clients.js';
import { askReference } from '../reference/reference.js';
import { wsiBasicProfile, wsiOutcomesOf } from '../../checks/wsi-basic-profile.js';
import { wsiRecorded } from '../../checks/wsi/recorded.js';
import { wsiContextOf } from '../../checks/wsi/wsdl-facts.js';
import { clip, MESSAGE_CHARS } from '../../results/clip.js';
import { refusalBy } from '../learn/confirm.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wire values of a case, authentication included, with the case's spoiling applied. */
async function valuesFor(settings: SettingsOf<'auth'>, op: Operation, testCase: Case): Promise<Record<string, string>> {
  const stale = testCase.kind === 'negative' && testCase.scenario === 'auth-stale-timestamp';
  const values: Record<string, string> = { ...testCase.values, ...(await authValues(settings, op, testCase.values, stale ? new Date(Date.now() - DAY_MS) : new Date())) };
  if (testCase.kind === 'negative') {
    const kept = spoiledAuthParam(testCase);
    if (kept) values[kept] = testCase.values[kept]!;
    if (testCase.scenario === 'auth-corrupted-sig') values['sig'] = corruptSignature(values['sig'] ?? '');
    if (testCase.scenario === 'auth-wrong-mobilekey') values['mobilekey'] = corruptSignature(values['mobilekey'] ?? '');
  }
  return values;
}

function requestFor(testCase: Case, transportId: TransportId, namespace: string, op: Operation, values: WireValues): HttpRequest {
  const ctx = { namespace };
  return testCase.kind === 'negative' ? negativeRequest(testCase, transportId, ctx, op, values) : getTransportById(transportId).encode(ctx, op, values);
}

/** `confirm`, for a probe on a learned record of its own (confirm.ts): sent once the probe is
 * answered with the service's own refusal and before it is judged; its success makes the refusal conclusive. */
export function runCase(settings: RunSettings & { baseUrl: string }, client: HttpClient, testCase: Case, transportId: TransportId, given?: readonly Check[], confirm?: () => Promise<Confirmation>): Promise<ExchangeRecord> {
  return exchangeRecord(settings, client, testCase, transportId, given, undefined, confirm);
}

/** A record whose request, as reports show it, is not built yet: `showRequest` builds it into the
 * record (in its place among the keys) and returns the record. */
export interface RecordShownLater {
  readonly record: ExchangeRecord;
  readonly showRequest: (record: ExchangeRecord) => ExchangeRecord;
}

/** The request a record holds until its shown request is built: nothing of the request sent. */
export const REQUEST_NOT_SHOWN: RecordedRequest = Object.freeze({ method: '', url: '', headers: Object.freeze({}), curl: '' });

/**
 * runCase, the shown request left to be built (fuzz.ts): a fuzz property sends thousands of
 * samples and keeps the records of one or two, and building each sample's shown request (a second
 * envelope and a curl command) was about a tenth of a fuzzing worker's time (profiled, issue 20).
 * Nothing judged reads the shown request: the checks judge the request sent, and parity shows
 * only its curl command.
 */
export async function runCaseShowingLater(settings: RunSettings & { baseUrl: string }, client: HttpClient, testCase: Case, transportId: TransportId, given?: readonly Check[]): Promise<RecordShownLater> {
  const later: { showRequest?: RecordShownLater['showRequest'] } = {};
  const record = await exchangeRecord(settings, client, testCase, transportId, given, later);
  return { record, showRequest: later.showRequest! };
}

/** What the steps of one exchange share: the case, the request it sends, what judges its answer.
 * Made once per exchange, its parts in the order they always were made. */
interface Exchanging {
  readonly settings: RunSettings & { baseUrl: string };
  readonly testCase: Case;
  readonly transportId: TransportId;
  readonly checks: readonly Check[];
  readonly slaMs: number | undefined;
  readonly operation: Operation;
  readonly transport: Transport;
  readonly values: Record<string, string>;
  readonly shownAccess: HttpAccess;
  readonly secrets: Array<[string, string]>;
  readonly request: HttpRequest;
  readonly profile: Profile;
  readonly learned: LearnedState | undefined;
  readonly failure: LearnedState['failure'];
  readonly learnedFormat: LearnedState['format'];
  readonly negative: NegativeCase | undefined;
  readonly expectation: Expectation | undefined;
  readonly echo: EchoExpectation | undefined;
}

/** The record of one exchange, its shown request built now, or, given `later`, by the function it
 * is handed there (runCase's own path makes no closure: it runs for every exchange of a run). */
async function exchangeRecord(settings: RunSettings & { baseUrl: string }, client: HttpClient, testCase: Case, transportId: TransportId, given: readonly Check[] | undefined, later?: { showRequest?: RecordShownLater['showRequest'] }, confirm?: () => Promise<Confirmation>): Promise<ExchangeRecord> {
  const x = await exchanging(settings, testCase, transportId, given);
  const record = recordHead(x);
  // A valid case is sent only as one (issue 49): a setup that made no record, or a value outside its
  // type, makes it not applicable, unsent, with its request shown as it would have been.
  const unsendable = testCase.kind === 'positive' ? testCase.notApplicable ?? invalidValueReason(x.operation, testCase.values) : undefined;
  placeShownRequest(x, record, later);
  if (unsendable !== undefined) {
    record.checks = [];
    record.skipped = notApplicable(unsendable);
    return record as ExchangeRecord;
  }
  // A negative case is answered in --negative-timeout-ms or not at all (answers-in-time); once a
  // scenario went unanswered over a transport, its other cases there are not sent to wait again.
  const negative = x.negative;
  const judgesHangs = negative !== undefined && x.checks.includes(answersInTime);
  const hangKey = negative && `${negative.scenario} ${transportId}`;
  if (judgesHangs && hungOf(settings).has(hangKey!)) {
    record.checks = [{ id: answersInTime.id, status: 'skipped', message: `not sent: ${negative.scenario} went unanswered over ${transportId} already (${hungOf(settings).get(hangKey!)})` }];
    return record as ExchangeRecord;
  }
  const waitMs = judgesHangs ? Math.min(settings.timeoutMs, settings.negativeTimeoutMs) : undefined;
  try {
    await sendAndJudge(x, client, record, waitMs, confirm);
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    if (judgesHangs && err.code === 'TSIWS_TIMEOUT') {
      hungOf(settings).set(hangKey!, testCase.id);
      record.checks = runChecks([answersInTime], () => hangVerdict(negative.scenario, transportId, waitMs!, redact(err.message, x.secrets)));
      return record as ExchangeRecord;
    }
    record.checks = [];
    // The message names the request (a GET's URL holds sig and mobilekey): redacted as any text.
    record.error = { code: err.code, message: redact(err.message, x.secrets) };
    if (testCase.kind === 'positive') record.dataPath = 'refused';
  }
  await askReferenceToo(x, client, record, waitMs);
  return record as ExchangeRecord;
}

/** The shared parts of one exchange: its checks (narrowed by the config file's per-operation and
 * per-transport sections, config/config-file.ts, which set the SLA too), wire values and request. */
async function exchanging(settings: RunSettings & { baseUrl: string }, testCase: Case, transportId: TransportId, given: readonly Check[] | undefined): Promise<Exchanging> {
  const scoped = scopedFor(settings, testCase.operation, transportId);
  const all = given ?? (await selectedChecks(settings));
  const checks = scoped.skipChecks.length === 0 ? all : all.filter((c) => !scoped.skipChecks.includes(c.id));
  const operation = getOperation(testCase.operation);
  const transport = getTransportById(transportId);
  const values = await valuesFor(settings, operation, testCase);
  const access = reportsAccess(settings);
  const secrets = settings.showSecrets ? [] : [...access.secrets, ...secretsOf(values)];
  const request = requestFor(testCase, transportId, settings.namespace, operation, values);
  const learned = (settings as { learned?: LearnedState }).learned;
  const negative = testCase.kind === 'negative' ? testCase : undefined;
  const expectation = negative && expectationFor(settings.profile, negative.scenario, transportId, negative.param);
  const echo = settings.echo && testCase.kind === 'positive' ? expectedEcho(operation, values, familyOf(transportId)) : undefined;
  return {
    settings, testCase, transportId, checks, slaMs: scoped.slaMs, operation, transport, values, shownAccess: access.shown, secrets, request,
    profile: PROFILES[settings.profile], learned, failure: learned?.failure, learnedFormat: learned?.format, negative, expectation, echo,
  };
}

/** The record's first keys, which every exchange has, sent or not. */
function recordHead(x: Exchanging): Building {
  const { testCase, negative, expectation } = x;
  // The record is built key by key, in its JSON order: an object made by spreading conditional
  // parts into a literal, then spread again into the finished record, cost more than any stage of
  // the record's own (V8 copies such objects slowly; profiled, issue 20).
  const record: Building = { operation: x.operation.name, transport: x.transportId, caseId: testCase.id, kind: testCase.kind, values: testCase.values };
  if (testCase.kind === 'positive' && testCase.setup) record.setup = testCase.setup;
  if (negative) {
    record.scenario = negative.scenario;
    if (negative.param) record.param = negative.param;
  }
  if (expectation) record.expectation = { profile: x.profile.id, summary: expectation.summary, evidence: expectation.evidence };
  return record;
}

/** The record's shown request, built now or, given `later`, by the function handed there. */
function placeShownRequest(x: Exchanging, record: Building, later: { showRequest?: RecordShownLater['showRequest'] } | undefined): void {
  const { settings, testCase, transportId, operation, values, request, shownAccess } = x;
  // The key takes its place now either way, so that the record's JSON keeps its key order.
  if (later) {
    record.request = REQUEST_NOT_SHOWN;
    later.showRequest = (done) => {
      (done as Building).request = requestAsShown(settings, testCase, transportId, operation, values, request, shownAccess);
      return done;
    };
  } else record.request = requestAsShown(settings, testCase, transportId, operation, values, request, shownAccess);
}

/** Sends the request and fills the record in from the answer: response, result and the checks'
 * outcomes, the secrets redacted in each. No answer (a TargetError) is thrown to the caller. */
async function sendAndJudge(x: Exchanging, client: HttpClient, record: Building, waitMs: number | undefined, confirm: (() => Promise<Confirmation>) | undefined): Promise<void> {
  const { request, transportId, secrets } = x;
  const judgesWsi = x.checks.includes(wsiBasicProfile);
  const response = await client.send(request, waitMs === undefined ? undefined : { timeoutMs: waitMs });
  const hostRejection = x.profile.hostRejections ? hostRejectionOf(response, transportId, (request.path.split('?')[1] ?? '').length) : undefined;
  const exchange = exchangeOf(x, response, hostRejection, judgesWsi);
  const result = x.transport.decode({ namespace: x.settings.namespace }, x.operation, response);
  const redactedResult = redactedResultOf(result, secrets);
  // The probe's record is confirmed only after the service's own refusal: ASMX's is conclusive as
  // it is, and a success or a crash is judged without one (confirm.ts, refusalBy).
  const refusal = confirm && refusalBy(exchange);
  const confirmation = refusal === 'service' ? await confirm!() : undefined;
  if (refusal === 'runtime' || confirmation?.succeeded) delete exchange.anchorMissing;
  else if (confirmation) exchange.anchorMissing = `${x.negative!.anchorMissing!}; ${confirmation.line}`;
  const judged = redactedOutcomes(evaluate(exchange, x.checks), secrets);
  record.response = recordResponse(response, secrets);
  record.result = redactedResult;
  record.checks = judged;
  if (confirmation) record.confirmation = confirmation;
  if (judgesWsi) record.wsi = wsiRecorded(wsiOutcomesOf(exchange), (text) => redactClipped(clip(text, MESSAGE_CHARS), secrets));
  if (x.testCase.kind === 'positive') record.dataPath = dataPathOf(response.status, result, hostRejection !== undefined, x.learned);
}

/** An exchange while it is filled in. */
type ExchangeBuilding = { -readonly [K in keyof Exchange]: Exchange[K] };

/** What the checks judge: the request and its answer, with what the run knows of the target. */
function exchangeOf(x: Exchanging, response: HttpResponse, hostRejection: HostRejection | undefined, judgesWsi: boolean): ExchangeBuilding {
  const { settings, negative, learned, echo } = x;
  // Key by key, as the record: spreads of conditional parts cost more than most checks.
  const exchange: ExchangeBuilding = { operation: x.operation, transport: x.transport, namespace: settings.namespace, request: x.request, response, kind: x.testCase.kind, profile: x.profile };
  if (hostRejection) exchange.hostRejection = hostRejection;
  if (negative) exchange.scenario = negative.scenario;
  if (negative?.anchorMissing !== undefined) exchange.anchorMissing = negative.anchorMissing;
  if (x.expectation) exchange.expectation = x.expectation;
  if (x.slaMs !== undefined) exchange.slaMs = x.slaMs;
  if (x.failure) exchange.failure = x.failure;
  if (learned?.businessFault) exchange.businessFault = learned.businessFault;
  if (learned?.failureUnknown !== undefined) exchange.failureUnknown = true;
  if (x.learnedFormat) exchange.learnedFormat = x.learnedFormat;
  if (judgesWsi) exchange.wsi = wsiContextOf(settings);
  if (echo?.ok) {
    exchange.echo = echo.received;
    exchange.resultFormat = settings.resultFormat;
  }
  // The operation's schema from --result-schemas, compiled on this process's first exchange.
  const resultSchema = resultSchemasFor(settings.resultSchemas)?.get(x.operation.name);
  if (resultSchema) exchange.resultSchema = resultSchema;
  return exchange;
}

/** A decoded answer with the secrets redacted: a target may echo a secret anywhere, in a result or a
 * fault's reason. Copied only where redaction changed something (it rarely does: most texts hold no secret). */
function redactedResultOf(result: Decoded, secrets: Array<[string, string]>): Decoded {
  if (result.kind === 'result') {
    const text = result.text === null ? null : redact(result.text, secrets);
    return text !== result.text ? { ...result, text } : result;
  }
  // Redacted before it is clipped: a secret across the cut is replaced whole (issue 41).
  const reason = redactClip(result.reason, EXCERPT_BYTES, secrets);
  return reason !== result.reason ? { ...result, reason } : result;
}

/** The checks' outcomes with the secrets redacted in their messages, in place. */
function redactedOutcomes(judged: CheckOutcome[], secrets: Array<[string, string]>): CheckOutcome[] {
  for (let i = 0; i < judged.length; i++) {
    const c = judged[i]!;
    // A message quotes the target through clip(), before any secret is known here: the start of a
    // secret at a clip mark is redacted too (issue 41).
    const message = c.message === undefined ? undefined : redactClipped(c.message, secrets);
    if (message !== c.message) judged[i] = { ...c, message };
  }
  return judged;
}

/** The reference is asked what the candidate was (issue 38), fuzz samples too: a fuzzed create
 * changes the candidate's data, and a reference not sent it no longer holds what the candidate
 * holds (the clean stateful service run against itself then found the fuzzed e-mails in one
 * side's contact search only). A fuzz property judges each sample's comparison (fuzz-reference.ts);
 * only the kept samples' reach the reports. */
async function askReferenceToo(x: Exchanging, client: HttpClient, record: Building, waitMs: number | undefined): Promise<void> {
  const sides = referenceOf(client);
  if (!sides) return;
  const { settings, testCase, operation, transportId, secrets } = x;
  const asking = { testCase, operation, transportId, namespace: settings.namespace, secrets, requestOf: async (c: Case) => requestFor(c, transportId, settings.namespace, operation, await valuesFor(settings, operation, c)), ...(waitMs === undefined ? {} : { sendOptions: { timeoutMs: waitMs } }) };
  record.reference = await askReference(settings, sides, asking, record as ExchangeRecord);
}

// The scenarios a run's target left unanswered, by transport, with the case that showed it: one
// finding each (per worker process: a run's workers may each find it once).
const hungByRun = new WeakMap<RunSettings, Map<string, string>>();
function hungOf(settings: RunSettings): Map<string, string> {
  let hung = hungByRun.get(settings);
  if (!hung) hungByRun.set(settings, (hung = new Map()));
  return hung;
}

/** The request as reports show it: as sent with --show-secrets, else built with the placeholders. */
function requestAsShown(settings: RunSettings & { baseUrl: string }, testCase: Case, transportId: TransportId, op: Operation, values: WireValues, sent: HttpRequest, access: HttpAccess): RecordedRequest {
  return settings.showSecrets ? recordRequest(settings.baseUrl, sent, access) : shownRequest(settings, testCase, transportId, op, values, access);
}

// What reports may show of a run's access settings is the same for all its exchanges.
const accessByRun = new WeakMap<SettingsOf<'access' | 'reports'>, ReturnType<typeof accessForReports>>();
function reportsAccess(settings: SettingsOf<'access' | 'reports'>): ReturnType<typeof accessForReports> {
  let access = accessByRun.get(settings);
  if (!access) accessByRun.set(settings, (access = accessForReports(settings)));
  return access;
}

/** An exchange record while runCase fills it in. */
type Building = { -readonly [K in keyof ExchangeRecord]?: ExchangeRecord[K] };

// The request a report shows of a valid case is the same for every repetition of it (--repeat): its
// values differ only in the secrets, which it shows as placeholders. A soak run of the positive
// suite built the same SOAP envelope and curl command again for each (about a tenth of the worker's
// own work per exchange, profiled, issue 20), so each run's are kept. The repetitions of a case
// share its values object (plan.ts, repeated), and the shown values are a pure function of it and
// the run's settings (the authentication values all but repnumber are placeholders, repnumber is
// the run's): kept by that object, nothing is built or compared to find a kept one (a key made of
// the shown values' JSON cost as much as the rest of the record's request; profiled, issue 20).
const shownByRun = new WeakMap<RunSettings, WeakMap<WireValues, Map<string, RecordedRequest>>>();

/** The request as reports show it: the same request built with the spec's placeholders. */
function shownRequest(settings: RunSettings & { baseUrl: string }, testCase: Case, transportId: TransportId, op: Operation, values: WireValues, access: HttpAccess): RecordedRequest {
  const build = () => recordRequest(settings.baseUrl, requestFor(testCase, transportId, settings.namespace, op, { ...values, ...placeholdersFor(values) }), access);
  // Negative and fuzz requests are made once each (and a negative one depends on more than its values).
  if (testCase.kind !== 'positive') return build();
  let byValues = shownByRun.get(settings);
  if (!byValues) shownByRun.set(settings, (byValues = new WeakMap()));
  let kept = byValues.get(testCase.values);
  if (!kept) byValues.set(testCase.values, (kept = new Map()));
  const key = `${transportId} ${op.name}`;
  let shown = kept.get(key);
  if (!shown) kept.set(key, (shown = build()));
  return shown;
}

function placeholdersFor(values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, placeholder] of Object.entries(SECRET_PLACEHOLDERS)) if (name in values) out[name] = placeholder;
  return out;
}
