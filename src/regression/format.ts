/**
 * The baseline file set written by `run --record DIR` and read by `run --baseline DIR`:
 *
 *   DIR/manifest.json    format version, tool version, settings (redacted), seed, counts
 *   DIR/cases.jsonl      one line per case: id, operation, kind, typed wire values, fuzz seed/path
 *   DIR/responses.jsonl  one line per exchange: case id, transport, decoded answer
 *
 * Line-oriented so a run streams it to disk as it goes, and a reader (or `grep`) needs no more
 * than a line at a time. Values are the case's non-secret wire values; authentication is added per
 * request, and result texts are redacted like every report.
 */
import { transportOutcomeOf } from '../results/outcome-of-record.js';
import type { ExchangeRecord } from '../results/record.js';
import type { TransportId } from '../transports/index.js';
import type { ScenarioId } from '../results/case-labels.js';
import type { BaselineAnswer } from '../results/transport-outcome.js';

/** Bumped when a reader of an older version could misread the files. */
export const BASELINE_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const CASES = 'cases.jsonl';
export const RESPONSES = 'responses.jsonl';

export interface BaselineManifest {
  readonly format: 'tsiws-baseline';
  readonly formatVersion: number;
  readonly tool: { readonly name: string; readonly version: string };
  readonly target: string;
  readonly startedAt: string;
  readonly seed: number;
  readonly settings: Record<string, unknown>;
  /** False while the run is recording; a baseline whose run was interrupted stays incomplete. */
  readonly complete: boolean;
  readonly counts?: { readonly cases: number; readonly responses: number };
}

/** One case as it was sent: enough to build the same requests again. */
export interface BaselineCase {
  readonly id: string;
  readonly operation: string;
  /** 'fuzz': generated values; each transport's case is re-derived from them (engine/fuzz/fuzz.ts caseFor). */
  readonly kind: 'positive' | 'negative' | 'fuzz';
  readonly values: Readonly<Record<string, string>>;
  readonly scenario?: ScenarioId;
  readonly param?: string;
  readonly fuzz?: { readonly seed: number; readonly path?: string };
}

/** The exchanges a baseline records: not parity or service records, and not the steps of a
 * sequence (engine/sequences/sequences.ts), whose requests name what earlier steps made: a replay sending
 * them one by one would update and delete records that the fresh copy's steps never made. */
export const isExchange = (r: ExchangeRecord): boolean => r.kind !== 'parity' && r.kind !== 'service' && r.kind !== 'reference' && r.transport !== 'parity' && r.transport !== 'wsdl' && r.sequence === undefined;

export function baselineCaseOf(r: ExchangeRecord): BaselineCase {
  const fuzz = r.kind === 'fuzz';
  return {
    id: r.caseId,
    operation: r.operation,
    kind: fuzz ? 'fuzz' : (r.kind as 'positive' | 'negative'),
    values: r.values ?? {},
    ...(!fuzz && r.scenario ? { scenario: r.scenario } : {}),
    ...(!fuzz && r.param ? { param: r.param } : {}),
    ...(r.fuzz ? { fuzz: { seed: r.fuzz.seed, ...(r.fuzz.path ? { path: r.fuzz.path } : {}) } } : {}),
  };
}

/** A rejection's message is kept for the reader, not compared (its fault code is): an excerpt will do. */
const MESSAGE_EXCERPT = 500;

export function answerOf(r: ExchangeRecord): BaselineAnswer {
  const base = { case: r.caseId, transport: r.transport as TransportId };
  if (r.skipped) return { ...base, outcome: 'skipped', status: null, contentType: null, text: null };
  const o = transportOutcomeOf(r);
  const contentType = Object.entries(r.response?.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? null;
  const text = o.outcome === 'result' || o.text === null ? o.text : o.text.slice(0, MESSAGE_EXCERPT);
  return { ...base, outcome: o.outcome, status: o.status, contentType, text, ...(r.result?.kind === 'fault' ? { faultCode: r.result.code } : {}) };
}
