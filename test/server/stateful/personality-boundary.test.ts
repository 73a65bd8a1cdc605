/**
 * The tool must learn a target's habits, never know them (issue 49): no product code outside
 * src/server/ names a personality of the stateful service or imports the modules that hold the
 * knobs. The reference personality's name is an everyday word there ("the reference"), so the
 * other names are searched for, quoted, and the knob modules by their paths.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { PERSONALITIES } from '../../../src/server/stateful/personality.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const KNOB_MODULES = ['stateful/personality', 'stateful/rules', 'stateful/render', 'stateful/ids'];
const NAMES = PERSONALITIES.map((p) => p.name).filter((n) => n !== 'reference');

/** What in `text` names a personality or a knob module. */
export function personalityMentions(text: string): string[] {
  const names = NAMES.filter((n) => new RegExp(`['"\`]${n}['"\`]`).test(text));
  const modules = KNOB_MODULES.filter((m) => text.includes(`${m}.js`));
  const random = /['"`]random:/.test(text) ? ['random:'] : [];
  return [...names, ...modules, ...random];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

test('the search finds a quoted name, a knob module and random:, and nothing in plain prose', () => {
  expect(personalityMentions(`if (target === 'vendor-xml-strict') { import('../server/stateful/render.js'); run('random:5') }`)).toEqual(['vendor-xml-strict', 'stateful/render', 'random:']);
  expect(personalityMentions('// pairs of values, faults of the target, an exact match')).toEqual([]);
});

test('no file in src/ outside src/server/ names a personality or imports a knob module', () => {
  const src = join(ROOT, 'src');
  const offenders = sourceFiles(src).filter((f) => !relative(src, f).startsWith('server/'))
    .map((f) => ({ file: relative(ROOT, f), mentions: personalityMentions(readFileSync(f, 'utf8')) }))
    .filter((f) => f.mentions.length > 0)
    .map((f) => `${f.file}: ${f.mentions.join(', ')}`);
  expect(offenders).toEqual([]);
});
