/** Issue 59, item 7, as a vendor meets it: a service whose business errors are SOAP faults, with
 * HttpSoap12 removed from its web.config. `serve --stateful --personality vendor-faults --mutant
 * soap12-not-enabled` (the bin, a child process) as the target of `run --base-url ...
 * --allow-mutations` with the personality's signer: the run names transport-not-enabled with its
 * fix, and that diagnosis explains at least 90% of the findings (the runtime's faults to SOAP 1.2
 * requests are findings, never business failures). A system test: one full run, about 25 s. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BIN, REPO, runCliProcess, type CliResult } from '../support/cli.js';

const SECRET = 'soap12-not-enabled-secret';
let server: ChildProcess;
let run: CliResult;

/** The bin's serve, resolved with the URL its first line names. */
function serve(args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--', BIN, 'serve', ...args], { env: { PATH: process.env['PATH'] ?? '', TSIWS_AUTH_SECRET: SECRET }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const url = /listening on (http:\/\/[^/\s]+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

beforeAll(async () => {
  const served = await serve(['--stateful', '--personality', 'vendor-faults', '--mutant', 'soap12-not-enabled', '--port', '0']);
  server = served.child;
  run = await runCliProcess(['run', '--base-url', served.url, '--allow-mutations', '--signer', join(REPO, 'examples/signer.mjs'), '--seed', '1'], { TSIWS_AUTH_SECRET: SECRET });
}, 240_000);
afterAll(() => {
  server?.kill('SIGTERM');
});

type Failure = { transport: string; check: string; level: string; diagnosis?: string };

test('transport-not-enabled, with its web.config fix, explains at least 90% of the findings', () => {
  expect([run.code, run.stderr]).toEqual([1, '']);
  const results = run.json('results.json');
  const failures = results.failures as Failure[];
  const [first, ...more] = results.diagnoses as Array<{ id: string; fix: string; explains: { count: number } }>;
  expect([first!.id, first!.fix, more]).toEqual(['transport-not-enabled', 'add <add name="HttpSoap12" /> to <system.web><webServices><protocols> in the service\'s web.config (and take out any <remove> of HttpSoap12)', []]);
  expect(first!.explains.count / failures.length).toBeGreaterThanOrEqual(0.9);
  expect(failures.filter((f) => f.transport === 'soap12' && f.diagnosis !== 'transport-not-enabled')).toEqual([]);
});

test('one finding says SOAP 1.2 reaches no operation while the other transports do', () => {
  const failures = run.json('results.json').failures as Failure[];
  expect(failures.filter((f) => f.check === 'transport-reaches-service').map((f) => [f.transport, f.level, f.diagnosis])).toEqual([['soap12', 'error', 'transport-not-enabled']]);
});
