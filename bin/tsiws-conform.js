#!/usr/bin/env -S node --
// The `--` ends node's own options: Node 20 reads `--env-file FILE` anywhere on its command line,
// even after the script, and exits 9 when FILE is missing before this script could say why.
// The published package runs the JavaScript compiled when it was packed (dist/, `prepack`), which
// starts at once; a checkout compiles its TypeScript sources on its first run (checkout-build.js),
// so `npm ci` needs no build.
// A console write that fails (`| head -1`, a killed `| tee`, a closed terminal) silences that
// stream and nothing else: the command goes on, a run writes every report, and the exit code is the
// command's own (console-stream.js).
import { consoleStream } from './console-stream.js';
const stdout = consoleStream(process.stdout);
const stderr = consoleStream(process.stderr);
// A run stops gracefully on SIGINT, SIGTERM and SIGHUP and still writes its reports. Loading the
// sources takes a second or two, so the run's signals are caught from here, before anything else:
// a Ctrl-C during start-up must not kill it with no report. `action` (the GitHub Action's entry) is
// a run too. Other commands keep Node's defaults.
const interruption = ['run', 'action'].includes(process.argv[2]) ? new AbortController() : undefined;
if (interruption) for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => interruption.abort(sig));
// Started through npx or `npm run`, the run's parent is npm (or its `sh -c`). A CI runner's SIGTERM
// on a job timeout reaches npm alone, which exits at once without passing it on: the run would go
// on alone and later report a verdict as if complete. A process whose parent ended is re-parented
// (ppid 1, or a subreaper's pid), so a changed ppid stops the run as SIGTERM does, with its exit
// code; the reason is PARENT_ENDED in src/results/interruption.ts. unref: the watch never delays an exit.
if (interruption) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    interruption.abort('parent process ended');
  }, 200);
  watch.unref();
}
// Imported only now, so that the listeners above come first.
const { existsSync } = await import('node:fs');
const compiled = new URL('../dist/cli/main.js', import.meta.url);
let main;
if (existsSync(compiled)) ({ main } = await import(compiled.href));
else {
  // A checkout: its sources compiled once for all its runs (checkout-build.js), else through tsx.
  const { compiledCheckout } = await import('./checkout-build.js');
  const built = await compiledCheckout(new URL('..', import.meta.url));
  if (built) ({ main } = await import(built.href));
  else {
    const { register } = await import('tsx/esm/api');
    register();
    ({ main } = await import('../src/cli/main.ts'));
  }
}
const code = await main(process.argv.slice(2), {
  out: (line) => stdout.write(`${line}\n`),
  err: (line) => stderr.write(`${line}\n`),
  env: process.env,
  tty: { out: process.stdout.isTTY === true, err: process.stderr.isTTY === true, columns: process.stderr.columns ?? process.stdout.columns },
  raw: { out: stdout.write, err: stderr.write },
  ...(interruption ? { interruption: interruption.signal } : {}),
});
process.exitCode = code;
// An interrupted run (130, 143) has written its reports; test workers still winding down must not
// keep the process alive. Otherwise the process ends when its work is done, and at the latest 5 s
// later if some handle leaked (unref: the timer never delays a clean exit).
if (code >= 128) process.exit(code);
setTimeout(() => process.exit(code), 5000).unref();
