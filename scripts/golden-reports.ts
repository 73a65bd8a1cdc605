/**
 * Golden reports (issue 52, item 3): two seeded runs (scripts/golden/runs.ts) write every report,
 * each is normalised (scripts/golden/normalise*.ts: times, durations, ports, temporary paths,
 * random ids, and the order of what arrives in arrival order), and the result is compared with
 * fixtures/golden-reports/. A change to how reports are made must leave them as they were.
 *
 *   node --import tsx scripts/golden-reports.ts            compare; exit 1 with the differences
 *   node --import tsx scripts/golden-reports.ts --update   rewrite the fixture (npm run golden:update)
 *
 * On a difference the normalised files are kept in a temporary folder, named in the output.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithFixture, writeFixture } from './golden/fixture.js';
import { normaliseRuns } from './golden/normalise.js';
import { goldenRuns } from './golden/runs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const FIXTURE = join(ROOT, 'fixtures', 'golden-reports');
const CHECKOUT_BIN = join(ROOT, 'bin', 'tsiws-conform.js');

export interface GoldenResult {
  /** One text per difference; empty when the reports match the fixture. */
  readonly problems: readonly string[];
  /** Where the normalised files were written, when they differ. */
  readonly kept?: string;
}

/** Runs, normalises and compares (or, with `update`, rewrites the fixture). `bin`: the CLI to run. */
export async function goldenReports(options: { bin?: string; update?: boolean; fixture?: string } = {}): Promise<GoldenResult> {
  const root = mkdtempSync(join(tmpdir(), 'tsiws-golden-'));
  const fixture = options.fixture ?? FIXTURE;
  try {
    const files = normaliseRuns(await goldenRuns(options.bin ?? CHECKOUT_BIN, root), { root });
    if (options.update) {
      writeFixture(fixture, files);
      return { problems: [] };
    }
    const problems = compareWithFixture(fixture, files);
    if (problems.length === 0) return { problems };
    const kept = mkdtempSync(join(tmpdir(), 'tsiws-golden-normalised-'));
    for (const [name, text] of files) {
      mkdirSync(dirname(join(kept, name)), { recursive: true });
      writeFileSync(join(kept, name), text);
    }
    return { problems, kept };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const update = process.argv.includes('--update');
  const { problems, kept } = await goldenReports({ update });
  if (update) console.log(`golden reports: fixture written to ${FIXTURE}`);
  else if (problems.length === 0) console.log('golden reports: every report matches the fixture');
  else {
    console.log(problems.join('\n\n'));
    console.log(`\ngolden reports: ${problems.length} file(s) differ; the normalised files are in ${kept}. If the change is intended: npm run golden:update`);
    process.exitCode = 1;
  }
}
