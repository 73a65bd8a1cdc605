/** The README starts with the two newcomer commands and stays short; the docs pages document every
 * flag, variable, command setting and check (their tables are generated, generated.test.ts holds
 * them to the code; this says nothing was left out of the generator). */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CHECK_IDS, CLIENT_CHECK_IDS } from '../../src/checks/registry.js';
import { COMMAND_SETTINGS } from '../../src/config/command-settings.js';
import { COMMAND_IDS } from '../../src/config/setting.js';
import { SETTINGS } from '../../src/config/settings.js';

const page = (file: string): string => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const readme = page('README.md');
const cli = page('docs/cli.md');
const checks = page('docs/checks.md');

test('README starts with the main job and the test command, in at most 250 lines', () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(firstBlock.split('\n')[0]).toMatch(/^npm ci && npm run conform\s+#/);
  expect(firstBlock.split('\n')[1]).toMatch(/^npm test\s+#/);
  expect(readme.split('\n').length).toBeLessThanOrEqual(250);
});

test.each(SETTINGS.map((s) => [s.flag, s.env]))('docs/cli.md documents --%s and %s', (flag, env) => {
  expect(cli).toContain(`| \`--${flag}\` | \`${env}\` |`);
});

test.each(COMMAND_SETTINGS.map((s) => [s.flag, s.commands.join(', '), 'env' in s ? s.env : undefined] as const))('docs/cli.md documents --%s of %s, and its variable (%s)', (flag, _, env) => {
  expect(cli).toContain(`| \`--${flag}\` | ${env ? `\`${env}\`` : ''} |`);
});

test.each(CLIENT_CHECK_IDS)('docs/checks.md lists client check %s in the client checks table', (id) => {
  const table = checks.slice(checks.indexOf('<!-- client-checks:begin -->'), checks.indexOf('<!-- client-checks:end -->'));
  expect(table).toMatch(new RegExp(`^\\| \`${id}\` \\|`, 'm'));
});

test.each(CHECK_IDS)('docs/checks.md lists check %s in the catalog table', (id) => {
  expect(checks).toMatch(new RegExp(`^\\| \`${id}\` \\|`, 'm'));
});

test.each(COMMAND_IDS.map((id) => [id === 'bench' ? 'npm run bench' : `tsiws-conform ${id}`]))('docs/cli.md lists the command %s', (command) => {
  expect(cli).toMatch(new RegExp(`^\\| \`${command}[ \`]`, 'm'));
});
