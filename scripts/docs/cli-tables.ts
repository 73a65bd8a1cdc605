/** The flag and variable tables of docs/cli.md, from the two settings tables (src/config/settings.ts,
 * src/config/command-settings.ts): each row's flag, variable, help and default, as --help shows them. */
import { CATALOGS } from '../../src/checks/catalogs.js';
import { ALL_DEFAULTS, CONFIG_FLAG_HELP, defaultTextOf, flagSections, type AnySetting } from '../../src/config/commands.js';
import { COMMAND_SETTINGS } from '../../src/config/command-settings.js';
import { COMMAND_IDS, CONFIG_FILE, CONFIG_TARGET, ENV_FILE, type CommandId } from '../../src/config/setting.js';
import { SETTINGS } from '../../src/config/settings.js';
import { cell } from './blocks.js';

/** How a command is started, where that is not `tsiws-conform <id>`. */
const COMMAND_NAME: Partial<Record<CommandId, string>> = { shapes: 'shapes infer', bench: 'npm run bench' };
const nameOf = (command: CommandId): string => COMMAND_NAME[command] ?? command;

const code = (text: string): string => `\`${text}\``;

/** A default in the words the table gives it, or the value itself as code; a flag's off is "off". */
function defaultCell(s: AnySetting): string {
  if ('defaultText' in s && s.defaultText !== undefined) return cell(s.defaultText.replace(/^\((.*)\)$/, '$1'));
  const value = ALL_DEFAULTS[s.key];
  if ('boolean' in s && s.boolean && value === false) return 'off';
  return code(defaultTextOf(s));
}

function meaningCell(s: AnySetting): string {
  const names = 'catalog' in s ? CATALOGS[s.catalog] : undefined;
  return cell(`${s.help}${names ? `: ${names.join(', ')}` : ''}`);
}

const envCell = (s: AnySetting): string => ('env' in s && s.env !== undefined ? code(s.env) : '');

/** Every setting of run (and replay), in the sections of run --help (src/config/commands.ts,
 * flagSections): a heading and a table of flag, variable, meaning, default for each; --env-file last. */
export function runSettingsTable(): string {
  const header = ['| flag | variable | meaning | default |', '|---|---|---|---|'];
  return flagSections('run').map((section) => [
    `### ${section.heading}`,
    '',
    ...header,
    ...section.settings.map((s) => `| ${code(`--${s.flag}`)} | ${envCell(s)} | ${meaningCell(s)} | ${defaultCell(s)} |`),
    ...(section.envFile ? [
      `| ${code(`--${ENV_FILE.flag}`)} | ${code(ENV_FILE.env)} (environment only) | the .env file to read (an explicit one must exist); through npx write ${code('npx -- tsiws-conform run --env-file F')} (see [CI](ci.md#starting-it-through-npx)) | ${code('.env')} |`,
      `| ${code(`--${CONFIG_FILE.flag}`)} | ${code(CONFIG_FILE.env)} | ${cell(CONFIG_FLAG_HELP.config)} | ${cell(CONFIG_FLAG_HELP.configDefault)} |`,
      `| ${code(`--${CONFIG_TARGET.flag}`)} | ${code(CONFIG_TARGET.env)} | ${cell(CONFIG_FLAG_HELP.target)} | ${cell(CONFIG_FLAG_HELP.targetDefault.replace(/^\((.*)\)$/, '$1'))} |`,
    ] : []),
  ].join('\n')).join('\n\n');
}

/** Per command other than run and replay: the settings of run's table it takes too, group by group as its --help lists them. */
export function sharedSettingsTable(): string {
  const rows = COMMAND_IDS.filter((c) => c !== 'run' && c !== 'replay')
    .map((c) => [c, flagSections(c).flatMap((section) => section.settings).filter((s) => (SETTINGS as readonly AnySetting[]).includes(s))] as const)
    .filter(([, shared]) => shared.length > 0)
    .map(([c, shared]) => `| ${code(nameOf(c))} | ${shared.map((s) => `${code(`--${s.flag}`)}${'alias' in s && s.alias.command === c ? ` (also ${code(`--${s.alias.flag}`)})` : ''}`).join(', ')} |`);
  return ['| command | settings it shares with `run` (flags and variables as above) |', '|---|---|', `| ${code('replay')} | all of them |`, ...rows].join('\n');
}

/** The settings one command alone takes. */
export function commandSettingsTable(): string {
  const rows = COMMAND_SETTINGS.map((s) => `| ${s.commands.map((c) => code(nameOf(c))).join(', ')} | ${code(`--${s.flag}`)} | ${envCell(s)} | ${meaningCell(s)} | ${defaultCell(s)} |`);
  return ['| command | flag | variable | meaning | default |', '|---|---|---|---|---|', ...rows].join('\n');
}
