/** Weak sources (src/state/fuzzy.ts): values for an identifier no field names exactly, from fields
 * sharing its stem, with the ids of the record they are nested in; used only where no exact record
 * serves (ValuePool.distinct, exactFirst). */
import { describe, expect, test } from 'vitest';
import { getOperation } from '../../src/contract/index.js';
import { exactFirst, recordsOf, ValuePool } from '../../src/state/learn.js';
import { stemOf } from '../../src/state/fuzzy.js';

const weakOf = (op: string, text: string) => recordsOf(op, text).filter((r) => r.weak).map((r) => r.fields);
const exactOf = (op: string, text: string) => recordsOf(op, text).filter((r) => !r.weak).map((r) => r.fields);

const TASK_REPS_JSON = '{"ok":true,"records":[{"taskkeyid":74001,"sonumber":75001,"assignedreps":[{"repnumber":101,"repname":"T 101"},{"repnumber":104,"repname":"T 104"}]}]}';
const TASK_REPS_XML = '<Response><Status>OK</Status><Tasks><Task><TaskKeyId>5</TaskKeyId><SONumber>9</SONumber>'
  + '<AssignedReps><Rep><RepNumber>101</RepNumber><RepName>T</RepName></Rep></AssignedReps></Task></Tasks></Response>';
const TASK_CSV = 'result=ok;count=1\ntaskkeyid=1400001;sonumber=1500001;assignedrepnumbers=101,104,107';
const TASK_EXACT = '{"ok":true,"records":[{"taskkeyid":1,"sonumber":6001,"assignedreps":[{"reptodelete":101,"sonumber":6001,"repnumber":101}]}]}';

describe('stemOf', () => {
  test.each([
    ['reptodelete', 'rep', false], ['repnumber', 'rep', false], ['assignedrepnumbers', 'rep', true], ['RepNumber', 'rep', false],
    ['sonumber', 'so', false], ['sologkeyid', 'solog', false], ['emailid', 'email', false], ['accountname', 'accountname', false],
  ])('%s -> %s', (name, stem, plural) => expect(stemOf(name)).toEqual({ stem, plural }));
});

describe('weak records', () => {
  test('a rep listed by repnumber inside a task is a weak reptodelete with the task\'s service order', () => {
    expect(weakOf('MobileTasksList', TASK_REPS_JSON)).toEqual([
      { taskkeyid: '74001', sonumber: '75001', reptodelete: '101' }, { taskkeyid: '74001', sonumber: '75001', reptodelete: '104' },
    ]);
    // The exact records stay as answered: the task, and nothing for the rep (no field named as a parameter).
    expect(exactOf('MobileTasksList', TASK_REPS_JSON)).toEqual([{ taskkeyid: '74001', sonumber: '75001' }]);
  });

  test('XML in PascalCase, the rep nested in AssignedReps under the task', () => {
    expect(weakOf('MobileTasksList', TASK_REPS_XML)).toEqual([{ taskkeyid: '5', sonumber: '9', reptodelete: '101' }]);
  });

  test('a comma list of integers gives one weak record a value', () => {
    expect(weakOf('MobileTasksList', TASK_CSV).map((f) => [f.sonumber, f.reptodelete])).toEqual([['1500001', '101'], ['1500001', '104'], ['1500001', '107']]);
    expect(weakOf('MobileTasksList', '{"records":[{"sonumber":7,"assignedrepnumbers":"101, 104"}]}').map((f) => f.reptodelete)).toEqual(['101', '104']);
  });

  test('silent where the record names the parameter exactly', () => {
    expect(weakOf('MobileTasksList', TASK_EXACT)).toEqual([]);
  });

  test('silent for a top-level time log\'s repnumber: the caller, not an assignment', () => {
    expect(weakOf('MobileTimeLogList', '{"ok":true,"records":[{"sologkeyid":5,"repnumber":101,"sonumber":75001}]}')).toEqual([]);
    expect(weakOf('MobileTimeLogList', 'sologkeyid=5;repnumber=101;sonumber=75001')).toEqual([]);
    expect(weakOf('MobileTimeLogList', '<Response><Status>OK</Status><TimeLog><SOLogKeyId>5</SOLogKeyId><RepNumber>101</RepNumber></TimeLog></Response>')).toEqual([]);
  });

  test('silent for text that is no integer (an e-mail address under a name stemming to email)', () => {
    expect(weakOf('MobileContactSearch', '{"records":[{"contactnumber":1,"emails":[{"email":"a@b.c"}]}]}')).toEqual([]);
    expect(weakOf('MobileTasksList', '{"records":[{"sonumber":7,"assignedrepnumbers":"101,x"}]}')).toEqual([]);
  });
});

describe('exact first', () => {
  const del = getOperation('MobileServiceOrderRepAssignedDelete');
  const params = ['reptodelete', 'sonumber'];

  test('the pool gives weak pairs only when no exact record carries both', () => {
    const weak = new ValuePool();
    weak.add(recordsOf('MobileTasksList', TASK_CSV));
    expect(weak.distinct(del, params, 4)).toEqual([
      { reptodelete: '101', sonumber: '1500001' }, { reptodelete: '104', sonumber: '1500001' }, { reptodelete: '107', sonumber: '1500001' },
    ]);
    weak.add(recordsOf('MobileTasksList', TASK_EXACT));
    expect(weak.distinct(del, params, 4)).toEqual([{ reptodelete: '101', sonumber: '6001' }]);
  });

  test('weak records cross to workers apart from the exact ones, which never show them', () => {
    const pool = new ValuePool();
    pool.add(recordsOf('MobileTasksList', TASK_REPS_JSON));
    const data = pool.toJSON();
    expect(data.records.some((r) => r.fields['reptodelete'] !== undefined)).toBe(false);
    expect(exactFirst(data.records, data.weak, params).map((r) => r.fields['reptodelete'])).toEqual(['101', '104']);
    expect(ValuePool.fromJSON(data).distinct(del, params, 4)).toHaveLength(2);
    expect(pool.valuesFor('reptodelete')).toEqual([]);
  });
});
