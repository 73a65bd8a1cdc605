/** Compares the outcomes of one case over several transports (plain data in, plain data out). */
import { diffChars } from 'diff';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';
import { classifyResults, type DifferenceClass } from './classify.js';
import { INHERENT, type TransportOutcome } from './inherent.js';
import { normalise, type NormalisationRule } from './normalise.js';

export interface DiffPart {
  readonly op: '=' | '-' | '+';
  readonly text: string;
}

export interface ParityDifference {
  readonly transport: TransportId;
  /** The transport it was compared with: one of the largest group of transports that agree. */
  readonly reference: TransportId;
  readonly class: DifferenceClass | 'rejection' | 'status-or-shape';
  readonly detail: string;
  /** Set when the difference is a behaviour of the ASMX platform itself (src/parity/inherent.ts). */
  readonly inherent?: { readonly id: string; readonly evidence: string };
  /** Character-level diff of the normalised result texts, long equal runs shortened. */
  readonly diff?: readonly DiffPart[];
}

export interface CompareOptions {
  readonly rules: readonly NormalisationRule[];
  /** Whether inherent ASMX behaviours are recognised (asmx, lenient) or count as defects (strict). */
  readonly recogniseInherent: boolean;
}

const CONTEXT = 24;

export function compactDiff(expected: string, actual: string): DiffPart[] {
  return diffChars(expected, actual).map((c): DiffPart => {
    const op = c.added ? '+' : c.removed ? '-' : '=';
    const text = op === '=' && c.value.length > 2 * CONTEXT ? `${c.value.slice(0, CONTEXT)}…${c.value.slice(-CONTEXT)}` : c.value;
    return { op, text };
  });
}

const firstLine = (s: string | null) => (s ?? '').split(/\r?\n/)[0]!.slice(0, 200);

function signature(o: TransportOutcome, rules: readonly NormalisationRule[]): string {
  // Rejections agree when both reject: each protocol reports errors in its own shape.
  return o.outcome === 'result' ? `result:${normalise(o.text ?? '', rules)}` : o.outcome;
}

export function compareOutcomes(outcomes: readonly TransportOutcome[], values: Readonly<Record<string, string>>, options: CompareOptions): ParityDifference[] {
  const groups = new Map<string, TransportOutcome[]>();
  for (const o of outcomes) {
    const key = signature(o, options.rules);
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  if (groups.size <= 1) return [];
  const order = (o: TransportOutcome) => TRANSPORT_IDS.indexOf(o.transport);
  const ranked = [...groups.values()].sort((a, b) => b.length - a.length || Math.min(...a.map(order)) - Math.min(...b.map(order)));
  const referenceGroup = ranked[0]!;
  const reference = [...referenceGroup].sort((a, b) => order(a) - order(b))[0]!;
  const differences: ParityDifference[] = [];
  for (const other of outcomes) {
    if (referenceGroup.includes(other)) continue;
    differences.push(describe(reference, other, values, options));
  }
  return differences;
}

function describe(ref: TransportOutcome, other: TransportOutcome, values: Readonly<Record<string, string>>, options: CompareOptions): ParityDifference {
  const base = { transport: other.transport, reference: ref.transport };
  if (ref.outcome === 'result' && other.outcome === 'result') {
    const expected = normalise(ref.text ?? '', options.rules);
    const actual = normalise(other.text ?? '', options.rules);
    const c = classifyResults(expected, actual) ?? { class: 'other' as const, detail: 'the texts differ' };
    return { ...base, class: c.class, detail: c.detail, diff: compactDiff(expected, actual) };
  }
  const inherent = options.recogniseInherent ? INHERENT.find((b) => b.matches(ref, other, values) || b.matches(other, ref, values)) : undefined;
  const extra = inherent ? { inherent: { id: inherent.id, evidence: inherent.evidence } } : {};
  if ((ref.outcome === 'result' && other.outcome === 'rejected') || (ref.outcome === 'rejected' && other.outcome === 'result')) {
    const [accepting, rejecting] = ref.outcome === 'result' ? [ref, other] : [other, ref];
    return { ...base, class: 'rejection', detail: `${rejecting.transport} rejects what ${accepting.transport} accepts (HTTP ${rejecting.status ?? '-'}: ${firstLine(rejecting.text)})`, ...extra };
  }
  return { ...base, class: 'status-or-shape', detail: `${other.transport}: ${other.outcome} (HTTP ${other.status ?? '-'}: ${firstLine(other.text)}); ${ref.transport}: ${ref.outcome}`, ...extra };
}
