/**
 * The package laid out as `npm pack` lays it out, in a fresh folder of the system's temporary
 * directory: bin/ and package.json copied from the checkout, dist/ filled by the caller, and the
 * checkout's folders in `links` (node_modules at least) linked. Its bin finds ../dist beside itself
 * and runs that: what a user of the published package runs. A folder left behind shadows nothing;
 * a dist/ built in the checkout itself would shadow its sources (bin/tsiws-conform.js). The bench's
 * start-up figure (startup.ts) and the end-to-end tests (test/support/compiled-package.ts) use it.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface PackageFolder {
  readonly dir: string;
  /** The package's CLI: `<dir>/bin/tsiws-conform.js`. */
  readonly bin: string;
  remove(): void;
}

/** `fillDist` writes the compiled sources into the folder it is given; anything it throws removes
 * the folder and is thrown on. */
export function packageFolder(prefix: string, fillDist: (dist: string) => void, links: readonly string[] = ['node_modules']): PackageFolder {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    fillDist(join(dir, 'dist'));
    cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    for (const linked of links) symlinkSync(join(ROOT, linked), join(dir, linked), 'dir');
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, bin: join(dir, 'bin', 'tsiws-conform.js'), remove };
}
