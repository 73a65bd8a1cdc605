/** The CLI starts at once: --help, --version and `checks` load no engine, no test runner, no HTTP
 * client, no XML library and no server (a small dispatcher that imports commands lazily; libxmljs2
 * is loaded on the first parse). A command's own --help is printed from the settings tables
 * (src/config/commands.ts) without loading the command. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { BIN, SOURCE_BIN } from '../support/bin.js';

const HOOKS = new URL('../support/resolve-log.mjs', import.meta.url).href;
const REQUIRE_LOG = fileURLToPath(new URL('../support/require-log.cjs', import.meta.url));
const HEAVY = [/\/node_modules\/vitest\//, /\/node_modules\/undici\//, /\/node_modules\/libxmljs2\//, /\/src\/server\//, /\/src\/engine\//];

// Percent-encoded: NODE_OPTIONS splits on spaces.
const REGISTER = `data:text/javascript,${encodeURIComponent(`import { register } from "node:module"; register(${JSON.stringify(HOOKS)});`)}`;

/** What Node's own loader resolved while `bin args` ran; `everyProcess`: the suites' workers too
 * (through NODE_OPTIONS, which they inherit), not only the CLI's process. */
function loaded(args: readonly string[], bin = BIN, everyProcess = false, extraEnv: Record<string, string> = {}): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-startup-'));
  const log = join(dir, 'resolved.txt');
  try {
    const hooks = ['--require', REQUIRE_LOG, '--import', REGISTER];
    const env = { ...process.env, TSIWS_RESOLVE_LOG: log, ...(everyProcess ? { NODE_OPTIONS: hooks.join(' ') } : {}), ...extraEnv };
    const run = spawnSync(process.execPath, [...(everyProcess ? [] : hooks), bin, ...args], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a one-operation run by `bin` loaded, in every process; its reports go to a folder removed after. */
function loadedByRun(bin: string): string[] {
  const reports = mkdtempSync(join(tmpdir(), 'tsiws-startup-run-'));
  try {
    return loaded(['run', '--suites', 'positive', '--operations', 'MobileContactSearch', '--transports', 'get', '--reports', reports], bin, true);
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
}

test.each([[['--help']], [['--version']]])('tsiws-conform %j loads nothing heavy, and no check', (args) => {
  const urls = loaded(args);
  expect(urls.some((u) => u.endsWith('/src/cli/main.ts') || u.endsWith('/dist/cli/main.js'))).toBe(true);
  expect(urls.filter((u) => HEAVY.some((h) => h.test(u)) || /\/src\/checks\//.test(u))).toEqual([]);
});

const COMMANDS = ['run', 'merge-reports', 'replay', 'checks', 'serve', 'wsdl', 'diff-wsdl', 'compare', 'shapes', 'verify-certificate', 'contract', 'proxy'];

test('the checkout\'s bin runs its sources compiled once (.build/), or through tsx when told; the compiled package\'s (these tests\' BIN) runs its dist/', () => {
  const built = loaded(['--version'], SOURCE_BIN);
  expect(built.some((u) => /\/\.build\/[0-9a-f]{16}\/cli\/main\.js$/.test(u))).toBe(true);
  expect(built.filter((u) => /\/node_modules\/(tsx|typescript)\/|\/src\/cli\/main\.ts$/.test(u))).toEqual([]);
  const source = loaded(['--version'], SOURCE_BIN, false, { TSIWS_CHECKOUT_BUILD: 'off' });
  expect(source.some((u) => u.endsWith('/src/cli/main.ts'))).toBe(true);
  expect(source.some((u) => u.includes('/node_modules/tsx/'))).toBe(true);
  const compiled = loaded(['--version']);
  expect(compiled.some((u) => u.endsWith('/dist/cli/main.js'))).toBe(true);
  expect(compiled.filter((u) => /\/node_modules\/(tsx|typescript)\/|\/src\/cli\/main\.ts$/.test(u))).toEqual([]);
});

test('a run of the compiled package: its suites\' worker loads the compiled sources with Node\'s loader, not the TypeScript ones', () => {
  // vite-node runs what it transforms itself (src/*.ts, never seen by Node's loader); a module that
  // only the suites import, resolved by Node, was loaded from dist/ without a transform (run.ts).
  const urls = loadedByRun(BIN);
  expect(urls.filter((u) => u.endsWith('/dist/engine/exchange/run-unit.js'))).not.toEqual([]);
  expect(urls.filter((u) => /\/src\/engine\/exchange\/run-unit\.ts$/.test(u))).toEqual([]);
});

test('a run from the checkout: its CLI and its suites\' worker load the compiled sources in .build/, which find the tool\'s files', () => {
  const urls = loadedByRun(SOURCE_BIN);
  expect(urls.filter((u) => /\/\.build\/[0-9a-f]{16}\/engine\/exchange\/run-unit\.js$/.test(u))).not.toEqual([]);
  expect(urls.filter((u) => /\/src\/engine\/exchange\/run-unit\.ts$|\/node_modules\/tsx\//.test(u))).toEqual([]);
});

test('every command is covered below', async () => {
  const { COMMAND_IDS } = await import('../../src/config/commands.js');
  expect([...COMMAND_IDS].filter((c) => c !== 'bench').sort()).toEqual([...COMMANDS].sort());
});

test.each(COMMANDS)('tsiws-conform %s --help loads neither the command nor anything heavy, nor a check', (command) => {
  const urls = loaded([command, '--help']);
  expect(urls.some((u) => u.endsWith('/src/config/commands.ts') || u.endsWith('/dist/config/commands.js'))).toBe(true);
  expect(urls.filter((u) => HEAVY.some((h) => h.test(u)) || /\/src\/checks\//.test(u) || new RegExp(`/(src|dist)/cli/${command}\\.[jt]s$`).test(u))).toEqual([]);
});

test('tsiws-conform checks loads the catalog, and nothing heavy', () => {
  const urls = loaded(['checks']);
  expect(urls.some((u) => u.endsWith('/src/checks/registry.ts') || u.endsWith('/dist/checks/registry.js'))).toBe(true);
  expect(urls.filter((u) => HEAVY.some((h) => h.test(u)))).toEqual([]);
});

test('the log sees packages loaded through require: reading a WSDL loads libxmljs2', () => {
  const urls = loaded(['contract', '--from-wsdl', fileURLToPath(new URL('../../wsdl/tsiWS.wsdl', import.meta.url))]);
  expect(urls.filter((u) => /\/node_modules\/libxmljs2\//.test(u)).length).toBeGreaterThan(0);
});
