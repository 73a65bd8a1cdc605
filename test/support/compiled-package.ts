/**
 * Global setup of the `cli` project: the package laid out as `npm pack` lays it out, in a folder of
 * its own, for the tests that start the bin as a child process: what a user of the published
 * package runs (its bin finds ../dist beside itself and loads nothing else).
 *
 * dist/ is the checkout's own compiled sources (bin/checkout-build.js: esbuild, the JavaScript the
 * checkout's bin runs), copied; where there are none, tsc with tsconfig.build.json compiles them as
 * `npm pack` does (5 s at the start of every npm test; pack-check tests that build itself). Through
 * tsx every child process cost about 2 s of CPU more (4.4 against 6.4 s for a one-operation run,
 * measured 2026-11-24), and the end-to-end tests start some seventy of them on a 2-core machine.
 *
 * The folder mirrors the package (src/bench/package-folder.ts): bin/ and package.json copied, dist/
 * compiled, and suites/, src/ (which the suites import), wsdl/ and node_modules/ linked to the
 * checkout. Type errors are `npm test`'s tsc step's to report (--noCheck).
 */
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compiledCheckout } from '../../bin/checkout-build.js';
import { packageFolder, type PackageFolder } from '../../src/bench/package-folder.js';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The compiled package's bin (bin.ts reads it; absent outside the `cli` project). */
    compiledBin: string;
  }
}

const REPO = fileURLToPath(new URL('../..', import.meta.url));
let folder: PackageFolder | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The checkout's own compiled sources (what its bin runs) when it has them: the same
  // program as tsc would write, in a tenth of a second instead of 5 s of tsc at every npm test.
  const built = await compiledCheckout(pathToFileURL(REPO));
  folder = packageFolder('tsiws-compiled-', (dist) => {
    if (built) cpSync(fileURLToPath(new URL('..', built)), dist, { recursive: true });
    else compileWithTsc(dist);
  }, ['suites', 'src', 'wsdl', 'node_modules']);
  project.provide('compiledBin', folder.bin);
}

function compileWithTsc(dist: string): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(REPO, 'tsconfig.build.json'), '--noCheck', '--outDir', dist], { stdio: 'pipe' });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`compiling the package for the end-to-end tests failed:\n${String(stdout ?? '')}${String(stderr ?? '')}`);
  }
}

export function teardown(): void {
  folder?.remove();
}
