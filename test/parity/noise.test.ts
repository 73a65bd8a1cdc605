/** Parity excuses noise (issue 38): transports whose results differ only in fields known to differ
 * anyway (a baseline's noise, or where the reference's own answers differ) agree; the parity
 * record names the noise it excused. Records built by hand: the engine fills `reference` for real. */
import { describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { parityRecord, referenceNoise } from '../../src/engine/exchange/parity.js';
import { keepParsedAnswers, takeParsedAnswers } from '../../src/engine/reference/reference.js';
import { fieldsOf } from '../../src/parity/fields.js';
import { compareOutcomes, excusedNoise } from '../../src/parity/compare.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import type { ReferenceAnswer } from '../../src/results/reference.js';
import type { TransportId } from '../../src/transports/index.js';

const text = (id: number, stamp: string) => `{"ok":true,"id":${id},"servedAt":"${stamp}"}`;
const result = (transport: TransportId, body: string) => ({ transport, status: 200, outcome: 'result' as const, text: body });
const asked = (body: string, side: ReferenceAnswer['side'] = 'primary'): ReferenceAnswer => ({ side, status: 200, outcome: 'result', text: body });

function record(transport: TransportId, body: string, answers: readonly ReferenceAnswer[] = []): ExchangeRecord {
  return {
    operation: 'MobileAccountSearch', transport, caseId: 'MobileAccountSearch-valid', kind: 'positive', values: {},
    request: { method: 'POST', url: 'http://x/tsiWS.asmx', headers: {}, curl: 'curl' },
    response: { status: 200, headers: {}, body, bodyBytes: body.length, truncated: false, elapsedMs: 1 },
    result: { kind: 'result', text: body } as ExchangeRecord['result'],
    checks: [],
    ...(answers.length > 0 ? { reference: { answers, fields: 0, differences: [], noise: [] } } : {}),
  };
}

describe('compareOutcomes with noise', () => {
  const outcomes = [result('soap11', text(1, 'a')), result('soap12', text(1, 'b')), result('get', text(1, 'c'))];
  const options = { rules: [], recogniseInherent: true };

  test('results differing only in noise fields agree, and the excused noise is named', () => {
    expect(compareOutcomes(outcomes, {}, options).map((d) => d.transport)).toEqual(['soap12', 'get']);
    expect(compareOutcomes(outcomes, {}, { ...options, noise: ['$.servedAt'] })).toEqual([]);
    expect(excusedNoise(outcomes, { ...options, noise: ['$.servedAt', '$.other'] })).toEqual(['$.servedAt']);
  });

  test('a difference beyond the noise is still one', () => {
    const odd = [...outcomes, result('post', text(2, 'd'))];
    expect(compareOutcomes(odd, {}, { ...options, noise: ['$.servedAt'] }).map((d) => d.transport)).toEqual(['post']);
  });
});

describe('parityRecord', () => {
  test('a run with a reference: the fields the reference\'s answers differ in, over all transports and askings, are excused', () => {
    const records = (['soap11', 'get'] as const).map((t, i) => record(t, text(1, `c${i}`), [asked(text(1, `r${i}`)), asked(text(1, `r${i}x`), 'again')]));
    expect(referenceNoise(DEFAULTS, records)).toEqual(['$.servedAt']);
    const parity = parityRecord(DEFAULTS, records)!;
    expect(parity.checks).toEqual([expect.objectContaining({ id: 'transport-parity', status: 'passed' })]);
    expect(parity.parity!.noise).toEqual(['$.servedAt']);
  });

  test('without a reference, the same records differ', () => {
    const parity = parityRecord(DEFAULTS, (['soap11', 'get'] as const).map((t, i) => record(t, text(1, `c${i}`))))!;
    expect(parity.checks).toEqual([expect.objectContaining({ id: 'transport-parity', status: 'failed' })]);
    expect(parity.parity!.noise).toBeUndefined();
  });

  test('a baseline\'s noise, given, is excused; a reference that answered the same each time excuses nothing', () => {
    const stable = (['soap11', 'get'] as const).map((t, i) => record(t, text(1, `c${i}`), [asked(text(1, 'r')), asked(text(1, 'r'), 'again')]));
    expect(parityRecord(DEFAULTS, stable)!.checks[0]).toMatchObject({ status: 'failed' });
    const replayed = parityRecord(DEFAULTS, stable, undefined, ['$.servedAt'])!;
    expect(replayed.checks[0]).toMatchObject({ status: 'passed' });
    expect(replayed.parity!.noise).toEqual(['$.servedAt']);
  });

  test('the reference\'s answers as the exchanges\' comparisons parsed them are reused, then dropped with the case', () => {
    // The reference answered the same everywhere (laid out otherwise over get): parsed from the texts, nothing is noise.
    const said = { soap11: text(1, 'r'), get: text(1, 'r').replaceAll(',', ', ') };
    const records = (['soap11', 'get'] as const).map((t, i) => record(t, text(1, `c${i}`), [asked(said[t]), asked(said[t], 'again')]));
    // Kept fields stand for the texts: these differ in servedAt between the transports.
    const keep = () => records.forEach((r) => keepParsedAnswers(r, r.reference!.answers, new Map([[said[r.transport as 'get'], fieldsOf(text(1, r.transport))]])));
    keep();
    expect(referenceNoise(DEFAULTS, records, takeParsedAnswers(records))).toEqual(['$.servedAt']);
    // Taken once: the texts are parsed again.
    expect(takeParsedAnswers(records).size).toBe(0);
    expect(referenceNoise(DEFAULTS, records)).toEqual([]);
    keep();
    const parity = parityRecord(DEFAULTS, records)!;
    expect(parity.checks[0]).toMatchObject({ status: 'passed' });
    expect(parity.parity!.noise).toEqual(['$.servedAt']);
    expect(parityRecord(DEFAULTS, records)!.checks[0]).toMatchObject({ status: 'failed' });
    // Taken whether or not there is a parity record to make.
    keep();
    expect(parityRecord({ ...DEFAULTS, skipChecks: ['transport-parity'] }, records)).toBeUndefined();
    expect(takeParsedAnswers(records).size).toBe(0);
  });

  test('an answer recorded clipped is not kept: parity reads the recorded text, not the one compared', () => {
    const r = record('soap11', text(1, 'c'), [asked(`${text(1, 'r')}… (9 more characters)`)]);
    keepParsedAnswers(r, r.reference!.answers, new Map([[text(1, 'r'), fieldsOf(text(1, 'r'))]]));
    expect(takeParsedAnswers([r]).size).toBe(0);
  });
});
