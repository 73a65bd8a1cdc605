/**
 * The sequences of a run (engine/sequences/sequences.ts), step by step, for report.html: which entity, over
 * which transport, each step's operation, the ids it made or used, what the answer was (or why the
 * step was not sent) and what state-consistency (or, for the unknown-id probe, answers-agree) said. Kept as records arrive (the reporters keep no records): at most
 * MAX_SEQUENCES sequences, the others counted.
 */
import type { DataPathOutcome } from '../../results/data-path.js';
import type { ExchangeRecord } from '../../results/record.js';

export interface SequenceStepView {
  readonly step: number;
  readonly action: string;
  readonly operation: string;
  readonly caseId: string;
  readonly ids: Readonly<Record<string, string>>;
  readonly outcome?: DataPathOutcome;
  /** Why the step was not sent (its record's `skipped`, "not applicable: ..."). */
  readonly skipped?: string;
  /** state-consistency's verdict (answers-agree's on the unknown-id probe), when the step observed something: a failed one at level info is
   * inconclusive (the target never showed the relation), at level warning a broken one. */
  readonly observed?: { readonly status: string; readonly level?: string; readonly message?: string };
}

export interface SequenceView {
  readonly id: string;
  readonly name: string;
  readonly transport: string;
  readonly steps: SequenceStepView[];
}

export const MAX_SEQUENCES = 40;

export class SequenceTally {
  private readonly byId = new Map<string, SequenceView>();
  /** Sequences past MAX_SEQUENCES: counted, not shown. */
  more = 0;

  add(r: ExchangeRecord): void {
    const s = r.sequence;
    if (!s) return;
    let view = this.byId.get(s.id);
    if (!view) {
      if (this.byId.size >= MAX_SEQUENCES) {
        if (s.step === 1) this.more++;
        return;
      }
      view = { id: s.id, name: s.name, transport: r.transport, steps: [] };
      this.byId.set(s.id, view);
    }
    const check = r.checks.find((c) => c.id === 'state-consistency' || c.id === 'answers-agree');
    view.steps.push({
      step: s.step, action: s.action, operation: r.operation, caseId: r.caseId, ids: s.ids,
      ...(r.dataPath ? { outcome: r.dataPath } : {}),
      ...(r.skipped ? { skipped: r.skipped } : {}),
      ...(check ? { observed: { status: check.status, ...(check.level ? { level: check.level } : {}), ...(check.message ? { message: check.message } : {}) } } : {}),
    });
  }

  /** The sequences in id order, each with its steps in order. */
  sequences(): SequenceView[] {
    return [...this.byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((v) => ({ ...v, steps: [...v.steps].sort((a, b) => a.step - b.step) }));
  }
}
