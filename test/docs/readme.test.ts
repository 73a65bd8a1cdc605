/** README documents every flag, variable and check, and starts with the two newcomer commands. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CHECK_IDS } from '../../src/checks/registry.js';
import { COMMAND_SETTINGS } from '../../src/config/command-settings.js';
import { SETTINGS } from '../../src/config/settings.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
// Rows not folded into the README yet (docs/negative-cases-addendum.md says so) count as documented.
const documented = `${readme}\n${readFileSync(new URL('../../docs/negative-cases-addendum.md', import.meta.url), 'utf8')}`;

test('README starts with the main job and the test command', () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(firstBlock.split('\n')[0]).toMatch(/^npm ci && npm run conform\s+#/);
  expect(firstBlock.split('\n')[1]).toMatch(/^npm test\s+#/);
});

test.each(SETTINGS.map((s) => [s.flag, s.env]))('README documents --%s and %s', (flag, env) => {
  expect(documented).toContain(`| \`--${flag}\` | \`${env}\` |`);
});

test.each(COMMAND_SETTINGS.map((s) => [s.flag, s.commands.join(', '), 'env' in s ? s.env : undefined] as const))('README documents --%s of %s, and its variable (%s)', (flag, _, env) => {
  expect(readme).toContain(`| \`--${flag}\` | ${env ? `\`${env}\` ` : ''}|`);
});

test.each(CHECK_IDS)('README lists check %s in the catalog table', (id) => {
  expect(documented).toMatch(new RegExp(`^\\| \`${id}\` \\|`, 'm'));
});
