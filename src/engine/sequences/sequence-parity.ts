/**
 * Transport parity over the sequences (issue 49). Each sequence runs once per transport, each in a
 * lane of its own, so no case compares them: the same create, update and delete over SOAP 1.2
 * leaving a record its read shows otherwise than over SOAP 1.1 (a transport that trims or decodes
 * text its own way before storing it) is a state-consistency finding on one transport only. Kept
 * here in the main process as the records arrive (a few per sequence step, never an answer's text),
 * and compared once the run is done: where a step's observation held on one transport and broke on
 * another, one parity record says so. A warning, as state-consistency's own verdicts are: which read
 * shows an entity is learned from the target, not stated by the spec.
 */
import type { CheckOutcome } from '../../results/check-outcome.js';
import type { ExchangeRecord } from '../../results/record.js';

/** One transport's observation at one step of one sequence. */
interface Seen {
  readonly held: boolean;
  readonly message: string;
  readonly record: ExchangeRecord;
}

const STATE_CONSISTENCY = 'state-consistency';
const TRANSPORT_PARITY = 'transport-parity';

/** The sequence's name, repetition and step action: the same on every transport. */
function stepKey(r: ExchangeRecord): string | undefined {
  const s = r.sequence;
  if (!s) return undefined;
  const repetition = /-r(\d+)$/.exec(s.id)?.[1] ?? '1';
  return `${s.name}\u0000${repetition}\u0000${s.action}`;
}

export class SequenceParity {
  private readonly steps = new Map<string, Map<string, Seen>>();

  add(r: ExchangeRecord): void {
    if (r.transport === 'parity' || r.transport === 'wsdl') return;
    const key = stepKey(r);
    const judged = r.checks.find((c) => c.id === STATE_CONSISTENCY && (c.status === 'passed' || (c.status === 'failed' && c.level !== 'info')));
    if (key === undefined || !judged) return;
    const seen = this.steps.get(key) ?? new Map<string, Seen>();
    this.steps.set(key, seen);
    // The record is kept without its answer: the parity record names the request, not the texts.
    const { response: _r, result: _t, ...kept } = r;
    seen.set(r.transport, { held: judged.status === 'passed', message: judged.message ?? '', record: kept as ExchangeRecord });
  }

  /** A parity record for every step whose observation held on a transport and broke on another. */
  records(): ExchangeRecord[] {
    const out: ExchangeRecord[] = [];
    for (const [key, seen] of this.steps) {
      const held = [...seen].filter(([, s]) => s.held).map(([t]) => t);
      const broken = [...seen].filter(([, s]) => !s.held);
      if (held.length === 0 || broken.length === 0) continue;
      const [name, repetition, action] = key.split('\u0000') as [string, string, string];
      const [, first] = broken[0]!;
      const check: CheckOutcome = {
        id: TRANSPORT_PARITY, status: 'failed', level: 'warning',
        message: broken.map(([t, s]) => `${t} differs from ${held[0]}: the ${name} sequence's "${action}" step held over ${held.join(', ')} and not over ${t}: ${s.message}`).join('\n'),
      };
      const { sequence, operation, request } = first.record;
      out.push({
        operation, transport: 'parity', kind: 'parity', request, checks: [check],
        caseId: `${name}-sequence${repetition === '1' ? '' : `-r${repetition}`}-${action.replace(/ /g, '-')}-parity`,
        ...(sequence ? { sequence: { ...sequence, id: `${name}-sequence-parity` } } : {}),
        ...(first.record.values ? { values: first.record.values } : {}),
      });
    }
    return out;
  }
}
