/** tsiws-conform: parse the command, load it lazily, exit through one error handler. */
import { didYouMean } from '../config/suggest.js';
import { toolInfo } from '../results/tool-info.js';
import { visibleControls } from '../results/visible-controls.js';
import type { CommandId } from '../config/commands.js';
import { EXIT } from './exit-codes.js';

export interface Io {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout and stderr are terminals (a progress bar is drawn only there). */
  readonly tty?: { readonly out: boolean; readonly err: boolean; readonly columns?: number };
  /** Text written as it is, without a newline (to redraw a progress bar). */
  readonly raw?: { readonly out: (text: string) => void; readonly err: (text: string) => void };
  /** Aborted, with the signal's name as its reason, by SIGINT, SIGTERM or SIGHUP to the process:
   * the executable listens from its first line, so a signal during start-up is not lost. */
  readonly interruption?: AbortSignal;
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<{ default: (argv: string[], io: Io) => Promise<number> }> }> = {
  run: { summary: 'run the conformance suites against a target (default: the embedded reference server)', load: () => import('./run.js') },
  'merge-reports': { summary: 'join the reports of a run made in shards (run --shard i/n) into one set', load: () => import('./merge-reports.js') },
  replay: { summary: 're-send a saved failure (reports/failures/<id>.json) and re-run its checks', load: () => import('./replay.js') },
  checks: { summary: 'list the check catalog (--json for machines)', load: () => import('./checks.js') },
  serve: { summary: 'start the embedded reference server', load: () => import('./serve.js') },
  proxy: { summary: "forward a real client's calls to --target, judge them, and write the reports when stopped", load: () => import('./proxy.js') },
  wsdl: { summary: 'print (or with --write, regenerate wsdl/) the reconstructed WSDL', load: () => import('./wsdl.js') },
  'diff-wsdl': { summary: 'compare a published WSDL with the reconstructed contract (exit 1 on drift)', load: () => import('./diff-wsdl.js') },
  compare: { summary: 'compare two report folders: checks that newly fail or pass (exit 1 if any newly fails)', load: () => import('./compare.js') },
  shapes: { summary: "shapes infer DIR: learn each operation's result schema from a run's reports or a baseline (for --result-schemas)", load: () => import('./shapes.js') },
  'verify-certificate': { summary: 'check that a reports folder matches its certificate.json (exit 1 if a report was altered)', load: () => import('./verify-certificate.js') },
  contract: { summary: 'print a WSDL\'s operations as contract table rows (--from-wsdl FILE)', load: () => import('./contract.js') },
  action: { summary: 'the GitHub Action\'s entry (action.yml): run with the step\'s INPUT_* inputs, then write its outputs to $GITHUB_OUTPUT', load: () => import('./action.js') },
};

function usage(): string {
  const lines = ['Usage: tsiws-conform <command> [flags]', '', 'Commands:'];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2)}${c.summary}`);
  lines.push('', 'Run "tsiws-conform <command> --help" for its flags.', '"tsiws-conform --version" prints the version.', 'Exit codes: 0 conforms, 1 findings, 2 bad usage or configuration, 3 target unreachable, 4 internal error.');
  return lines.join('\n');
}

/** Read here rather than through a command: --version loads nothing else (tool-info.ts imports only node:fs). */
function version(): string {
  const { name, version } = toolInfo();
  return `${name} ${version}`;
}

async function printedHelp(name: string, argv: readonly string[], io: Io): Promise<boolean> {
  if (!argv.some((a) => a === '--help' || a === '-h')) return false;
  const [{ readCommandLine }, { commandHelp }] = await Promise.all([import('../config/resolve.js'), import('./help.js')]);
  try {
    if (!readCommandLine(name as CommandId, argv).help) return false;
  } catch {
    return false;
  }
  io.out(commandHelp(name as CommandId));
  return true;
}

export async function main(argv: string[], given: Io): Promise<number> {
  // Every line a command prints passes here, and many hold the target's text (fault strings, check
  // messages, curl commands): none may drive the terminal. The reports are written apart, as they
  // were. `raw` is the progress bar's own escapes, and carries nothing of the target's.
  const io: Io = { ...given, out: (line) => given.out(visibleControls(line)), err: (line) => given.err(visibleControls(line)) };
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    io.out(version());
    return EXIT.conforms;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name ? EXIT.conforms : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`tsiws-conform: unknown command "${name}"${didYouMean(name, Object.keys(COMMANDS))}; expected one of ${Object.keys(COMMANDS).join(', ')}`);
    return EXIT.usage;
  }
  // A command's own --help is printed from the settings tables, before the command (and its engine,
  // server or XML library) is loaded. A command line that does not parse goes to the command, which
  // reports it its own way (run writes reports even for bad usage).
  if (await printedHelp(name, rest, io)) return EXIT.conforms;
  try {
    return await (await command.load()).default(rest, io);
  } catch (err) {
    // Loaded only here: it knows every error class, and so the engine (--version must not load it).
    const { exitCodeFor } = await import('./errors.js');
    return exitCodeFor(err, io.err);
  }
}
