/** tsiws-conform compare OLD_REPORTS NEW_REPORTS: newly failing and newly passing checks, cases
 * that changed verdict, and operations whose result shape drifted, between two report folders;
 * exit 1 if anything newly fails or a shape drifted. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { compareReports, comparisonFails, formatComparison, type ResultsFile } from '../regression/compare-reports.js';
import { EXCHANGE_LOG_FILE } from '../results/exchange-log.js';
import { samplesFromReports } from '../regression/result-samples.js';
import { compareShapes } from '../shapes/compare-shapes.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

function readResults(dir: string, which: string): ResultsFile {
  const path = join(dir, 'results.json');
  if (!existsSync(path)) throw new ConfigError(`compare: ${which} report folder ${dir} has no results.json; give a folder written by tsiws-conform run (its --reports)`);
  let parsed: ResultsFile;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as ResultsFile;
  } catch (err) {
    throw new ConfigError(`compare: ${path} is not JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(parsed?.failures)) throw new ConfigError(`compare: ${path} has no "failures" list; is it a tsiws-conform results.json?`);
  return parsed;
}

export default async function compare(argv: string[], io: Io): Promise<number> {
  const line = commandLine('compare', argv, io);
  if (!line) return EXIT.conforms;
  const { positionals } = line;
  const { json } = commandSettings('compare', line.flags, io);
  if (positionals.length !== 2) throw new ConfigError(`compare: give two report folders, OLD_REPORTS NEW_REPORTS (got ${positionals.length}); see tsiws-conform compare --help`);
  const [oldDir, newDir] = positionals as [string, string];
  const older = readResults(oldDir, 'old');
  const newer = readResults(newDir, 'new');
  // Shapes are compared when both runs kept their records (every run since records.jsonl exists).
  const withRecords = [oldDir, newDir].every((d) => existsSync(join(d, EXCHANGE_LOG_FILE)));
  const comparison = compareReports(older, newer, withRecords ? compareShapes(samplesFromReports(oldDir), samplesFromReports(newDir)) : undefined);
  if (json) io.out(JSON.stringify(comparison, null, 2));
  else {
    const about = (r: ResultsFile, dir: string) => `${dir} (${r.run?.startedAt ?? 'unknown time'}, ${r.run?.target ?? 'unknown target'})`;
    io.out(`Comparing ${about(older, oldDir)} with ${about(newer, newDir)}`);
    if (!older.verdicts || !newer.verdicts) io.out('Note: a results.json without "verdicts" (older tsiws-conform): changed verdicts are not known, and a failure gone is counted as passing');
    if (!withRecords) io.out(`Note: ${[oldDir, newDir].filter((d) => !existsSync(join(d, EXCHANGE_LOG_FILE))).join(' and ')} has no ${EXCHANGE_LOG_FILE}: result shapes are not compared`);
    io.out(formatComparison(comparison));
  }
  return comparisonFails(comparison) ? EXIT.findings : EXIT.conforms;
}
