/** --values FILE (src/state/values-file.ts): the two forms, and each mistake's message. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError } from '../../src/config/errors.js';
import { readValuesFile } from '../../src/state/values-file.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-values-'));
let n = 0;
const file = (text: string): string => {
  const path = join(dir, `v${n++}.json`);
  writeFileSync(path, text);
  return path;
};
const EXAMPLE = '{ "accountnumber": ["1001"], "records": [{ "accountnumber": "1001", "contactnumber": "2001" }] }';

describe('readValuesFile', () => {
  test('values per parameter and records, in file order, as text', () => {
    const path = file(JSON.stringify({ AccountNumber: ['1001', 1002], sonumber: 5001, primary: true, records: [{ accountnumber: '1001', contactnumber: 2001 }] }));
    expect(readValuesFile(path)).toEqual([
      { from: '--values', fields: { accountnumber: '1001' } },
      { from: '--values', fields: { accountnumber: '1002' } },
      { from: '--values', fields: { sonumber: '5001' } },
      { from: '--values', fields: { primary: 'true' } },
      { from: '--values', fields: { accountnumber: '1001', contactnumber: '2001' } },
    ]);
  });

  test.each([
    ['not JSON', '{"accountnumber": ', (p: string) => `--values ${p}: not JSON (Unexpected end of JSON input); give a JSON object such as ${EXAMPLE}`],
    ['not an object', '["1001"]', (p: string) => `--values ${p}: expected a JSON object of parameter names, such as ${EXAMPLE}`],
    ['a misspelt parameter', '{"acountnumber": "1"}', (p: string) => `--values ${p}: "acountnumber" is no parameter of the contract (did you mean "accountnumber"?)`],
    ['a name far from any', '{"colour": "red"}', (p: string) => `--values ${p}: "colour" is no parameter of the contract`],
    ['a secret', '{"sig": "abc"}', (p: string) => `--values ${p}: "sig" is an authentication parameter, not a value to reuse; give it with --sig or --signer`],
    ['repnumber', '{"repnumber": 1}', (p: string) => `--values ${p}: "repnumber" is an authentication parameter, not a value to reuse; give it with --repnumber`],
    ['a secret in a record', '{"records": [{"MobileKey": "k"}]}', (p: string) => `--values ${p}: "MobileKey" in records[0] is an authentication parameter, not a value to reuse; give it with --mobilekey or --signer`],
    ['an object value', '{"sonumber": {"a": 1}}', (p: string) => `--values ${p}: the value of sonumber is an object; give a non-empty string, a number or a boolean (or an array of them)`],
    ['a null in an array', '{"sonumber": ["1", null]}', (p: string) => `--values ${p}: the value of sonumber[1] is null; give a non-empty string, a number or a boolean`],
    ['an empty string', '{"sonumber": ""}', (p: string) => `--values ${p}: the value of sonumber is an empty string; give a non-empty string, a number or a boolean (or an array of them)`],
    ['records not an array', '{"records": {}}', (p: string) => `--values ${p}: "records" must be an array of objects of parameter names and values`],
    ['a record that is not an object', '{"records": ["1001"]}', (p: string) => `--values ${p}: records[0] is not an object of parameter names and values`],
    ['an array in a record', '{"records": [{"sonumber": [1]}]}', (p: string) => `--values ${p}: the value of records[0].sonumber is an array; give a non-empty string, a number or a boolean`],
    ['a misspelt name in a record', '{"records": [{"emailId": 1, "contactnumbr": 2}]}', (p: string) => `--values ${p}: "contactnumbr" in records[0] is no parameter of the contract (did you mean "contactnumber"?)`],
  ])('%s', (_, text, message) => {
    const path = file(text);
    expect(() => readValuesFile(path)).toThrow(new ConfigError(message(path)));
  });

  test('a file that cannot be read', () => {
    const path = join(dir, 'missing.json');
    expect(() => readValuesFile(path)).toThrow(new ConfigError(`--values ${path}: cannot read the file (ENOENT); give a readable JSON file such as ${EXAMPLE}`));
    expect(() => readValuesFile(path)).toThrow(ConfigError);
  });
});
