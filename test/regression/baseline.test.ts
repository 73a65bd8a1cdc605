/** The baseline file set: what the writer writes is what the reader reads; damage is named. */
import { mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ExchangeRecord } from '../../src/results/record.js';
import { readBaseline } from '../../src/regression/baseline.js';
import { BaselineWriter } from '../../src/regression/baseline-writer.js';
import { casesToReplay, replayedCase } from '../../src/engine/replay/baseline-replay.js';
import { DEFAULTS } from '../../src/config/settings.js';

const request = { method: 'POST', url: 'http://x/api/rmm/tsiWS.asmx', headers: {}, curl: 'curl x' };
const response = (status: number, contentType: string) => ({ status, headers: { 'content-type': contentType }, body: '', bodyBytes: 0, truncated: false, elapsedMs: 1 });
const exchange = (over: Partial<ExchangeRecord>): ExchangeRecord => ({
  operation: 'MobileContactSearch', transport: 'soap11', caseId: 'MobileContactSearch-example', kind: 'positive',
  values: { firstname: 'a', lastname: 'b', telephone: 'c', email: 'd', repnumber: '1' }, request, checks: [], ...over,
});

const records: ExchangeRecord[] = [
  exchange({ response: response(200, 'text/xml; charset=utf-8'), result: { kind: 'result', text: '{"x":1}' } }),
  exchange({ transport: 'get', response: response(200, 'text/xml; charset=utf-8'), result: { kind: 'result', text: '{"x":1}' } }),
  // The same exchange seen twice (a fuzz sample and the property's reported record) is kept once.
  exchange({ transport: 'get', response: response(200, 'text/xml; charset=utf-8'), result: { kind: 'result', text: '{"x":1}' } }),
  exchange({ caseId: 'MobileContactSearch-int-non-numeric-repnumber', kind: 'negative', scenario: 'int-non-numeric', param: 'repnumber', transport: 'soap12',
    response: response(500, 'application/soap+xml; charset=utf-8'), result: { kind: 'fault', code: 'soap:Sender', reason: 'Server was unable to read request.' } }),
  exchange({ caseId: 'MobileContactSearch-fuzz-0', kind: 'fuzz', transport: 'post', values: { firstname: '<b', lastname: '', telephone: '', email: '', repnumber: '1' },
    fuzz: { seed: 42, runs: 10, planned: 10, interrupted: false }, response: response(200, 'text/xml; charset=utf-8'), result: { kind: 'result', text: 'r' } }),
  exchange({ caseId: 'MobileContactSearch-example', transport: 'parity', kind: 'parity' }),
  exchange({ operation: 'MobileDispatchUpdate', caseId: 'MobileDispatchUpdate-example', skipped: 'not sent: a create, update or delete operation', values: {} }),
];

function recorded(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'tsiws-baseline-')), 'base');
  const writer = new BaselineWriter(dir, { tool: { name: 't', version: '1' }, target: 'embedded', startedAt: '2026-01-01T00:00:00.000Z', seed: 7, settings: {} });
  expect(readBaseline(dir).manifest.complete).toBe(false); // readable, and marked incomplete, while recording
  for (const r of records) writer.add(r);
  writer.close(true);
  return dir;
}

describe('a recorded baseline', () => {
  test('holds every case once and every exchange once, parity records left out', () => {
    const b = readBaseline(recorded());
    expect(b.manifest).toMatchObject({ format: 'tsiws-baseline', formatVersion: 1, seed: 7, complete: true, counts: { cases: 4, responses: 5 } });
    expect(b.cases.map((c) => [c.id, c.kind])).toEqual([
      ['MobileContactSearch-example', 'positive'], ['MobileContactSearch-int-non-numeric-repnumber', 'negative'], ['MobileContactSearch-fuzz-0', 'fuzz'], ['MobileDispatchUpdate-example', 'positive'],
    ]);
    expect(b.cases[2]!.fuzz).toEqual({ seed: 42 });
    expect([...b.answers.get('MobileContactSearch-example')!.keys()]).toEqual(['soap11', 'get']);
    expect(b.answers.get('MobileContactSearch-int-non-numeric-repnumber')!.get('soap12')).toEqual({
      case: 'MobileContactSearch-int-non-numeric-repnumber', transport: 'soap12', outcome: 'rejected', status: 500,
      contentType: 'application/soap+xml; charset=utf-8', text: 'soap:Sender: Server was unable to read request.', faultCode: 'soap:Sender',
    });
    expect(b.answers.get('MobileDispatchUpdate-example')!.get('soap11')!.outcome).toBe('skipped');
  });

  test('replays each case as it was sent; a fuzz case is re-derived per transport', () => {
    const b = readBaseline(recorded());
    expect(replayedCase(b.cases[1]!, 'soap12')).toEqual({ id: 'MobileContactSearch-int-non-numeric-repnumber', operation: 'MobileContactSearch', kind: 'negative', scenario: 'int-non-numeric', param: 'repnumber', values: records[3]!.values, transports: ['soap12'] });
    // "<b" looks like markup: still a valid request over every transport (a host's refusal is
    // recognised from its answer, src/profiles/host-rejection.ts).
    expect(replayedCase(b.cases[2]!, 'soap11').kind).toBe('positive');
    expect(replayedCase(b.cases[2]!, 'post').kind).toBe('positive');
  });

  test.each([
    ['a missing folder', (dir: string) => join(dir, 'nope'), /--baseline: .*nope\/manifest\.json does not exist; record one with: tsiws-conform run --record DIR/],
    ['a damaged line', (dir: string) => (appendFileSync(join(dir, 'responses.jsonl'), '{"case":\n'), dir), /--baseline: .*responses\.jsonl line 6 is not JSON .*record the baseline again/],
    ['an unknown operation', (dir: string) => (appendFileSync(join(dir, 'cases.jsonl'), '{"id":"x","operation":"Nope","kind":"positive","values":{}}\n'), dir), /cases\.jsonl line 5: unknown operation "Nope"/],
    ['an answer for no case', (dir: string) => (appendFileSync(join(dir, 'responses.jsonl'), '{"case":"x","transport":"get","outcome":"result","status":200}\n'), dir), /answer for case "x", which cases\.jsonl does not list/],
    ['a newer format', (dir: string) => {
      const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...m, formatVersion: 99 }));
      return dir;
    }, /format version 99, this tool reads up to 1; use a newer tsiws-conform or record the baseline again/],
  ])('%s is a configuration error naming the file', (_, spoil, message) => {
    const dir = spoil(recorded());
    expect(() => readBaseline(dir)).toThrow(message);
    try {
      readBaseline(dir);
    } catch (err) {
      expect((err as { code: string }).code).toBe('TSIWS_CONFIG');
    }
  });
});

test('--shard deals the recorded cases: shards are disjoint, cover every case, and keep a case whole', () => {
  const b = readBaseline(recorded());
  const all = casesToReplay(b, DEFAULTS).map((r) => r.recorded.id);
  expect(all).toEqual(['MobileContactSearch-example', 'MobileContactSearch-int-non-numeric-repnumber', 'MobileContactSearch-fuzz-0', 'MobileDispatchUpdate-example']);
  const shards = [1, 2, 3].map((index) => casesToReplay(b, { ...DEFAULTS, shard: { index, count: 3 } }));
  expect(shards.map((rows) => rows.map((r) => r.recorded.id))).toEqual([[all[0], all[3]], [all[1]], [all[2]]]);
  // The example's two recorded transports stay together in its shard.
  expect(shards[0]![0]!.transports).toEqual(['soap11', 'get']);
});
