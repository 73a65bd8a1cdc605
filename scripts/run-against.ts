/**
 * The CLI's run against a real stack a script started (test:asmx, test:gsoap): its stdout is
 * collected, an interrupt stops the run first and then the stack, and the stack is stopped when the
 * run ends.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs `node -- bin/tsiws-conform.js run ...runArgs` in the repository; resolves its exit code and
 * stdout once `stop` has stopped the stack. */
export async function runCliAgainst(runArgs: readonly string[], stop: () => Promise<void>): Promise<{ exitCode: number; stdout: string }> {
  // '--' ends node's options: Node 20 would read an --env-file among the run flags itself (see the bin).
  const cli = spawn(process.execPath, ['--', 'bin/tsiws-conform.js', 'run', ...runArgs], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  cli.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
  // The interrupt is this run's only while it lasts: test:personalities runs one after another in
  // one process, and a listener left behind would stop an earlier stack again (and Node warns of
  // a leak at the eleventh).
  const interrupted = (signal: 'SIGINT' | 'SIGTERM') => () => {
    cli.kill(signal);
    void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  const listeners = [['SIGINT', interrupted('SIGINT')], ['SIGTERM', interrupted('SIGTERM')]] as const;
  for (const [signal, listener] of listeners) process.once(signal, listener);
  const exitCode = await new Promise<number>((resolve) => cli.once('exit', (code, sig) => resolve(code ?? (sig ? 1 : 0))));
  for (const [signal, listener] of listeners) process.off(signal, listener);
  await stop();
  return { exitCode, stdout };
}
