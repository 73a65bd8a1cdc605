/** The bin's proxy in a child process, once it listens (test/cli/proxy.test.ts, proxy-load.test.ts). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterOutput, BIN } from './cli.js';

/** Starts `proxy --target TARGET --port 0` with its own reports folder; `started` collects the
 * child for the test's clean-up; `env`: variables beside PATH. */
export async function startProxyCli(target: string, extra: readonly string[], started: ChildProcess[], env: Record<string, string> = {}) {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-proxy-cli-'));
  const reports = join(cwd, 'reports');
  const child = spawn(process.execPath, ['--', BIN, 'proxy', '--target', target, '--port', '0', '--reports', reports, ...extra], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env } });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([afterOutput(() => out, 'WSDL: ', 0), exited.then((code) => {
    throw new Error(`proxy exited ${code} before listening: ${err}`);
  })]);
  const url = /^tsiws-conform proxy: (http:\/\/[^ ]+)\/api\/rmm\/tsiWS\.asmx -> /.exec(out)![1]!;
  return { cwd, reports, url, exited, child, out: () => out, err: () => err };
}
