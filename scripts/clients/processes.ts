/**
 * The tool's own commands as test:clients starts them, each a child process of the checkout's bin:
 * the target (`tsiws-conform serve`, with --stateful for the stateful one) and the proxy in front of
 * it (`tsiws-conform proxy`), each on a free loopback port, stopped by SIGTERM as a user would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Started {
  /** Scheme, host and port. */
  readonly url: string;
  readonly port: number;
  /** SIGTERM, then its exit code once it has exited (the proxy writes its reports first). */
  stop(): Promise<number>;
}

/** Starts `tsiws-conform <args>` and waits for the line in which `ready` finds its URL. */
function start(args: readonly string[], ready: RegExp): Promise<Started> {
  const child: ChildProcess = spawn(process.execPath, ['--', 'bin/tsiws-conform.js', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGTERM'); reject(new Error(`tsiws-conform ${args.join(' ')} did not start within 30 s:\n${output}`)); }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = ready.exec(output);
      if (!m) return;
      clearTimeout(timer);
      const url = m[1]!;
      resolve({
        url, port: Number(new URL(url).port),
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`tsiws-conform ${args.join(' ')} exited (${code}) before it listened:\n${output}`)); });
  });
}

export type ServerKind = 'embedded' | 'stateful';

export const startTarget = (kind: ServerKind): Promise<Started> =>
  start(['serve', '--port', '0', ...(kind === 'stateful' ? ['--stateful'] : [])], /listening on (http:\/\/[^/\s]+)/);

export const startProxy = (target: string, reports: string): Promise<Started> =>
  start(['proxy', '--target', target, '--port', '0', '--reports', reports], /^tsiws-conform proxy: (http:\/\/[^/\s]+)/m);
