/** How long a text the target takes (src/engine/learn/length-probe.ts). */
import { describe, expect, test } from 'vitest';
import { getOperation } from '../../../src/contract/index.js';
import { probedParam, probeText, probeTextLength, textCeiling, type ProbeOutcome } from '../../../src/engine/learn/length-probe.js';
import { FuzzConstraints } from '../../../src/engine/fuzz/fuzz-constraints.js';

const op = getOperation('MobileAccountSearch');
const param = probedParam(op)!;

/** A target whose column holds `limit` characters; `answer` says how it refuses a longer text. */
function target(limit: number, answer: (chars: number) => ProbeOutcome = (chars) => ({ ok: false, business: true, text: `${param} is longer than ${limit} characters (${chars})` })) {
  const sent: number[] = [];
  const send = async (values: Record<string, string>): Promise<ProbeOutcome> => {
    const chars = values[param]!.length;
    sent.push(chars);
    return chars <= limit ? { ok: true, business: false, text: '{"ok":true}' } : answer(chars);
  };
  return { sent, send };
}

describe('the length probe', () => {
  test('probes a free-text parameter of a read: no id, no date or flag, no authentication', () => {
    expect(param).toBe('accountname');
    expect(probedParam(getOperation('MobileOpportunitySummary'))).toBeUndefined();
    expect(probeText(1000)).toHaveLength(1000);
    expect(probeText(1000)).not.toMatch(/[<>&]|\s$/);
  });

  test('halves from the longest while refused for that parameter: the longest taken and the shortest refused', async () => {
    const t = target(1000);
    expect(await probeTextLength(op, {}, 2000, 3, t.send)).toEqual({ operation: op.name, param, refused: 2000, accepted: 1000 });
    expect(t.sent).toEqual([2000, 1000]);
    const tight = target(300);
    expect(await probeTextLength(op, {}, 2000, 3, tight.send)).toEqual({ operation: op.name, param, refused: 500 });
    expect(tight.sent).toEqual([2000, 1000, 500]);
  });

  test('learns nothing from a target that takes the longest, nor from a refusal that is a crash or names no parameter', async () => {
    expect(await probeTextLength(op, {}, 2000, 3, target(4000).send)).toBeUndefined();
    const crash = target(1000, () => ({ ok: false, business: false, text: 'System.NullReferenceException' }));
    expect(await probeTextLength(op, {}, 2000, 3, crash.send)).toBeUndefined();
    const vague = target(1000, () => ({ ok: false, business: true, text: 'request too large' }));
    expect(await probeTextLength(op, {}, 2000, 3, vague.send)).toBeUndefined();
    expect(await probeTextLength(getOperation('MobileAccountUpdate'), {}, 2000, 3, target(1000).send)).toBeUndefined();
  });

  test('the fuzzer cuts long texts to the longest taken (else half the shortest refused) from its first sample', () => {
    expect(textCeiling({ operation: op.name, param, refused: 2000, accepted: 1000 })).toBe(1000);
    expect(textCeiling({ operation: op.name, param, refused: 300 })).toBe(256);
    const good = (p: string) => ({ values: { [p]: 'good' }, from: 'valid case' as const });
    const c = new FuzzConstraints(op, good, undefined, [], { operation: op.name, param, refused: 2000, accepted: 1000 });
    expect(c.lengthCeiling()).toEqual({ chars: 1000, after: 0 });
    const cut = Array.from({ length: 40 }, (_, i) => c.apply({ accountname: `${i}`.padEnd(1800, 'y') }));
    expect(cut.filter((v) => v.accountname!.length === 1000).length).toBeGreaterThan(35);
    // Against a target without data (no known-good values) nothing is cut: the echo's samples stay as drawn.
    expect(new FuzzConstraints(op, undefined, undefined, [], { operation: op.name, param, refused: 2000 }).lengthCeiling()).toBeUndefined();
  });
});
