/**
 * A read the target refuses is retried with filters from one learned record (src/engine/sequences/sequence-reads.ts
 * retriesOf, issue 59): a task list that refuses to be filtered by a service order alone ("taskkeyid
 * or accountnumber or contactnumber is required") is asked again with the taskkeyid, accountnumber and
 * contactnumber of a learned task of that order, so a delete that takes the order's other reps with
 * it is still seen. A read that succeeds at once is not retried: not one request more.
 */
import { describe, expect, test } from 'vitest';
import { retriesOf } from '../../src/engine/sequences/sequence-reads.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import type { Service } from '../../src/server/behaviour.js';
import { findStatefulMutant } from '../../src/server/stateful/mutants.js';
import { createStatefulService } from '../../src/server/stateful/service.js';
import type { LearnedRecord } from '../../src/state/learn.js';
import { sequencesAgainst } from './service-server.js';

const REQUIRED = ['taskkeyid', 'accountnumber', 'contactnumber'];
const REFUSAL = '{"ok":false,"error":"taskkeyid or accountnumber or contactnumber is required."}';

/** The stateful reference (with `mutant`) whose task list refuses a request that gives none of REQUIRED. */
function strictTasks(mutant?: string): Service {
  const inner = createStatefulService({ resultFormat: 'json', ...(mutant ? { mutant: findStatefulMutant(mutant)! } : {}) });
  return {
    answer(operation, typed, raw, transport) {
      const given = REQUIRED.some((p) => { const v = typed.get(p); return v !== undefined && v !== null && v !== 0 && String(v).trim() !== ''; });
      return operation.name === 'MobileTasksList' && !given ? REFUSAL : inner.answer(operation, typed, raw, transport);
    },
  };
}

const repSequences = (service: Service) => sequencesAgainst(service, ['rep-assignment']);

const TRANSPORTS = ['soap11', 'soap12', 'get', 'post'];
const steps = (records: readonly ExchangeRecord[], transport: string) => records.filter((r) => r.transport === transport).map((r) => `${r.sequence!.action} ${r.operation}${r.values?.['taskkeyid'] ? ' +taskkeyid' : ''}`);
const states = (records: readonly ExchangeRecord[], status: string) => records.flatMap((r) => r.checks.filter((c) => c.id === 'state-consistency' && c.status === status).map((c) => ({ at: `${r.transport} ${r.sequence!.action}`, level: c.level, message: c.message })));

describe('a task list that refuses the service order alone', () => {
  test('the find is retried with a learned task of that order, and the whole-order delete is a warning on every transport', async () => {
    const records = await repSequences(strictTasks('stateful-rep-delete-whole-order'));
    for (const t of TRANSPORTS) expect(steps(records, t), t).toEqual(['find MobileTasksList', 'find MobileTasksList +taskkeyid', 'delete MobileServiceOrderRepAssignedDelete', 'gone MobileTasksList +taskkeyid']);
    // The retry's filters come from one task: the order the rep is of, with that task's own ids.
    for (const r of records.filter((x) => x.sequence!.step === 2)) expect(r.values?.['sonumber']).toBe(records.find((x) => x.transport === r.transport && x.sequence!.action === 'delete')!.values?.['sonumber']);
    const warned = states(records, 'failed');
    expect(warned.map((w) => [w.at, w.level])).toEqual(TRANSPORTS.map((t) => [`${t} gone`, 'warning']));
    for (const w of warned) expect(w.message).toMatch(/^MobileTasksList filtered by sonumber and taskkeyid and accountnumber and contactnumber no longer shows reptodelete \d+ and sonumber \d+, deleted at step 3, and still shows reptodelete \d+ and sonumber \d+ beside it, as at step 2: it did not/);
  });

  test('on a correct service the retried read sees the relation hold: found, gone, no warning', async () => {
    const records = await repSequences(strictTasks());
    expect(states(records, 'failed')).toEqual([]);
    expect(states(records, 'passed').map((s) => s.at)).toEqual(TRANSPORTS.flatMap((t) => [`${t} find`, `${t} gone`]));
  });
});

test('a read that succeeds at once is not retried: find, delete, gone and nothing more', async () => {
  const records = await repSequences(createStatefulService({ resultFormat: 'json' }));
  for (const t of TRANSPORTS) expect(steps(records, t), t).toEqual(['find MobileTasksList', 'delete MobileServiceOrderRepAssignedDelete', 'gone MobileTasksList']);
  expect(states(records, 'failed')).toEqual([]);
});

describe('retriesOf', () => {
  const probe = { operation: 'MobileTasksList', filter: 'sonumber' };
  const rec = (fields: Record<string, string>): LearnedRecord => ({ from: 'MobileTasksList', fields });
  const tasks = [rec({ taskkeyid: '5', sonumber: '60', accountnumber: '7', contactnumber: '9' }), rec({ taskkeyid: '6', sonumber: '61', accountnumber: '8' }), rec({ taskkeyid: '4', sonumber: '60', accountnumber: '7' })];
  const sent = { sonumber: '60', taskkeyid: '', accountnumber: '', contactnumber: '' };

  test('the ids the refusal names, from learned records holding the entity\'s value, each record\'s own, at most two', () => {
    expect(retriesOf(probe, { reptodelete: '1', sonumber: '60' }, 'taskkeyid or accountnumber is required.', sent, tasks).map((p) => p.with)).toEqual([{ taskkeyid: '5', accountnumber: '7' }, { taskkeyid: '4', accountnumber: '7' }]);
  });

  test('a refusal that names none: all of the record\'s ids', () => {
    expect(retriesOf(probe, { sonumber: '61' }, 'Not allowed.', sent, tasks).map((p) => p.with)).toEqual([{ taskkeyid: '6', accountnumber: '8' }]);
  });

  test('none from a record that contradicts the entity, none for a retry, none without a record of that value', () => {
    expect(retriesOf(probe, { sonumber: '60', taskkeyid: '9' }, 'taskkeyid is required.', sent, tasks)).toEqual([]);
    expect(retriesOf({ ...probe, with: { taskkeyid: '5' } }, { sonumber: '60' }, 'taskkeyid is required.', sent, tasks)).toEqual([]);
    expect(retriesOf(probe, { sonumber: '62' }, 'taskkeyid is required.', sent, tasks)).toEqual([]);
  });
});
