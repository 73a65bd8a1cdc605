/** tsiws-conform shapes infer REPORTS_OR_BASELINE [--out DIR]: learn each operation's result shape. */
import { resolve } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './exit-codes.js';
import type { Io } from './main.js';

export default async function shapes(argv: string[], io: Io): Promise<number> {
  const line = commandLine('shapes', argv, io);
  if (!line) return EXIT.conforms;
  const { schemasOut: out, failurePattern } = commandSettings('shapes', line.flags, io);
  const [sub, ...rest] = line.positionals;
  if (sub !== 'infer') throw new ConfigError(`shapes: ${sub === undefined ? 'give a subcommand' : `unknown subcommand "${sub}"`}; expected: shapes infer REPORTS_OR_BASELINE_DIR [--out DIR] (see tsiws-conform shapes --help)`);
  if (rest.length !== 1) throw new ConfigError(`shapes infer: give one reports or baseline folder (got ${rest.length}); see tsiws-conform shapes --help`);
  // Loaded here: --help loads no XML library.
  const { inferSchemas, splitText } = await import('../shapes/infer-schemas.js');
  const { resultSamples } = await import('../regression/result-samples.js');
  const outcome = inferSchemas(resultSamples(resolve(rest[0]!), 'shapes infer'), out, failurePattern === undefined ? {} : { failurePattern });
  const failed = outcome.failures.reduce((n, f) => n + f.count, 0);
  io.out(`Learned from ${outcome.source.samples.length - failed} results of valid requests in ${outcome.source.file}:`);
  const width = Math.max(...outcome.written.map((w) => w.file.length));
  const notes = (w: (typeof outcome.written)[number]) => [w.unread > 0 ? `${w.unread} not read` : '', w.failures > 0 ? `${w.failures} in-band failure${w.failures === 1 ? '' : 's'} apart` : ''].filter(Boolean).join(', ');
  for (const w of outcome.written) io.out(`  ${w.file.padEnd(width)}  from ${w.learnedFrom} result${w.learnedFrom === 1 ? '' : 's'}${notes(w) ? ` (${notes(w)})` : ''}`);
  // In-band failures (HTTP 200, an error in the result text) are no result shape: said once, how told apart.
  if (failed > 0) io.out(`In-band failures learned apart, not as result schemas: ${failed}, ${splitText(outcome.split)}`);
  else if (outcome.split.by === 'none' && outcome.source.failures.length > 0) io.out(`No in-band failure told apart: ${splitText(outcome.split)}; give --failure-pattern if the target answers failures in the result text`);
  if (outcome.without.length > 0) {
    io.out(`Not written, nothing to learn from (${outcome.without.length}):`);
    for (const w of outcome.without) io.out(`  ${w.operation}: ${w.why}${w.kept ? `; ${w.kept} from an earlier inference is kept` : ''}`);
  }
  for (const f of outcome.replaced) io.out(`Removed ${f}: the operation's results are now in the other format`);
  io.out(`Wrote ${outcome.written.length} schemas to ${out}; review them, then run with --result-schemas ${out}`);
  return EXIT.conforms;
}
