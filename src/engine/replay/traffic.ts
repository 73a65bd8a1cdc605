/**
 * `run --traffic`: captured calls (traffic/read.ts) made into the engine's own cases, so a
 * replay goes through runCase like every other exchange: every selected check, the run's signing,
 * the mutation guard, --reference-url. Each entry's request is decoded as the proxy decodes one
 * (decodeObservedRequest) and judged by the client checks (clientFindings).
 *
 * What is replayed of a call is its operation and its values, not its bytes: the codec writes the
 * request again, and the authentication parameters are the run's (--signer, --sig...), so a
 * capture's placeholders ({{sig}}, <SIGNATURE>) and a client's stale signature are never sent.
 * A call the client checks find invalid (error level) is replayed as the negative case of its
 * defect where the catalog has one (a value outside its type, a missing parameter over GET or POST,
 * a missing mobilekey, a SOAP envelope under the other version's content type, a body that is not
 * XML); otherwise it is sent as its values are (the defect was in how it was written, which the
 * codec writes correctly), as a positive case. docs/traffic.md says the same for users.
 */
import { convert, ConversionError } from '../../asmx/values.js';
import type { Case, NegativeCase } from '../../cases/case.js';
import { ASMX_ONLY_SCENARIO, getScenario, INVALID_SCENARIO } from '../../cases/negative.js';
import { keptLexicalErrors } from '../../cases/valid-values.js';
import { clientFindings } from '../../checks/client/findings.js';
import type { RunSettings } from '../../config/settings.js';
import { AUTH_PARAMS, getOperation, hasMobileKey, operations, SECRET_PLACEHOLDERS, SERVICE_PATH, type Operation } from '../../contract/index.js';
import { captureEntries, openCaptureSource, type CapturedEntry } from '../../traffic/read.js';
import type { ScenarioId } from '../../results/case-labels.js';
import type { ExchangeRecord } from '../../results/record.js';
import type { TrafficRef } from '../../results/traffic.js';
import { LEFT_OUT_SHOWN, LEFT_OUT_TEXT, type LeftOutKind, type TrafficSummary } from '../../traffic/summary.js';
import { TRANSPORT_IDS, type ObservedCall, type RequestReading, type TransportId } from '../../transports/index.js';

/** One captured call to send again: its case, over which transports, and where it came from. */
export interface TrafficRow {
  readonly ref: TrafficRef;
  readonly testCase: Case;
  readonly transports: readonly TransportId[];
}

interface LeftOut {
  readonly kind: LeftOutKind;
  readonly reason: string;
}

export type TrafficSettings = Pick<RunSettings, 'namespace' | 'operations' | 'transports' | 'trafficTransports'>;

const KNOWN = new Set(operations.map((o) => o.name));

/** The captured values of the contract's parameters, first occurrence kept, the authentication
 * parameters left to the run (authValues adds the run's own to every request). */
function valuesOf(op: Operation, call: ObservedCall): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of op.params) {
    if (AUTH_PARAMS.includes(p.name)) continue;
    const sent = call.params.find((s) => s.name === p.name);
    if (sent) values[p.name] = sent.value;
  }
  return values;
}

interface Defect {
  readonly scenario: ScenarioId;
  readonly param?: string;
}

/** The negative scenario a captured call's defect is, when the catalog has one (module header). */
function defectOf(op: Operation, call: ObservedCall, reading: RequestReading, transport: TransportId): Defect | undefined {
  const soap = transport === 'soap11' || transport === 'soap12';
  if (reading.soap?.notWellFormed) return { scenario: 'malformed-xml' };
  if (transport === 'soap12' && reading.mediaType === 'text/xml') return { scenario: 'soap12-envelope-as-soap11' };
  if (transport === 'soap11' && reading.mediaType === 'application/soap+xml') return { scenario: 'soap11-envelope-as-soap12' };
  for (const p of op.params) {
    // The secrets are the run's own (a capture holds placeholders there); repnumber is the client's value.
    if (p.name in SECRET_PLACEHOLDERS || p.type === 'str') continue;
    const sent = call.params.find((s) => s.name === p.name);
    if (sent === undefined) continue;
    if (keptLexicalErrors(p.type, sent.value).length > 0) return { scenario: invalidScenario(p.type, sent.value), param: p.name };
    try {
      convert(p, sent.value, soap ? 'soap' : 'http');
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
      return { scenario: ASMX_ONLY_SCENARIO[p.type], param: p.name };
    }
  }
  const names = new Set(call.params.map((s) => s.name));
  const missing = op.params.find((p) => !AUTH_PARAMS.includes(p.name) && !names.has(p.name));
  if (missing && !soap) return { scenario: 'missing-parameter', param: missing.name };
  if (hasMobileKey(op) && !names.has('mobilekey')) return { scenario: 'auth-missing-mobilekey' };
  return undefined;
}

/** The catalog's scenario closest to a value outside its type: an int's own three, else the type's. */
function invalidScenario(type: Exclude<Operation['params'][number]['type'], 'str'>, value: string): ScenarioId {
  if (type !== 'int') return INVALID_SCENARIO[type];
  if (value === '') return 'int-empty';
  return /^[+-]?\d+$/.test(value.trim()) ? 'int-out-of-range' : 'int-non-numeric';
}

/** The transports a call goes over: its own, or with `all` the four (of those --transports selects,
 * and of those its scenario applies to). A scenario of one transport (a SOAP 1.2 envelope sent as
 * SOAP 1.1) is that transport's. */
function transportsFor(settings: TrafficSettings, captured: TransportId, scenario: ScenarioId | undefined): TransportId[] {
  const applies = scenario ? getScenario(scenario).transports : TRANSPORT_IDS;
  const own = applies.includes(captured) ? [captured] : applies.length === 1 ? [...applies] : [];
  const wanted = settings.trafficTransports === 'all' ? applies : own;
  return TRANSPORT_IDS.filter((t) => wanted.includes(t) && settings.transports.includes(t));
}

/** The row a captured entry is, or why it is left out. */
export function trafficRow(settings: TrafficSettings, captured: CapturedEntry): TrafficRow | LeftOut {
  // Every client check, whatever --checks selects: they decide how the call is replayed.
  if ('unreadable' in captured) return { kind: 'unreadable', reason: captured.unreadable };
  const { call, reading, findings } = clientFindings(captured.request, { namespace: settings.namespace, servicePath: SERVICE_PATH });
  if (call.description) return { kind: 'description', reason: `${reading.method} ${reading.path}: a request for the service description, not a call` };
  if (call.transport === 'none') return { kind: 'not-a-call', reason: `${hostOf(captured.request.url)}${call.notTransport ?? 'not a call of this service'}` };
  if (call.operation === undefined || !KNOWN.has(call.operation)) return { kind: 'unknown-operation', reason: `${call.transport}: ${call.operation === undefined ? 'no operation could be read' : `"${call.operation}" is no operation of the contract`}` };
  if (!settings.operations.includes(call.operation)) return { kind: 'not-selected', reason: `${call.operation} is not among --operations` };
  const op = getOperation(call.operation);
  const clientErrors = findings.filter((f) => f.level === 'error').map((f) => f.check);
  // The client checks decide whether the call was invalid; its defect decides the scenario. Over GET
  // and POST a value outside its type is a warning of theirs (the spec calls those values text), yet
  // the target must refuse it all the same: a warning counts here too.
  const defect = findings.some((f) => f.level !== 'info') ? defectOf(op, call, reading, call.transport) : undefined;
  const transports = transportsFor(settings, call.transport, defect?.scenario);
  if (transports.length === 0) return { kind: 'not-selected', reason: `${call.operation} over ${call.transport}: the transport is not among --transports` };
  const ref: TrafficRef = { entry: captured.entry, ...(captured.startedDateTime ? { startedDateTime: captured.startedDateTime } : {}), captured: call.transport, ...(clientErrors.length > 0 ? { clientErrors } : {}) };
  const id = `entry-${captured.entry}-${op.name}`;
  const values = valuesOf(op, call);
  const testCase: Case = defect
    ? { id: `${id}-${defect.scenario}`, operation: op.name, kind: 'negative', scenario: defect.scenario, ...(defect.param ? { param: defect.param } : {}), values: defect.param ? { ...values, [defect.param]: paramValue(call, defect.param) } : values, transports } satisfies NegativeCase
    : { id, operation: op.name, kind: 'positive', values };
  return { ref, testCase, transports };
}

/** A spoiled parameter's captured value, an authentication parameter's too (repnumber "abc"). */
const paramValue = (call: ObservedCall, name: string): string => call.params.find((s) => s.name === name)?.value ?? '';

/** "host: " of an absolute URL (a browser's HAR holds every host's requests); never its query,
 * which may hold a GET call's sig. */
function hostOf(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url);
  return origin ? `${origin[1]}: ` : '';
}

/** Reads the capture in its order: each row to `onRow`, the tally of what was read at the end. */
export async function readTraffic(settings: TrafficSettings & { readonly traffic: string }, onRow: (row: TrafficRow) => void): Promise<TrafficSummary> {
  const source = openCaptureSource(settings.traffic);
  let entries = 0;
  let replayed = 0;
  const leftOutBy: Partial<Record<LeftOutKind, { count: number; first: Array<{ entry: number; reason: string }> }>> = {};
  for await (const captured of captureEntries(source)) {
    entries++;
    const row = trafficRow(settings, captured);
    if ('testCase' in row) {
      replayed++;
      onRow(row);
      continue;
    }
    const kind = (leftOutBy[row.kind] ??= { count: 0, first: [] });
    kind.count++;
    if (kind.first.length < LEFT_OUT_SHOWN) kind.first.push({ entry: captured.entry, reason: row.reason });
  }
  return { source: source.file, format: source.format, transports: settings.trafficTransports, entries, replayed, leftOut: entries - replayed, leftOutBy };
}

/** The rows of a capture, for the traffic suite (a row is a call's values: the responses and
 * headers of the capture are not kept). */
export async function trafficRows(settings: TrafficSettings & { readonly traffic: string }): Promise<TrafficRow[]> {
  const rows: TrafficRow[] = [];
  await readTraffic(settings, (row) => rows.push(row));
  return rows;
}

/** The records of a replayed call, each pointing back at its entry. */
export const withTrafficRef = (records: readonly ExchangeRecord[], ref: TrafficRef): ExchangeRecord[] => records.map((r) => ({ ...r, traffic: ref }));

/** One line for people: what the replay read and what it left out. */
export function trafficLine(s: TrafficSummary): string {
  const kinds = Object.entries(s.leftOutBy).map(([kind, v]) => `${v.count} ${LEFT_OUT_TEXT[kind as LeftOutKind]}`);
  return `Traffic: ${s.entries} entries read from ${s.source}, ${s.replayed} replayed over ${s.transports === 'all' ? 'all four transports' : 'their captured transport'} in captured order${kinds.length > 0 ? `, ${s.leftOut} left out (${kinds.join(', ')})` : ''}`;
}
