/** Value classes by parameter name (src/cases/name-classes.ts): exact candidates, and the parameter a
 * failure message names picked first. */
import { describe, expect, test } from 'vitest';
import { candidatesFor, FILES, namedParams, nameClass, PNG_BASE64, type Known } from '../../src/cases/name-classes.js';
import { getOperation, type Operation } from '../../src/contract/index.js';

const nothing: Known = { values: () => [], fields: [] };
const learned = (values: Record<string, string[]>, fields: string[] = []): Known => ({ values: (p) => values[p] ?? [], fields });
const param = (op: Operation, name: string) => op.params.find((p) => p.name === name)!;
const of = (opName: string, name: string, known = nothing) => {
  const op = getOperation(opName);
  return candidatesFor(op, param(op, name), known);
};
const values = (cs: ReadonlyArray<Readonly<Record<string, string>>>, name: string) => cs.map((c) => c[name]);

describe('candidates by name', () => {
  test('an e-mail: learned addresses first (not other learned text), then addresses of example domains', () => {
    expect(values(of('MobileContactEmailCreate', 'email'), 'email')).toEqual(['tsiws.conformance@example.com', 'tsiws@example.org']);
    expect(values(of('MobileContactEmailCreate', 'email', learned({ email: ['ann@acme.test', 'sample email'] })), 'email')).toEqual(['ann@acme.test', 'tsiws.conformance@example.com', 'tsiws@example.org']);
  });

  test('a file: base64 of a small real file with the filename its content matches, for either parameter', () => {
    const pairs = FILES.map((f) => ({ base64string: f.base64, filename: f.filename }));
    expect(of('MobileDocumentUpload', 'base64string')).toEqual(pairs);
    expect(of('MobileDocumentUpload', 'filename')).toEqual(pairs);
    expect(pairs[1]).toEqual({ base64string: PNG_BASE64, filename: 'tsiws-conformance.png' });
    expect(Buffer.from(PNG_BASE64, 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  test('text flags for nextfile and completed; small integers for status; priority text learned first', () => {
    expect(values(of('MobileDocumentUpload', 'nextfile'), 'nextfile')).toEqual(['true', 'false', '1', '0', 'yes', 'no']);
    expect(values(of('MobileTasksList', 'completed'), 'completed')).toEqual(['true', 'false', '1', '0', 'yes', 'no']);
    expect(values(of('MobileDispatchUpdate', 'status', learned({ status: ['3'] })), 'status')).toEqual(['3', '1', '0', '2', '4', '5']);
    expect(values(of('MobileTasksList', 'priority', learned({ priority: ['Urgent'] })), 'priority')).toEqual(['Urgent', '1', '2', '3', 'Normal', 'High', 'Low']);
  });

  test('dates in ISO and US forms; sort columns from learned field names; sort directions', () => {
    expect(values(of('MobileTimeLogList', 'startdate'), 'startdate')).toEqual(['2024-05-17', '2024-05-17T09:30:00', '05/17/2024', '5/17/2024']);
    expect(values(of('MobileTimeLogList', 'sortcolumn', learned({}, ['sologkeyid', 'sonumber'])), 'sortcolumn')).toEqual(['sologkeyid', 'sonumber']);
    expect(values(of('MobileTimeLogList', 'sortdirection'), 'sortdirection')).toEqual(['ASC', 'DESC', 'asc', 'desc']);
  });

  test('a name that says nothing: learned values, then a plain value of the type', () => {
    expect(nameClass(param(getOperation('MobileAccountUpdate'), 'accountname'))).toBeUndefined();
    expect(values(of('MobileTimeLogCreate', 'sonumber', learned({ sonumber: ['12', '14'] })), 'sonumber')).toEqual(['12', '14', '1', '0']);
    expect(values(of('MobileAccountUpdate', 'accountname'), 'accountname')).toEqual(['']);
  });
});

describe('the parameter a failure message names', () => {
  const upload = getOperation('MobileDocumentUpload').params.map((p) => p.name);
  const sent = { title: 'sample title', filename: 'sample filename', nextfile: 'sample nextfile', base64string: 'c2FtcGxl', referencenumber: '103' };

  test('by name, written as a word or in words (e-mail, file name)', () => {
    expect(namedParams(upload, 'invalid nextfile: sample nextfile', sent)).toEqual(['nextfile']);
    expect(namedParams(upload, 'base64string is not valid base64', sent)).toEqual(['base64string']);
    expect(namedParams(upload, 'invalid file name', sent)).toEqual(['filename']);
    expect(namedParams(['email', 'contactnumber'], 'invalid e-mail address: x', {})).toEqual(['email']);
  });

  test('by the value it quotes, whole, in the order mentioned', () => {
    expect(namedParams(['reptodelete', 'sonumber'], 'rep -2 is not assigned to service order 12', { reptodelete: '-2', sonumber: '12' })).toEqual(['reptodelete', 'sonumber']);
    expect(namedParams(['sonumber', 'accountnumber'], 'unknown service order 17', { accountnumber: '7', sonumber: '17' })).toEqual(['sonumber']);
    expect(namedParams(['taskkeyid', 'status'], 'invalid status -3', { taskkeyid: '3', status: '-3' })).toEqual(['status']);
  });

  test('none when the message names no parameter', () => {
    expect(namedParams(upload, 'Object reference not set to an instance of an object.', sent)).toEqual([]);
  });
});
