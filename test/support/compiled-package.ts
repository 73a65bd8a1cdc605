/**
 * Global setup of the `cli` project: the package compiled as `npm pack` compiles it (tsc with
 * tsconfig.build.json), in a folder of its own, for the tests that start the bin as a child process.
 *
 * Why: a checkout's bin runs the TypeScript sources through tsx, which costs every child process
 * about 2 s of CPU more than the compiled JavaScript does (4.4 against 6.4 s for a one-operation
 * run, measured 2026-11-24), and the end-to-end tests start some seventy of them on a 2-core
 * machine. The compiled bin is also what a user runs. The checkout's own bin (tsx) keeps tests of
 * its own (usage.test.ts).
 *
 * The folder mirrors the package: bin/ and package.json copied (the bin finds ../dist beside
 * itself), dist/ compiled, and suites/, src/ (which the suites import), wsdl/ and node_modules/
 * linked to the checkout. Type errors are `npm test`'s tsc step's to report (--noCheck).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The compiled package's bin (bin.ts reads it; absent outside the `cli` project). */
    compiledBin: string;
  }
}

const REPO = fileURLToPath(new URL('../..', import.meta.url));
let folder: string | undefined;

export function setup(project: TestProject): void {
  folder = mkdtempSync(join(tmpdir(), 'tsiws-compiled-'));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(REPO, 'tsconfig.build.json'), '--noCheck', '--outDir', join(folder, 'dist')], { stdio: 'pipe' });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
    teardown();
    throw new Error(`compiling the package for the end-to-end tests failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`);
  }
  cpSync(join(REPO, 'bin'), join(folder, 'bin'), { recursive: true });
  cpSync(join(REPO, 'package.json'), join(folder, 'package.json'));
  for (const linked of ['suites', 'src', 'wsdl', 'node_modules']) symlinkSync(join(REPO, linked), join(folder, linked), 'dir');
  project.provide('compiledBin', join(folder, 'bin', 'tsiws-conform.js'));
}

export function teardown(): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
