/**
 * A checkout's sources, compiled once for all its runs (the published package runs dist/, compiled
 * when it is packed). Through tsx, importing the run command took 2.6 s instead of 1.0 s, and 2.3 s
 * more CPU (Node 20 hands every module, vitest's included, to tsx's loader hooks on their own
 * thread); the suites' workers then transformed src/ again through vite-node in each run. A run of
 * 4 exchanges took 4.5 s instead of 2.2 s (issue 20, measured 2026-11-25).
 *
 * So the sources are transpiled with esbuild (what tsx itself transpiles with: types stripped,
 * nothing type-checked, `npm test` runs tsc) into `.build/<key>/`, the key a hash of every source
 * file's path and content, and run as dist/ is, workers included (src/engine/run/run.ts). A changed
 * source is a new key, built before that run starts. A run keeps the folder it started with: a
 * long run still loading modules while the sources change is never handed a half-written or
 * removed tree. Folders unused for a day are removed. Anything that goes wrong here (no esbuild,
 * a read-only checkout, a syntax error tsx will name better) runs the sources through tsx as before;
 * TSIWS_CHECKOUT_BUILD=off does that on purpose.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A compiled tree not used for this long is removed when another is built. */
const UNUSED_MS = 24 * 60 * 60 * 1000;

/** The .ts files under `dir`, as paths relative to it, in a stable order. */
function sourcesIn(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)))
    .sort();
}

/** How the sources are compiled: part of the key, so a change here builds anew. */
const OPTIONS = { format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent' };

function keyOf(src, files, esbuildVersion) {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion} ${JSON.stringify(OPTIONS)}\n`);
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(src, file))).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** Removes trees not used for a day, and builds that never finished (a run killed while building). */
function removeUnused(buildDir, keep) {
  for (const name of readdirSync(buildDir)) {
    if (name === keep) continue;
    const path = join(buildDir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > (name.startsWith('tmp-') ? 60 * 60 * 1000 : UNUSED_MS)) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/** The compiled `cli/main.js` of the checkout at `root` (a file URL of its folder), building it
 * when the sources changed; undefined when the sources are to run through tsx. */
export async function compiledCheckout(root) {
  if (process.env.TSIWS_CHECKOUT_BUILD === 'off') return undefined;
  try {
    const src = fileURLToPath(new URL('src/', root));
    const buildDir = fileURLToPath(new URL('.build/', root));
    const esbuildPackage = JSON.parse(readFileSync(fileURLToPath(new URL('node_modules/esbuild/package.json', root)), 'utf8'));
    const files = sourcesIn(src);
    const key = keyOf(src, files, esbuildPackage.version);
    const tree = join(buildDir, key);
    if (existsSync(join(tree, 'cli', 'main.js'))) {
      const now = new Date();
      utimesSync(tree, now, now);
    } else {
      mkdirSync(buildDir, { recursive: true });
      // Built aside and renamed into place whole: runs starting at once never see half a tree.
      const tmp = join(buildDir, `tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
      const { build } = await import('esbuild');
      await build({ ...OPTIONS, entryPoints: files.map((f) => join(src, f)), outdir: tmp, outbase: src });
      try {
        renameSync(tmp, tree);
      } catch (err) {
        // Another run built the same sources first: theirs is the same tree.
        rmSync(tmp, { recursive: true, force: true });
        if (!existsSync(join(tree, 'cli', 'main.js'))) throw err;
      }
      removeUnused(buildDir, key);
    }
    return pathToFileURL(join(tree, 'cli', 'main.js'));
  } catch {
    return undefined;
  }
}
