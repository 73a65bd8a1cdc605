/**
 * The GitHub Action's inputs and outputs (action.yml at the repository root), as pure functions.
 * A runner hands an action's inputs over as INPUT_<NAME> variables, the name upper-cased with its
 * spaces as `_` and its hyphens kept (@actions/core getInput: `INPUT_BASE-URL`); action.yml passes
 * them with `_` for the hyphen (INPUT_BASE_URL: a name any shell passes on, where dash drops one
 * with a hyphen); the entry reads either form.
 */
import { SETTINGS } from '../config/settings.js';

export const ACTION_INPUTS = ['base-url', 'config', 'target', 'fail-on', 'allow-mutations', 'reports', 'args'] as const;
export type ActionInput = (typeof ACTION_INPUTS)[number];

export function inputOf(env: Readonly<Record<string, string | undefined>>, name: ActionInput): string {
  const runners = `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
  return (env[runners] ?? env[runners.replace(/-/g, '_')] ?? '').trim();
}

/** `args` split as a shell would split plain words and quotes ('...' literal, "..." with \" and \\),
 * with no expansion of any kind: the text is the user's, nothing in it runs. */
export function splitArgs(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i];
      else word += c;
    } else if (/\s/.test(c)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      started = true;
      if (c === '"' || c === "'") quote = c;
      else word += c === '\\' && i + 1 < text.length ? text[++i] : c;
    }
  }
  if (quote) throw new ActionInputError(`args: a ${quote === '"' ? 'double' : 'single'} quote is not closed`);
  if (started) words.push(word);
  return words;
}

export class ActionInputError extends Error {}

/** A secret's flag in `args` would be written into the job's log with the step's inputs. */
const SECRET_FLAGS = new Set(SETTINGS.filter((s) => 'secret' in s && s.secret).map((s) => `--${s.flag}`));

/** The `run` command line the inputs stand for. Secrets come from the step's `env:` (TSIWS_SIG,
 * TSIWS_MOBILEKEY, ...), never from inputs: GitHub prints a step's inputs in the log. */
export function runArgvOf(env: Readonly<Record<string, string | undefined>>): string[] {
  const argv = ['run'];
  const value = (name: ActionInput, flag: string) => {
    const v = inputOf(env, name);
    if (v) argv.push(`--${flag}`, v);
  };
  value('base-url', 'base-url');
  value('config', 'config');
  value('target', 'target');
  value('fail-on', 'fail-on');
  argv.push('--reports', reportsOf(env));
  const mutations = inputOf(env, 'allow-mutations').toLowerCase();
  if (!['', 'true', 'false'].includes(mutations)) throw new ActionInputError(`allow-mutations: expected true or false, got "${inputOf(env, 'allow-mutations')}"`);
  if (mutations === 'true') argv.push('--allow-mutations');
  const extra = splitArgs(inputOf(env, 'args'));
  const secret = extra.find((a) => SECRET_FLAGS.has(a.split('=')[0]!));
  if (secret) throw new ActionInputError(`args: ${secret.split('=')[0]} is a secret; pass it through the step's env: (its TSIWS_ variable from secrets), not through an input, which the job's log shows`);
  return [...argv, ...extra];
}

export const reportsOf = (env: Readonly<Record<string, string | undefined>>): string => inputOf(env, 'reports') || 'reports';

/** The step's outputs, from the run's results.json summary (absent when the run wrote none: a
 * command line refused before any run, exit 2). */
export function outputsOf(exitCode: number, reports: string, summary: { verdict?: string; levels?: { error?: number; warning?: number } } | undefined): Record<string, string> {
  return {
    verdict: summary?.verdict ?? 'not-run',
    'exit-code': String(exitCode),
    errors: String(summary?.levels?.error ?? 0),
    warnings: String(summary?.levels?.warning ?? 0),
    reports,
  };
}

/** GITHUB_OUTPUT's `name<<DELIMITER` form: safe for any value, a path with a newline included. */
export function outputLines(outputs: Record<string, string>, delimiter: string): string {
  return Object.entries(outputs).map(([k, v]) => `${k}<<${delimiter}\n${v}\n${delimiter}\n`).join('');
}
