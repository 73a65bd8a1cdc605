/**
 * The golden fixture: fixtures/golden-reports/manifest.json holds the sha256 and size of every
 * normalised file. The normalised reports come to some 17 MB (gzipped 0.5 MB), too much to keep:
 * a small file (summary, certificate, parity.json, console) is kept as text beside the manifest,
 * so that a change shows as a diff; a large one keeps, besides its hash, the hash of each block of
 * its lines, so that a change is shown from the first block that differs.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createTwoFilesPatch } from 'diff';

const MANIFEST = 'manifest.json';
/** Largest normalised file kept as text. Not the failing run's failures/*.json: three dozen files
 * of 7 KB alike but for the case, whose exchanges failures.har and results.json hold as well. */
const TEXT_LIMIT = 16 * 1024;
const keptAsText = (name: string, size: number) => size <= TEXT_LIMIT && !name.includes('/failures/');
/** At most this many blocks a file, of at least 100 lines each. */
const BLOCKS = 200;
const SHOWN_LINES = 60;

interface Entry {
  readonly sha256: string;
  readonly size: number;
  /** Lines per block, and each block's sha256 (16 hex digits); for files not kept as text. */
  readonly blockLines?: number;
  readonly blocks?: readonly string[];
}

type Manifest = Record<string, Entry>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function blocksOf(text: string, blockLines: number): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  for (let i = 0; i < lines.length; i += blockLines) blocks.push(sha256(lines.slice(i, i + blockLines).join('\n')).slice(0, 16));
  return blocks;
}

function entryOf(name: string, text: string): Entry {
  const size = Buffer.byteLength(text);
  if (keptAsText(name, size)) return { sha256: sha256(text), size };
  const blockLines = Math.max(100, Math.ceil(text.split('\n').length / BLOCKS));
  return { sha256: sha256(text), size, blockLines, blocks: blocksOf(text, blockLines) };
}

/** Replaces the fixture in `dir` with `files`. */
export function writeFixture(dir: string, files: ReadonlyMap<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  const manifest: Manifest = {};
  for (const [name, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const entry = entryOf(name, text);
    manifest[name] = entry;
    if (!entry.blocks) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
}

/** Every difference between `files` and the fixture in `dir`, one text each (empty: none). */
export function compareWithFixture(dir: string, files: ReadonlyMap<string, string>): string[] {
  if (!existsSync(join(dir, MANIFEST))) return [`no golden fixture in ${dir}: run npm run golden:update`];
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Manifest;
  const problems: string[] = [];
  for (const name of Object.keys(manifest)) if (!files.has(name)) problems.push(`${name}: no longer written`);
  for (const [name, text] of files) {
    const entry = manifest[name];
    if (!entry) problems.push(`${name}: a new file, not in the fixture`);
    else if (entry.sha256 !== sha256(text)) problems.push(difference(dir, name, entry, text));
  }
  return problems;
}

function difference(dir: string, name: string, entry: Entry, text: string): string {
  const head = `${name}: differs (${entry.size} bytes before, ${Buffer.byteLength(text)} now)`;
  if (!entry.blocks || !entry.blockLines) {
    const before = readFileSync(join(dir, name), 'utf8');
    const patch = createTwoFilesPatch(`fixture/${name}`, `now/${name}`, before, text, '', '', { context: 3 });
    return [head, ...patch.split('\n').slice(0, SHOWN_LINES)].join('\n');
  }
  // Only hashes were kept: the first block that differs, as it reads now.
  const now = blocksOf(text, entry.blockLines);
  const first = now.findIndex((hash, i) => hash !== entry.blocks![i]);
  const from = (first === -1 ? entry.blocks.length : first) * entry.blockLines;
  const shown = text.split('\n').slice(from, from + SHOWN_LINES).map((line, i) => `${String(from + i + 1).padStart(7)}  ${line}`);
  return [head, `  the first difference is in lines ${from + 1} to ${from + entry.blockLines} (only hashes are kept; as they read now):`, ...shown].join('\n');
}
