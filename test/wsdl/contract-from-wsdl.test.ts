/** tsiws-conform contract --from-wsdl: the project's own WSDL gives back the project's own table. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { operations } from '../../src/contract/index.js';
import { classOf } from '../../src/wsdl/contract-table.js';
import { edit, fixturePath, reference } from '../../fixtures/wsdl/edits.js';
import { cliInProcess, repoFile, tempDir } from './cli.js';

const ROW = /^ {2}\['(\w+)', '(\w+)', '([^']*)'\],$/;
const rowsOf = (text: string) => text.split('\n').filter((l) => ROW.test(l));
const asData = (rows: readonly string[]) => rows.map((r) => {
  const [, name, cls, params] = ROW.exec(r)!;
  return { name, class: cls, params: params!.split(' ').map((p) => ({ name: p.split(':')[0], type: p.split(':')[1] })) };
});

describe('tsiws-conform contract --from-wsdl', () => {
  const wsdl = repoFile('wsdl/tsiWS.wsdl');

  test('wsdl/tsiWS.wsdl reproduces the rows of src/contract/operations.ts exactly, as text and as data', async () => {
    const { code, stdout, stderr } = await cliInProcess(['contract', '--from-wsdl', wsdl]);
    expect([code, stderr]).toEqual([0, '']);
    const printed = rowsOf(stdout);
    const source = rowsOf(readFileSync(repoFile('src/contract/operations.ts'), 'utf8'));
    expect(source).toHaveLength(20);
    expect(printed).toEqual(source);
    expect(asData(printed)).toEqual(asData(source));
    expect(asData(printed)).toEqual(operations.map((op) => ({ name: op.name, class: op.class, params: op.params.map((p) => ({ ...p })) })));
  });

  test('the output is two comment lines, then the 20 rows', async () => {
    const lines = (await cliInProcess(['contract', '--from-wsdl', wsdl])).stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      `// Contract table read from ${wsdl} (targetNamespace http://www.tigerpawsoftware.com), rows as in src/contract/operations.ts.`,
      '// The class is not in a WSDL; it is derived from the verb ending the operation name: Create -> create, Upload -> create, Update -> update, Delete -> delete, Search -> search, otherwise list.',
    ]);
    expect(lines.slice(2)).toEqual(rowsOf(lines.join('\n')));
    expect(lines).toHaveLength(22);
  });

  test.each([
    ['MobileTimeLogCreate', 'create'], ['MobileDocumentUpload', 'create'], ['MobileDispatchUpdate', 'update'],
    ['MobileServiceOrderRepAssignedDelete', 'delete'], ['MobilePriceBookSearch', 'search'],
    ['MobilePriceBookQuantityEachLocation', 'list'], ['MobileManagedAssetsDropDown', 'list'], ['MobileOpportunitySummary', 'list'],
  ])('classOf(%s) is %s', (name, cls) => {
    expect(classOf(name)).toBe(cls);
  });

  test('a drifted WSDL gives a different row (int-to-string: accountnumber:str)', async () => {
    const rows = rowsOf((await cliInProcess(['contract', '--from-wsdl', fixturePath('int-to-string.wsdl')])).stdout);
    expect(rows[0]).toBe("  ['MobileTimeLogCreate', 'create', 'sonumber:int accountnumber:str startdatetime:dt enddatetime:dt elapsedhours:int elapsedminutes:int logcomment:str logreason:str deducthours:int deductminutes:int internalcomments:str utilizationhours:int utilizationminutes:int repnumber:int timestamp:str sig:str mobilekey:str'],");
  });

  test('a type the contract cannot express: the XSD name, a comment, exit 1', async () => {
    const file = join(tempDir('tsiws-contract-'), 'long.wsdl');
    writeFileSync(file, edit(reference(), /(name="taskkeyid" type=)"s:int"/g, '$1"s:long"', 1));
    const { code, stdout } = await cliInProcess(['contract', '--from-wsdl', file]);
    expect(code).toBe(1);
    expect(stdout.split('\n')[2]).toBe('// not expressible: MobileDispatchUpdate: parameter taskkeyid has type long, which the contract cannot express (int, str, dt, bool)');
    expect(rowsOf(stdout)).toContain("  ['MobileDispatchUpdate', 'update', 'taskkeyid:long status:int repnumber:int timestamp:str sig:str mobilekey:str'],");
  });

  test.each([
    [[], 'contract: give --from-wsdl FILE (a WSDL file to read the table from)'],
    [['--from-wsdl', '/nonexistent.wsdl'], '--from-wsdl: cannot read /nonexistent.wsdl (ENOENT)'],
  ])('bad usage %j: exit 2', async (args, message) => {
    const { code, stderr } = await cliInProcess(['contract', ...args]);
    expect([code, stderr]).toEqual([2, `tsiws-conform: ${message}\n`]);
  });
});
