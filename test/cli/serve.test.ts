/** serve resolves the settings it shares with run through the one settings table: the environment
 * and .env name its namespace and auth secret as they do run's, and its flags win. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BIN } from '../support/cli.js';

/** The first `count` lines serve prints (where it listens, and with which settings); then it is stopped. */
function firstLines(args: string[], env: Record<string, string>, count: number, cwd = mkdtempSync(join(tmpdir(), 'tsiws-serve-'))): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--', BIN, 'serve', '--port', '0', ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env } });
    let out = '';
    const lines = () => out.split('\n').slice(0, -1);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (lines().length >= count) {
        child.kill('SIGTERM');
        resolve(lines().slice(0, count));
      }
    });
    child.once('exit', (code) => (lines().length >= count ? undefined : reject(new Error(`serve exited ${code} after printing ${JSON.stringify(out)}`))));
  });
}

const firstLine = async (args: string[], env: Record<string, string>, cwd?: string) => (await firstLines(args, env, 1, cwd))[0]!;

test('TSIWS_NAMESPACE, TSIWS_AUTH_SECRET and TSIWS_RESULT_FORMAT from the environment; flags win', async () => {
  expect(await firstLine([], { TSIWS_NAMESPACE: 'urn:from-env', TSIWS_AUTH_SECRET: 'secret' })).toMatch(/\(namespace urn:from-env, json results, signatures enforced\)$/);
  expect(await firstLine(['--namespace', 'urn:from-flag', '--result-format', 'xml'], { TSIWS_NAMESPACE: 'urn:from-env', TSIWS_RESULT_FORMAT: 'json' })).toMatch(/\(namespace urn:from-flag, xml results\)$/);
});

test('.env is read as run reads it', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-serve-'));
  writeFileSync(join(cwd, '.env'), 'TSIWS_NAMESPACE=urn:from-dotenv\n');
  expect(await firstLine([], {}, cwd)).toMatch(/\(namespace urn:from-dotenv, json results\)$/);
});

// Issue 59, item 5: a stateful mutant whose deviation a personality cannot express is not served.
test('serve --stateful --personality P --mutant M, M not applicable to P: one line says so and why, then P is served without M', async () => {
  const [notice, listening] = await firstLines(['--stateful', '--personality', 'vendor-faults', '--mutant', 'stateful-error-not-json'], {}, 2);
  expect(notice).toBe('--mutant stateful-error-not-json does not apply to personality vendor-faults (business errors are SoapException faults there: no error text is written): serving vendor-faults unchanged, without the mutant');
  expect(listening).toMatch(/^tsiws reference server listening on .*personality vendor-faults, /);
  expect(listening).not.toContain('MUTANT');
});

test('serve --stateful --personality P --mutant M, M applicable to P: served with M, no such line', async () => {
  const [listening] = await firstLines(['--stateful', '--personality', 'vendor-exact', '--mutant', 'stateful-error-not-json'], {}, 1);
  expect(listening).toMatch(/^tsiws reference server listening on .*personality vendor-exact, .*MUTANT stateful-error-not-json\)$/);
});
