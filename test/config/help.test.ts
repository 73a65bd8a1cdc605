/** Every command's --help lists its flags under the settings' groups (issue 50): its own flags, then
 * run's groups in SETTING_GROUPS' order (target, signing, safety first), then --env-file; each flag
 * once, under its group's heading, in lines an 80-column terminal shows whole. docs/cli.md's run
 * tables have the same headings (test/docs/generated.test.ts keeps the page in step with them). */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { COMMAND_IDS, defaultTextOf, ENV_FILE_HEADING, helpText, optionsOf, settingsOf, type AnySetting, type CommandId } from '../../src/config/commands.js';
import { flagLines, flagText, HELP_WIDTH, usageLines, wrap } from '../../src/config/help-layout.js';
import { GROUP_HEADINGS, SETTING_GROUPS } from '../../src/config/setting.js';
import { readBlock } from '../../scripts/docs/blocks.js';

interface HelpFlag { readonly names: readonly string[]; text: string }
interface HelpSection { readonly heading: string; readonly flags: HelpFlag[] }

/** The help as a reader scans it: a heading is a line at the margin ending in ":" after a blank line;
 * under it, a flag line starts "  --", and a deeper-indented line continues the flag's text. */
function sectionsOf(help: string): HelpSection[] {
  const sections: HelpSection[] = [];
  const lines = help.split('\n');
  lines.forEach((line, i) => {
    const flags = sections.at(-1)?.flags;
    const flag = /^ {2}(--[\w-]+(?:, --[\w-]+)*)(?: +(.*))?$/.exec(line);
    if (lines[i - 1] === '' && /^\S.*:$/.test(line)) sections.push({ heading: line.slice(0, -1), flags: [] });
    else if (flags && flag) flags.push({ names: flag[1]!.split(', '), text: flag[2] ?? '' });
    else if (flags?.length && /^ {3,}\S/.test(line)) flags.at(-1)!.text = `${flags.at(-1)!.text} ${line.trim()}`.trim();
  });
  return sections;
}

const ownHeading = (command: CommandId): string => `Flags of ${command}`;
const headingOf = (s: AnySetting, command: CommandId): string => ('group' in s ? GROUP_HEADINGS[s.group] : ownHeading(command));

/** What is wrong with `help` as command's --help: headings out of order, a flag missing, repeated or
 * under another heading, its default or variable not stated, a line too wide. */
function problemsOf(command: CommandId, help: string): string[] {
  const problems: string[] = [];
  const sections = sectionsOf(help);
  const order = [ownHeading(command), ...SETTING_GROUPS.map((g) => GROUP_HEADINGS[g]), ENV_FILE_HEADING];
  const headings = sections.map((s) => s.heading);
  const ranks = headings.map((h) => order.indexOf(h));
  if (ranks.some((r, i) => r < 0 || (i > 0 && r <= ranks[i - 1]!))) problems.push(`headings out of order: ${headings.join(' | ')}`);
  const listed = sections.flatMap((section) => section.flags.flatMap((f) => f.names.map((name) => ({ name, heading: section.heading, text: f.text }))));
  for (const flag of Object.keys(optionsOf(command))) {
    const at = listed.filter((l) => l.name === `--${flag}`);
    if (at.length !== 1) problems.push(`--${flag} listed ${at.length} times`);
    const s = settingsOf(command).find((x) => x.flag === flag || ('alias' in x && x.alias.flag === flag));
    const want = s ? headingOf(s, command) : ENV_FILE_HEADING;
    if (at[0] && at[0].heading !== want) problems.push(`--${flag} under "${at[0].heading}", not "${want}"`);
    if (at[0] && s && !at[0].text.includes(`[default: ${defaultTextOf(s)}]`)) problems.push(`--${flag}: no [default: ${defaultTextOf(s)}]`);
    if (at[0] && s && 'env' in s && !at[0].text.includes(`[env: ${s.env}]`)) problems.push(`--${flag}: no [env: ${s.env}]`);
  }
  for (const l of listed) if (!(l.name.slice(2) in optionsOf(command))) problems.push(`${l.name} is no flag of ${command}`);
  for (const line of help.split('\n')) if (line.length > HELP_WIDTH) problems.push(`wider than ${HELP_WIDTH}: ${line}`);
  return problems;
}

test('run --help: the target, signing and safety first, each group a heading, in this order', () => {
  const sections = sectionsOf(helpText('run'));
  expect(sections.map((s) => s.heading)).toEqual([
    'Target', "Signing (the spec's authentication values)", 'Safety for live targets',
    'Access (headers, credentials, proxy, TLS, time limits)', 'Requests', 'Checks and verdict', 'Reports and console', 'Execution',
    'Configuration file',
  ]);
  const under = (flag: string) => sections.findIndex((s) => s.flags.some((f) => f.names.includes(flag)));
  expect([under('--base-url'), under('--signer'), under('--allow-mutations')]).toEqual([0, 1, 2]);
});

test.each(COMMAND_IDS)('%s --help: every flag once, under its group, with its default and variable, within 80 columns', (command) => {
  expect(problemsOf(command, helpText(command, { normalise: ['timestamps'] }))).toEqual([]);
});

test('a command\'s own flags come first; a command that reads variables ends with --env-file', () => {
  expect(sectionsOf(helpText('serve')).map((s) => s.heading)).toEqual(['Flags of serve', 'Target', "Signing (the spec's authentication values)", 'Configuration file']);
  expect(sectionsOf(helpText('merge-reports'))).toEqual([
    { heading: 'Reports and console', flags: [{ names: ['--reports', '--reports-dir'], text: 'Folder the reports are written to [default: reports] [env: TSIWS_REPORTS]' }] },
    { heading: 'Configuration file', flags: [{ names: ['--env-file'], text: '.env file to read [default: .env] [env: TSIWS_ENV_FILE]' }] },
  ]);
  expect(sectionsOf(helpText('contract')).map((s) => s.heading)).toEqual(['Flags of contract']);
});

test('the check of a help fires on a flag moved, repeated or dropped, headings swapped, and a line too wide', () => {
  const help = helpText('run');
  const moved = help.replace(/\n {2}--allow-mutations[^\n]*(\n {25}[^\n]*)*/, '').replace('Target:\n', `Target:\n${flagLines('--allow-mutations', 'x').join('\n')}\n`);
  expect(problemsOf('run', moved)).toContain('--allow-mutations under "Target", not "Safety for live targets"');
  expect(problemsOf('run', `${help}\n  --seed                 again`)).toContain('--seed listed 2 times');
  expect(problemsOf('run', help.replace(/\n {2}--quiet /, '\n  quiet '))).toContain('--quiet listed 0 times');
  expect(problemsOf('run', help.replace('\nTarget:', '\nRequests:').replace('\nRequests:\n  --transports', '\nTarget:\n  --transports')).some((p) => p.startsWith('headings out of order'))).toBe(true);
  expect(problemsOf('run', help.replace('[env: TSIWS_SEED]', ''))).toContain('--seed: no [env: TSIWS_SEED]');
  expect(problemsOf('run', `${help}\n${'x'.repeat(81)}`)).toEqual([`wider than 80: ${'x'.repeat(81)}`]);
});

test('docs/cli.md lists run\'s flags under the headings of run --help, in its order', () => {
  const page = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  const headings = [...(readBlock(page, 'run-settings') ?? '').matchAll(/^### (.*)$/gm)].map((m) => m[1]);
  expect(headings).toEqual(sectionsOf(helpText('run')).map((s) => s.heading));
});

test('wrap breaks at spaces within the width; a word longer than a line stays whole', () => {
  expect(wrap('aa bb cc dd', '> ', '  ', 8)).toEqual(['> aa bb', '  cc dd']);
  expect(wrap('a verylongword b', '', '', 6)).toEqual(['a', 'verylongword', 'b']);
  expect(wrap('', '  ')).toEqual(['  ']);
});

test('a default\'s opening and a variable stay whole; a usage line breaks between its bracketed parts', () => {
  const text = flagText('Time allowed', '(no limit)', 'TSIWS_X');
  expect(wrap(text, '', '', 22)).toEqual(['Time allowed', '[default: (no limit)]', '[env: TSIWS_X]']);
  for (let width = 8; width < 40; width++) expect(wrap(text, '', '', width).filter((l) => /\[default:$|\[env:$|^TSIWS_X\]$/.test(l))).toEqual([]);
  expect(wrap(flagText('Help words here', 'x'), '', '', 16)).toEqual(['Help words here', '[default: x]']);
  const usage = usageLines(`tool ${Array.from({ length: 12 }, (_, i) => `[--flag${i} VALUE]`).join(' ')}`);
  expect(usage.every((l) => l.length <= HELP_WIDTH && (l.match(/\[/g) ?? []).length === (l.match(/\]/g) ?? []).length)).toBe(true);
  expect(usage[1]!.startsWith('    [--flag')).toBe(true);
});

test('a flag name too long for its column takes a line of its own, its text under the column', () => {
  expect(flagLines('--short', 'text')).toEqual([`  --short${' '.repeat(16)}text`]);
  expect(flagLines('--reference-secondary-url', 'text')).toEqual(['  --reference-secondary-url', `${' '.repeat(25)}text`]);
});
