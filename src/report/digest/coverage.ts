/**
 * What a run exercised, from its records alone (pure): per operation, transport and parameter the
 * value classes sent, and the negative scenarios tried. Fuzz records carry the classes of every
 * generated sample (FuzzInfo.coverage); other records count the values they sent.
 */
import { AUTH_PARAMS, operations, type Operation, type SoapType } from '../../contract/index.js';
import type { ExchangeRecord } from '../../results/record.js';
import { TRANSPORT_IDS, type TransportId } from '../../transports/index.js';
import { APPLICABLE, classifyValue, VALUE_CLASSES } from '../../cases/value-classes.js';
import type { ValueClass } from '../../results/case-labels.js';

export type ClassCounts = Partial<Record<ValueClass, number>>;

export interface ParamCoverage {
  readonly name: string;
  readonly type: SoapType;
  /** Classes sent over each transport, with how many values of each. */
  readonly byTransport: Readonly<Record<TransportId, ClassCounts>>;
  /** Applicable classes sent over at least one transport. */
  readonly covered: readonly ValueClass[];
  readonly applicable: readonly ValueClass[];
}

export interface OperationCoverage {
  readonly operation: string;
  readonly params: readonly ParamCoverage[];
  /** Negative scenarios sent over each transport (with the parameter they spoiled). */
  readonly scenarios: Readonly<Record<TransportId, readonly string[]>>;
  /** Requests sent: hand-picked valid cases, negative cases and fuzzed samples (all transports). */
  readonly requests: { readonly positive: number; readonly negative: number; readonly fuzz: number };
  readonly covered: number;
  readonly applicable: number;
}

/** Parameters whose values a run chooses: authentication comes from configuration (a spoiled
 * repnumber shows among the scenarios). */
const shownParams = (op: Operation) => op.params.filter((p) => !AUTH_PARAMS.includes(p.name));

function add(counts: ClassCounts, classes: Readonly<ClassCounts>): void {
  for (const [c, n] of Object.entries(classes) as Array<[ValueClass, number]>) counts[c] = (counts[c] ?? 0) + n;
}

/** The classes of the values seen, by type and value: a case's repetitions (--repeat) send its
 * values again, and classifying each anew was most of this tally's time (issue 61). Bounded, as a
 * replayed capture's values may all differ, and a long value is classified each time rather than held. */
const seenCounts = new Map<string, Readonly<ClassCounts>>();
const SEEN_VALUES = 10_000;

const SEEN_CHARS = 256;

function countsOf(type: SoapType, value: string): Readonly<ClassCounts> {
  if (value.length > SEEN_CHARS) return Object.fromEntries(classifyValue(type, value).map((c) => [c, 1]));
  const key = `${type} ${value}`;
  let counts = seenCounts.get(key);
  if (!counts) {
    if (seenCounts.size >= SEEN_VALUES) seenCounts.clear();
    seenCounts.set(key, (counts = Object.fromEntries(classifyValue(type, value).map((c) => [c, 1]))));
  }
  return counts;
}

export function coverageOf(records: readonly ExchangeRecord[]): OperationCoverage[] {
  const tally = new CoverageTally();
  for (const r of records) tally.add(r);
  return tally.coverage();
}

interface OperationTally {
  readonly params: ReturnType<typeof shownParams>;
  readonly table: Map<string, Record<TransportId, ClassCounts>>;
  readonly scenarios: Record<TransportId, Set<string>>;
  readonly requests: { positive: number; negative: number; fuzz: number };
}

/** Coverage counted a record at a time: the run digest keeps these counts, not the records. */
export class CoverageTally {
  private readonly byOperation = new Map<string, OperationTally>(operations.map((op) => {
    const params = shownParams(op);
    return [op.name, {
      params,
      table: new Map(params.map((p) => [p.name, Object.fromEntries(TRANSPORT_IDS.map((t) => [t, {} as ClassCounts])) as Record<TransportId, ClassCounts>])),
      scenarios: Object.fromEntries(TRANSPORT_IDS.map((t) => [t, new Set<string>()])) as Record<TransportId, Set<string>>,
      requests: { positive: 0, negative: 0, fuzz: 0 },
    }];
  }));

  add(r: ExchangeRecord): void {
    const op = this.byOperation.get(r.operation);
    if (!op || r.skipped || !TRANSPORT_IDS.includes(r.transport as TransportId)) return;
    const { params, table, scenarios, requests } = op;
    const t = r.transport as TransportId;
    if (r.kind === 'fuzz' && r.fuzz?.coverage) {
      requests.fuzz += r.fuzz.samples ?? r.fuzz.runs;
      for (const [name, counts] of Object.entries(r.fuzz.coverage)) if (table.has(name)) add(table.get(name)![t], counts);
      return;
    }
    if (r.kind === 'negative') {
      requests.negative++;
      if (r.scenario) scenarios[t].add(r.param ? `${r.scenario}(${r.param})` : r.scenario);
      // Only the spoiled parameter says something about coverage; the rest is the example case.
      const p = params.find((q) => q.name === r.param);
      if (p && r.scenario !== 'missing-parameter' && r.values?.[p.name] !== undefined) add(table.get(p.name)![t], countsOf(p.type, r.values[p.name]!));
      return;
    }
    if (r.kind === 'positive' || r.kind === 'fuzz') {
      requests[r.kind]++;
      for (const p of params) if (r.values?.[p.name] !== undefined) add(table.get(p.name)![t], countsOf(p.type, r.values[p.name]!));
    }
  }

  coverage(): OperationCoverage[] {
    return operations.map((op) => {
      const { params, table, scenarios, requests } = this.byOperation.get(op.name)!;
      const paramCoverage = params.map((p): ParamCoverage => {
        const byTransport = table.get(p.name)!;
        const applicable = APPLICABLE[p.type];
        const covered = applicable.filter((c) => TRANSPORT_IDS.some((t) => (byTransport[t][c] ?? 0) > 0));
        return { name: p.name, type: p.type, byTransport, covered, applicable };
      });
      return {
        operation: op.name,
        params: paramCoverage,
        scenarios: Object.fromEntries(TRANSPORT_IDS.map((t) => [t, [...scenarios[t]].sort()])) as Record<TransportId, string[]>,
        requests: { ...requests },
        covered: paramCoverage.reduce((n, p) => n + p.covered.length, 0),
        applicable: paramCoverage.reduce((n, p) => n + p.applicable.length, 0),
      };
    });
  }
}

/** The coverage block of results.json: per operation, the requests sent and, per parameter, the
 * value classes sent (summed over transports) and those its type admits that were never sent. */
export function coverageSummary(coverage: readonly OperationCoverage[]) {
  return Object.fromEntries(coverage.map((op) => [op.operation, {
    requests: op.requests,
    covered: op.covered,
    applicable: op.applicable,
    params: Object.fromEntries(op.params.map((p) => {
      const summed: ClassCounts = {};
      for (const t of TRANSPORT_IDS) add(summed, p.byTransport[t]);
      // In VALUE_CLASSES' order, not the order the classes were first met as records arrived.
      const sent: ClassCounts = Object.fromEntries(VALUE_CLASSES.filter((c) => summed[c] !== undefined).map((c) => [c, summed[c]]));
      return [p.name, { type: p.type, sent, neverSent: p.applicable.filter((c) => !p.covered.includes(c)) }];
    })),
    scenarios: op.scenarios,
  }]));
}
