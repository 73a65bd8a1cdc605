/** serve resolves the settings it shares with run through the one settings table: the environment
 * and .env name its namespace and auth secret as they do run's, and its flags win. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BIN } from '../support/cli.js';

/** The first line serve prints (where it listens, and with which settings); then it is stopped. */
function firstLine(args: string[], env: Record<string, string>, cwd = mkdtempSync(join(tmpdir(), 'tsiws-serve-'))): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--', BIN, 'serve', '--port', '0', ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env } });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) {
        child.kill('SIGTERM');
        resolve(out.split('\n')[0]!);
      }
    });
    child.once('exit', (code) => (out.includes('\n') ? undefined : reject(new Error(`serve exited ${code} before printing`))));
  });
}

test('TSIWS_NAMESPACE, TSIWS_AUTH_SECRET and TSIWS_RESULT_FORMAT from the environment; flags win', async () => {
  expect(await firstLine([], { TSIWS_NAMESPACE: 'urn:from-env', TSIWS_AUTH_SECRET: 'secret' })).toMatch(/\(namespace urn:from-env, json results, signatures enforced\)$/);
  expect(await firstLine(['--namespace', 'urn:from-flag', '--result-format', 'xml'], { TSIWS_NAMESPACE: 'urn:from-env', TSIWS_RESULT_FORMAT: 'json' })).toMatch(/\(namespace urn:from-flag, xml results\)$/);
});

test('.env is read as run reads it', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-serve-'));
  writeFileSync(join(cwd, '.env'), 'TSIWS_NAMESPACE=urn:from-dotenv\n');
  expect(await firstLine([], {}, cwd)).toMatch(/\(namespace urn:from-dotenv, json results\)$/);
});
