/** The sequences of a run in report.html: SequenceTally (src/report/digest/sequences.ts) keeps them as
 * records arrive, sequencesSection (src/report/html/sequences.ts) draws them. Records are built by
 * hand (plain data). */
import { describe, expect, test } from 'vitest';
import type { ExchangeRecord, SequenceStep } from '../../../src/results/record.js';
import { MAX_SEQUENCES, SequenceTally } from '../../../src/report/digest/sequences.js';
import { sequencesSection } from '../../../src/report/html/sequences.js';

type Check = ExchangeRecord['checks'][number];
const HELD: Check = { id: 'state-consistency', status: 'passed' };
const NOT_HELD: Check = { id: 'state-consistency', status: 'failed', level: 'warning', message: 'MobileContactSearch no longer finds emailid 3041, just deleted: it did not; the answer: {"ok":true}' };

function step(id: string, n: number, action: string, operation: string, extra: { ids?: Record<string, string>; checks?: Check[]; dataPath?: ExchangeRecord['dataPath']; transport?: ExchangeRecord['transport']; of?: number } = {}): ExchangeRecord {
  const sequence: SequenceStep = { id, name: id.replace(/-sequence-.*/, ''), step: n, of: extra.of ?? 7, action, ids: extra.ids ?? {} };
  return {
    operation, transport: extra.transport ?? 'soap11', caseId: `${id}-${n}-${action.replace(/ /g, '-')}`, kind: 'positive',
    request: { method: 'POST', url: 'http://t/api/rmm/tsiWS.asmx', headers: {}, body: '', curl: "curl -sS -i 'http://t'" },
    checks: [{ id: 'http-status-200', status: 'passed' }, ...(extra.checks ?? [])],
    sequence,
    ...(extra.dataPath ? { dataPath: extra.dataPath } : {}),
  };
}

const tallyOf = (records: readonly ExchangeRecord[]) => {
  const t = new SequenceTally();
  for (const r of records) t.add(r);
  return t;
};

describe('SequenceTally', () => {
  test('keeps each sequence with its steps in step order, the sequences in id order, and nothing of a record outside a sequence', () => {
    const a = 'contact-email-sequence-soap11';
    const b = 'account-sequence-get';
    const t = tallyOf([
      step(a, 2, 'find', 'MobileContactSearch', { ids: { emailid: '3041' }, checks: [HELD], dataPath: 'success' }),
      step(b, 1, 'update', 'MobileAccountUpdate', { ids: { accountnumber: '1012' }, transport: 'get', of: 2, dataPath: 'success' }),
      { ...step(a, 9, 'x', 'MobileContactSearch'), sequence: undefined },
      step(a, 1, 'create', 'MobileContactEmailCreate', { ids: { emailid: '3041' }, checks: [HELD], dataPath: 'success' }),
      step(a, 7, 'delete again', 'MobileContactEmailDelete', { ids: { emailid: '3041' }, checks: [NOT_HELD], dataPath: 'success' }),
    ]);
    expect(t.more).toBe(0);
    expect(t.sequences()).toEqual([
      { id: b, name: 'account', transport: 'get', steps: [{ step: 1, action: 'update', operation: 'MobileAccountUpdate', caseId: `${b}-1-update`, ids: { accountnumber: '1012' }, outcome: 'success' }] },
      {
        id: a, name: 'contact-email', transport: 'soap11', steps: [
          { step: 1, action: 'create', operation: 'MobileContactEmailCreate', caseId: `${a}-1-create`, ids: { emailid: '3041' }, outcome: 'success', observed: { status: 'passed' } },
          { step: 2, action: 'find', operation: 'MobileContactSearch', caseId: `${a}-2-find`, ids: { emailid: '3041' }, outcome: 'success', observed: { status: 'passed' } },
          { step: 7, action: 'delete again', operation: 'MobileContactEmailDelete', caseId: `${a}-7-delete-again`, ids: { emailid: '3041' }, outcome: 'success', observed: { status: 'failed', level: 'warning', message: NOT_HELD.message } },
        ],
      },
    ]);
  });

  test(`keeps at most ${MAX_SEQUENCES} sequences and counts the others once each`, () => {
    const id = (i: number) => `time-log-sequence-soap11-r${String(i).padStart(3, '0')}`;
    const records = Array.from({ length: MAX_SEQUENCES + 3 }, (_, i) => [step(id(i), 1, 'create', 'MobileTimeLogCreate', { of: 2 }), step(id(i), 2, 'find', 'MobileTimeLogList', { of: 2 })]).flat();
    const t = tallyOf(records);
    expect(t.sequences().map((s) => s.id)).toEqual(Array.from({ length: MAX_SEQUENCES }, (_, i) => id(i)));
    expect(t.sequences().every((s) => s.steps.length === 2)).toBe(true);
    expect(t.more).toBe(3);
    // A later step of a sequence already kept still joins it.
    t.add(step(id(0), 3, 'again', 'MobileTimeLogList', { of: 3 }));
    expect(t.sequences()[0]!.steps.map((s) => s.action)).toEqual(['create', 'find', 'again']);
    expect(t.more).toBe(3);
  });
});

describe('sequencesSection', () => {
  test('is empty when the run made no sequence', () => {
    expect(sequencesSection(new SequenceTally())).toBe('');
    expect(sequencesSection(tallyOf([{ ...step('x', 1, 'create', 'MobileTimeLogCreate'), sequence: undefined }]))).toBe('');
  });

  test('draws every step, closed while every expectation held', () => {
    const html = sequencesSection(tallyOf([
      step('time-log-sequence-post', 1, 'create', 'MobileTimeLogCreate', { of: 2, transport: 'post', ids: { sologkeyid: '7081' }, checks: [HELD], dataPath: 'success' }),
      step('time-log-sequence-post', 2, 'find', 'MobileTimeLogList', { of: 2, transport: 'post', ids: { sologkeyid: '7081', empty: '' }, checks: [HELD], dataPath: 'success' }),
    ]));
    expect(html.startsWith('<section id="sequences"><h2>Sequences: create, find, update, delete</h2>')).toBe(true);
    expect(html).toContain('<details><summary><code>time-log-sequence-post</code>: time-log over post, 2 steps</summary>');
    expect(html).toContain('<tr><td class="num">1</td><td>create</td><td><code>MobileTimeLogCreate</code></td><td>sologkeyid <code>7081</code></td><td>success</td><td><span class="tag pass">held</span></td></tr>');
    // An id not (yet) known is left out.
    expect(html).toContain('<tr><td class="num">2</td><td>find</td><td><code>MobileTimeLogList</code></td><td>sologkeyid <code>7081</code></td><td>success</td><td><span class="tag pass">held</span></td></tr>');
    expect(html).not.toContain('an expectation did not hold');
    expect(html).not.toContain('further sequences');
  });

  test('opens a sequence whose expectation did not hold, with the warning and its message', () => {
    const id = 'contact-email-sequence-soap12';
    const html = sequencesSection(tallyOf([
      step(id, 5, 'delete', 'MobileContactEmailDelete', { transport: 'soap12', ids: { emailid: '3041' }, dataPath: 'success' }),
      step(id, 6, 'gone', 'MobileContactSearch', { transport: 'soap12', ids: { emailid: '3041' }, checks: [NOT_HELD], dataPath: 'success' }),
    ]));
    expect(html).toContain(`<details open><summary><code>${id}</code>: contact-email over soap12, 2 steps <span class="badge warning">⚠ an expectation did not hold</span></summary>`);
    expect(html).toContain('<tr><td class="num">5</td><td>delete</td><td><code>MobileContactEmailDelete</code></td><td>emailid <code>3041</code></td><td>success</td><td></td></tr>');
    expect(html).toContain('<td><span class="tag level-warning">did not hold</span><pre class="msg">MobileContactSearch no longer finds emailid 3041, just deleted: it did not; the answer: {&quot;ok&quot;:true}</pre></td>');
  });

  test('shows an inconclusive step as info, keeps the sequence closed, and a step not sent as not applicable with why', () => {
    const id = 'rep-assignment-sequence-get';
    const INCONCLUSIVE: Check = { id: 'state-consistency', status: 'failed', level: 'info', message: 'inconclusive: no read was seen to show emailid 3041, just created, so nothing is expected of one; tried: MobileContactSearch filtered by email' };
    const skipped: ExchangeRecord = { ...step(id, 2, 'delete', 'MobileServiceOrderRepAssignedDelete', { transport: 'get' }), checks: [], skipped: 'not applicable: no learned record with reptodelete and sonumber left for this transport' };
    const t = tallyOf([step(id, 1, 'find', 'MobileContactSearch', { transport: 'get', checks: [INCONCLUSIVE], dataPath: 'success' }), skipped]);
    expect(t.sequences()[0]!.steps[1]).toEqual({ step: 2, action: 'delete', operation: 'MobileServiceOrderRepAssignedDelete', caseId: `${id}-2-delete`, ids: {}, skipped: skipped.skipped });
    const html = sequencesSection(t);
    expect(html).toContain(`<details><summary><code>${id}</code>: rep-assignment over get, 2 steps</summary>`);
    expect(html).toContain(`<td><span class="tag level-info">inconclusive</span><pre class="msg">${INCONCLUSIVE.message}</pre></td>`);
    expect(html).toContain('<td>delete</td><td><code>MobileServiceOrderRepAssignedDelete</code></td><td></td><td><span class="tag">not applicable</span> no learned record with reptodelete and sonumber left for this transport</td><td></td></tr>');
  });

  test('escapes the ids, actions, operation names and values it shows', () => {
    const hostile = 'x"><script>alert(1)</script>';
    const r = step(`seq-${hostile}`, 1, `act<b>`, `Op<i>&`, { ids: { [`k<${hostile}`]: `v&${hostile}` }, checks: [{ id: 'state-consistency', status: 'failed', level: 'warning', message: `m ${hostile}` }] });
    const html = sequencesSection(tallyOf([r]));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    const e = 'x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(html).toContain(`<summary><code>seq-${e}</code>: seq-${e} over soap11, 1 step`);
    expect(html).toContain(`<td>act&lt;b&gt;</td><td><code>Op&lt;i&gt;&amp;</code></td><td>k&lt;${e} <code>v&amp;${e}</code></td>`);
    expect(html).toContain(`<span class="tag level-warning">did not hold</span><pre class="msg">m ${e}</pre>`);
  });

  test('says how many further sequences only records.jsonl holds', () => {
    const records = Array.from({ length: MAX_SEQUENCES + 2 }, (_, i) => step(`account-sequence-get-r${String(i).padStart(3, '0')}`, 1, 'update', 'MobileAccountUpdate', { of: 2 }));
    const html = sequencesSection(tallyOf(records));
    expect(html).toContain('is not applicable and was not sent. 2 further sequences are in records.jsonl.</p>');
    expect(html.match(/<details/g)).toHaveLength(MAX_SEQUENCES);
  });
});
