/** No function of src/ is over MAX_FUNCTION_LINES (but those PENDING_SPLIT), and the script that
 * says so finds every kind of function. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { plantedTrees } from './planted.js';
import { functionLengths, longFunctions, MAX_FUNCTION_LINES, PENDING_SPLIT } from './function-length.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** A function declaration of exactly `lines` lines. */
const fn = (name: string, lines: number) => `export function ${name}() {\n${'  void 0;\n'.repeat(lines - 2)}}\n`;

test(`no function of src/ is over ${MAX_FUNCTION_LINES} lines but those pending their split, and each of those still is`, () => {
  const { failing, pending } = longFunctions(SRC);
  expect(failing).toEqual([]);
  // A pending entry that is short by now (or renamed) is taken off the list.
  expect(PENDING_SPLIT.filter((p) => !pending.some((f) => f.file === p.file && f.name === p.name))).toEqual([]);
});

describe('the check itself', () => {
  const plant = plantedTrees('tsiws-functions-');

  test('a function of 61 lines fails, named with its file and line; one of 60 is silent', () => {
    const src = plant({ 'a/long.ts': `// one\n${fn('tooLong', 61)}`, 'b/c/short.ts': fn('justRight', 60) });
    expect(longFunctions(src, [])).toEqual({
      longest: { file: 'a/long.ts', line: 2, name: 'tooLong', lines: 61 },
      failing: [{ file: 'a/long.ts', line: 2, name: 'tooLong', lines: 61 }],
      pending: [],
    });
    expect(longFunctions(plant({ 'b/short.ts': fn('justRight', 60) }), [])).toEqual({
      longest: { file: 'b/short.ts', line: 1, name: 'justRight', lines: 60 },
      failing: [],
      pending: [],
    });
  });

  test('scripts/longest-function.ts exits 1 naming a function of 61 lines, and 0 printing one of 60', () => {
    const script = fileURLToPath(new URL('../../scripts/longest-function.ts', import.meta.url));
    const run = (src: string) => spawnSync(process.execPath, ['--import', 'tsx', script, src], { encoding: 'utf8' });
    const long = run(plant({ 'a/long.ts': fn('tooLong', 61), 'a/short.ts': fn('short', 3) }));
    expect([long.status, long.stdout, long.stderr]).toEqual([1, 'longest function: a/long.ts:1 tooLong (61 lines)\n', 'a/long.ts:1 tooLong (61 lines): over 60 lines\n']);
    const fits = run(plant({ 'a/fits.ts': fn('justRight', 60) }));
    expect([fits.status, fits.stdout, fits.stderr]).toEqual([0, 'longest function: a/fits.ts:1 justRight (60 lines)\n', '']);
  });

  test('a function pending its split is printed apart and fails nothing; the same name in another file fails', () => {
    const src = plant({ 'a/long.ts': fn('tooLong', 61), 'b/long.ts': fn('tooLong', 62) });
    const { failing, pending } = longFunctions(src, [{ file: 'a/long.ts', name: 'tooLong' }]);
    expect(failing.map((f) => f.file)).toEqual(['b/long.ts']);
    expect(pending.map((f) => f.file)).toEqual(['a/long.ts']);
  });

  test('finds declarations, arrows, function expressions, methods, constructors and accessors, by name', () => {
    const text = [
      'function f() {}',
      'const g = () => 1;',
      'const h = function () {};',
      'const o = { p: () => 2, q() {} };',
      'class C {',
      '  constructor() {}',
      '  m() {}',
      '  get a() { return 1; }',
      '  set a(v) {}',
      '  r = () => 3;',
      '}',
      '[1].map((x) => x);',
      'declare function d(): void;',
    ].join('\n');
    expect(functionLengths(text, 'x.ts').map((f) => `${f.line} ${f.name}`)).toEqual([
      '1 f', '2 g', '3 h', '4 p', '4 q', '6 constructor', '7 m', '8 a', '9 a', '10 r', '12 (anonymous)',
    ]);
  });

  test('a function counts its lines from its first to its last, what it nests included', () => {
    const text = 'export function outer() {\n  const inner = () => {\n    return 1;\n  };\n  return inner();\n}\n';
    expect(functionLengths(text, 'x.ts').map((f) => [f.name, f.lines])).toEqual([['outer', 6], ['inner', 3]]);
  });
});
