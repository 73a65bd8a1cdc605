/**
 * The run's verdict against a reference deployment (issue 38, `run --reference-url`), counted a
 * record at a time as the records stream in. Diffy's rule: a field the reference's own answers
 * differed in is noise for the operation, over every transport and the whole run, so a difference
 * seen early is judged only at the end, once all the noise is known. Memory stays bounded: per
 * operation and transport, counts, one example per field, and how many exchanges differed in each
 * distinct set of fields (never the records).
 */
import { isQueryLengthRefusal, REQUEST_VALIDATION } from '../profiles/host-rejection.js';
import { operationNoise } from './operation-noise.js';
import type { ExchangeRecord, RecordedRequest } from '../results/record.js';
import { OUTCOME_FIELD, type FieldDifference, type FieldPath, type FieldTally, type ReferenceCounts, type ReferenceInfo, type ReferenceSummary } from '../results/reference.js';
import { transportOutcomeOf } from '../results/outcome-of-record.js';

/** The verdict on one operation over one transport, with the request that shows its first difference. */
export interface ReferenceVerdict {
  readonly operation: string;
  readonly transport: string;
  readonly summary: ReferenceSummary;
  /** The example case: that of the most frequent difference, else the first exchange compared. */
  readonly caseId: string;
  readonly request: RecordedRequest;
  /** Why none of the cell's exchanges was compared (the first reason given), when none was. */
  readonly notCompared?: string;
}

interface Counted {
  different: number;
  readonly example: FieldDifference & { readonly caseId: string };
  readonly request: RecordedRequest;
}

interface Cell {
  readonly operation: string;
  readonly transport: string;
  compared: number;
  /** Exchanges per set of differing fields (sorted, joined by SEPARATOR, EXPLAINED last); an empty key for none. */
  readonly bySet: Map<string, number>;
  readonly fields: Map<FieldPath, Counted>;
  readonly explained: Map<FieldPath, Counted>;
  readonly first: { readonly caseId: string; readonly request: RecordedRequest };
  notCompared?: string;
}

const SEPARATOR = '\u0000';
/** Marks a set whose exchange also had an outcome difference the profile explains. */
const EXPLAINED = '\u0001explained';

export interface TallyOptions {
  /** The profile recognises a host's own refusal as ASMX behaviour (profiles/host-rejection.ts):
   * asmx and lenient do, strict does not. */
  readonly hostRejections: boolean;
}

export class ReferenceTally {
  private readonly cells = new Map<string, Cell>();
  /** Per operation, the fields its reference answers differed in, with how often. */
  private readonly noise = new Map<string, Map<FieldPath, number>>();
  /** Operations the reference answered more than once at least once: only they learn noise of
   * their own. A create, update or delete is asked once without a secondary reference. */
  private readonly askedAgain = new Set<string>();

  constructor(private readonly options: TallyOptions = { hostRejections: true }) {}

  add(r: ExchangeRecord): void {
    const info = exchangeSide(r);
    if (!info) return;
    const cell = this.cellOf(r);
    if (!wasCompared(info)) {
      cell.notCompared ??= info.notCompared ?? 'the reference did not answer';
      return;
    }
    if (info.answers.length > 1) this.askedAgain.add(r.operation);
    const noise = this.noiseOf(r.operation);
    for (const field of new Set(info.noise)) noise.set(field, (noise.get(field) ?? 0) + 1);
    this.countInto(cell, r);
  }

  /** One exchange judged as if it were its cell's only one, by the noise learned so far: a fuzz
   * sample is a counterexample when it differs beyond it (engine/reference/fuzz-reference.ts), long before
   * the run's noise is all known. Undefined when the exchange was not compared. The tally itself
   * is left as it was: add() the exchange first for its own noise to count. */
  judgeAlone(r: ExchangeRecord): ReferenceVerdict | undefined {
    const info = exchangeSide(r);
    if (!info || !wasCompared(info)) return undefined;
    const cell = newCell(r);
    this.countInto(cell, r);
    return this.verdictOf(cell);
  }

  private countInto(cell: Cell, r: ExchangeRecord): void {
    const info = r.reference!;
    cell.compared++;
    const explained = info.differences.find((d) => d.field === OUTCOME_FIELD && this.refusedByHostOnOneSide(r));
    const differing = info.differences.filter((d) => d !== explained);
    for (const d of differing) count(cell.fields, d, r);
    if (explained) count(cell.explained, explained, r);
    const key = [...new Set(differing.map((d) => d.field))].sort().concat(explained ? [EXPLAINED] : []).join(SEPARATOR);
    cell.bySet.set(key, (cell.bySet.get(key) ?? 0) + 1);
  }

  /** One verdict per operation and transport whose records carried the reference's side. */
  verdicts(): ReferenceVerdict[] {
    return [...this.cells.values()].map((cell) => this.verdictOf(cell));
  }

  /** results.json `summary.reference`: the verdicts' counts over the whole run. */
  counts(url: string): ReferenceCounts {
    const totals = { url, compared: 0, same: 0, noise: 0, different: 0 };
    for (const { summary } of this.verdicts()) {
      totals.compared += summary.compared;
      totals.same += summary.same;
      totals.noise += summary.noise;
      totals.different += summary.different;
    }
    return totals;
  }

  private verdictOf(cell: Cell): ReferenceVerdict {
    const { fields: learned, fromOtherOperations: elsewhere } = operationNoise(cell.operation, this.noise, this.askedAgain);
    const tallies = (fields: Map<FieldPath, Counted>) => [...fields]
      .filter(([field]) => !learned.has(field))
      .map(([field, c]): FieldTally & { request: RecordedRequest } => ({ field, different: c.different, compared: cell.compared, example: c.example, request: c.request }))
      .sort((a, b) => b.different - a.different);
    const differences = tallies(cell.fields);
    const explained = tallies(cell.explained);
    let same = 0;
    let noise = 0;
    let different = 0;
    for (const [key, n] of cell.bySet) {
      const fields = key === '' ? [] : key.split(SEPARATOR);
      if (fields.some((f) => f !== EXPLAINED && !learned.has(f))) different += n;
      // An outcome the profile explains is no difference beyond noise: counted with the noise.
      else if (fields.length > 0) noise += n;
      else same += n;
    }
    const example = differences[0] ?? explained[0];
    const summary: ReferenceSummary = {
      compared: cell.compared, same, noise, different,
      noiseFields: [...learned].map(([field, times]) => ({ field, times })).sort((a, b) => b.times - a.times || a.field.localeCompare(b.field)),
      differences: differences.map(withoutRequest),
      explained: explained.map(withoutRequest),
      ...(elsewhere ? { noiseFromOtherOperations: true as const } : {}),
    };
    return {
      operation: cell.operation, transport: cell.transport, summary,
      caseId: example?.example.caseId ?? cell.first.caseId,
      request: example?.request ?? cell.first.request,
      ...(cell.compared === 0 && cell.notCompared !== undefined ? { notCompared: cell.notCompared } : {}),
    };
  }

  private cellOf(r: ExchangeRecord): Cell {
    const key = `${r.operation} ${r.transport}`;
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = newCell(r)));
    return cell;
  }

  private noiseOf(operation: string): Map<FieldPath, number> {
    let fields = this.noise.get(operation);
    if (!fields) this.noise.set(operation, (fields = new Map()));
    return fields;
  }

  /** Exactly one side's answer is a host's refusal (request validation, query length) that the
   * profile recognises: GET and POST only, as profiles/host-rejection.ts recognises them. */
  private refusedByHostOnOneSide(r: ExchangeRecord): boolean {
    if (!this.options.hostRejections || (r.transport !== 'get' && r.transport !== 'post')) return false;
    const queryLength = r.transport === 'get' ? new URLSearchParams(r.values ?? {}).toString().length : 0;
    const refused = (status: number | null, text: string | null) => REQUEST_VALIDATION.test(text ?? '') || (r.transport === 'get' && isQueryLengthRefusal(status, text ?? '', queryLength));
    const candidate = transportOutcomeOf(r);
    // A passing record is compacted (its body dropped): its data-path outcome still says the host refused it.
    const candidateRefused = (r.dataPath === 'refused' && !r.error) || refused(candidate.status, candidate.text);
    const primary = r.reference!.answers[0]!;
    return candidateRefused !== refused(primary.status, primary.text);
  }
}

/** The reference's side of an exchange (parity records and earlier verdicts have none of their own). */
const exchangeSide = (r: ExchangeRecord): ReferenceInfo | undefined => (r.kind === 'reference' || r.kind === 'parity' || r.transport === 'parity' ? undefined : r.reference);
const wasCompared = (info: ReferenceInfo): boolean => info.notCompared === undefined && info.answers.length > 0;

const newCell = (r: ExchangeRecord): Cell =>
  ({ operation: r.operation, transport: r.transport, compared: 0, bySet: new Map(), fields: new Map(), explained: new Map(), first: { caseId: r.caseId, request: r.request } });

function count(fields: Map<FieldPath, Counted>, d: FieldDifference, r: ExchangeRecord): void {
  const counted = fields.get(d.field);
  if (counted) counted.different++;
  else fields.set(d.field, { different: 1, example: { ...d, caseId: r.caseId }, request: r.request });
}

const withoutRequest = ({ request: _request, ...tally }: FieldTally & { request: RecordedRequest }): FieldTally => tally;
