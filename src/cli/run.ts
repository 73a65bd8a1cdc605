/** tsiws-conform run: resolve settings, run, write reports, print the table, exit 0/1/4. */
import { readFileSync } from 'node:fs';
import { resolveSettings } from '../config/resolve.js';
import { redactedSettings, SETTINGS } from '../config/settings.js';
import { conformanceRun } from '../engine/run.js';
import { consoleTable } from '../report/console.js';
import { summarise, type RunInfo } from '../report/summary.js';
import { writeReports } from '../report/write.js';
import { parseFlags, type Options } from './args.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

export const runOptions: Options = Object.fromEntries([...SETTINGS.map((s) => [s.flag, { type: 'boolean' in s && s.boolean ? 'boolean' : 'string' }]), ['env-file', { type: 'string' }]]);

export function help(): string {
  const lines = ['Usage: tsiws-conform run [flags]', '', 'Flags (each also settable by the environment variable shown, or in .env; flags win):'];
  for (const s of SETTINGS) lines.push(`  --${s.flag.padEnd(20)} ${s.env.padEnd(26)} ${s.help} [default: ${s.defaultText}]`);
  lines.push(`  --${'env-file'.padEnd(20)} ${''.padEnd(26)} .env file to read [default: .env]`);
  return lines.join('\n');
}

export function toolInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

export default async function run(argv: string[], io: Io): Promise<number> {
  const flags = parseFlags('run', argv, runOptions);
  if (flags['help']) {
    io.out(help());
    return EXIT.conforms;
  }
  const envFile = typeof flags['env-file'] === 'string' ? flags['env-file'] : '.env';
  const settings = resolveSettings({ flags, env: io.env, envFile, envFileExplicit: typeof flags['env-file'] === 'string' });
  io.out(`tsiws-conform: ${settings.operations.length} operations x ${settings.transports.length} transports against ${settings.baseUrl ?? 'the embedded reference server'}`);
  io.out(`Seed: ${settings.seed} (repeat these requests with --seed ${settings.seed}); ${settings.runs} fuzzed requests per operation and transport`);
  const result = await conformanceRun(settings);
  const interrupted = result.records.filter((r) => r.fuzz?.interrupted).length;
  const info: RunInfo = {
    tool: toolInfo(),
    target: result.target.embedded ? `embedded reference server (${result.target.baseUrl})` : result.target.baseUrl,
    embedded: result.target.embedded,
    namespace: settings.namespace,
    startedAt: result.startedAt,
    durationMs: result.durationMs,
    configuration: redactedSettings(settings),
    toolErrors: result.toolErrors,
    seed: settings.seed,
    ...(result.cutShort > 0 || interrupted > 0
      ? { incomplete: { reason: `--max-duration ${settings.maxDurationS} s ran out`, casesNotRun: result.cutShort, fuzzPropertiesInterrupted: interrupted } }
      : {}),
  };
  const files = writeReports(settings.reportsDir, result.records, info);
  io.out(consoleTable(result.records, settings.operations, settings.transports, result.toolErrors));
  io.out(`Reports: ${files.join(', ')}`);
  if (info.incomplete) io.out(`Incomplete: ${info.incomplete.reason}; ${info.incomplete.casesNotRun} cases not run, ${info.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`);
  const { verdict } = summarise(result.records, result.toolErrors);
  io.out(`Verdict: ${verdict} (${(result.durationMs / 1000).toFixed(1)} s)`);
  return verdict === 'conforms' ? EXIT.conforms : verdict === 'does-not-conform' ? EXIT.findings : EXIT.internal;
}
