/** A checkout compiles its sources once for all its runs (bin/checkout-build.js): a tree per set of
 * sources, built whole before it is used, kept while runs may use it, and tsx whenever it cannot. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { compiledCheckout } from '../../bin/checkout-build.js';

const NODE_MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url));
let dir: string;
const root = () => pathToFileURL(`${dir}/`);
const trees = () => readdirSync(join(dir, '.build')).sort();
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

function source(path: string, text: string): void {
  mkdirSync(join(dir, 'src', path, '..'), { recursive: true });
  writeFileSync(join(dir, 'src', path), text);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tsiws-checkout-'));
  writeFileSync(join(dir, 'package.json'), '{"name":"checkout","type":"module"}');
  symlinkSync(NODE_MODULES, join(dir, 'node_modules'));
  source('lib/twice.ts', 'export interface Doubled { value: number }\nexport function twice(n: number): Doubled { return { value: n * 2 }; }\n');
  source('cli/main.ts', "import { twice, type Doubled } from '../lib/twice.js';\nexport const main = (n: number): number => (twice(n) as Doubled).value;\n");
});
afterEach(() => {
  delete process.env['TSIWS_CHECKOUT_BUILD'];
  rmSync(dir, { recursive: true, force: true });
});

test('the sources are compiled into .build/<key>/ and run from there, types stripped', async () => {
  const built = await compiledCheckout(root());
  expect(fileURLToPath(built!)).toMatch(/\/\.build\/[0-9a-f]{16}\/cli\/main\.js$/);
  expect((await import(built!.href)).main(21)).toBe(42);
});

test('the same sources reuse their tree (marked as used); a changed source gets a new one, the old kept', async () => {
  const first = await compiledCheckout(root());
  const tree = join(fileURLToPath(first!), '..', '..');
  utimesSync(tree, daysAgo(2), daysAgo(2));
  expect((await compiledCheckout(root()))!.href).toBe(first!.href);
  expect(Date.now() - statSync(tree).mtimeMs).toBeLessThan(60_000);
  source('lib/twice.ts', 'export function twice(n: number) { return { value: n * 3 }; }\n');
  const second = await compiledCheckout(root());
  expect(second!.href).not.toBe(first!.href);
  expect((await import(second!.href)).main(21)).toBe(63);
  expect(trees()).toHaveLength(2);
});

test('building a tree removes those unused for a day and builds left unfinished for an hour, not one under way', async () => {
  mkdirSync(join(dir, '.build', 'aaaaaaaaaaaaaaaa'), { recursive: true });
  mkdirSync(join(dir, '.build', 'tmp-1-abandoned'));
  mkdirSync(join(dir, '.build', 'tmp-2-building'));
  mkdirSync(join(dir, '.build', 'bbbbbbbbbbbbbbbb'));
  utimesSync(join(dir, '.build', 'aaaaaaaaaaaaaaaa'), daysAgo(2), daysAgo(2));
  utimesSync(join(dir, '.build', 'tmp-1-abandoned'), daysAgo(0.1), daysAgo(0.1));
  const built = await compiledCheckout(root());
  const key = fileURLToPath(built!).split('/').at(-3)!;
  expect(trees()).toEqual(['bbbbbbbbbbbbbbbb', key, 'tmp-2-building'].sort());
});

test('runs starting at once build one tree between them, whole, and leave no build behind', async () => {
  const built = await Promise.all([1, 2, 3].map(() => compiledCheckout(root())));
  expect(new Set(built.map((u) => u!.href)).size).toBe(1);
  expect(trees()).toHaveLength(1);
  expect((await import(built[0]!.href)).main(1)).toBe(2);
});

test('tsx is used instead when asked (TSIWS_CHECKOUT_BUILD=off), when a source does not compile, and without esbuild', async () => {
  process.env['TSIWS_CHECKOUT_BUILD'] = 'off';
  expect(await compiledCheckout(root())).toBeUndefined();
  delete process.env['TSIWS_CHECKOUT_BUILD'];
  source('lib/broken.ts', 'export const = ;\n');
  expect(await compiledCheckout(root())).toBeUndefined();
  expect(existsSync(join(dir, '.build')) ? trees() : []).toEqual([]);
  rmSync(join(dir, 'src', 'lib', 'broken.ts'));
  rmSync(join(dir, 'node_modules'));
  expect(await compiledCheckout(root())).toBeUndefined();
});
