/** tsiws-conform run: resolve settings, run, write reports, print the table, exit 0/1/4. */
import { readFileSync } from 'node:fs';
import { resolveSettings } from '../config/resolve.js';
import { redactedSettings, SETTINGS } from '../config/settings.js';
import { conformanceRun } from '../engine/run.js';
import type { RunInfo } from '../report/summary.js';
import { writeReports } from '../report/write.js';
import { parseFlags, type Options } from './args.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';
import { runConsole } from './run-console.js';

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
  const ui = runConsole(settings, io);
  ui.say(`tsiws-conform: ${settings.operations.length} operations x ${settings.transports.length} transports against ${settings.baseUrl ?? 'the embedded reference server'}`);
  ui.say(`Seed: ${settings.seed} (repeat these requests with --seed ${settings.seed}); ${settings.runs} fuzzed requests per operation and transport`);
  if (settings.showSecrets) io.err('tsiws-conform: WARNING: --show-secrets: sig, timestamp and mobilekey appear unredacted in the reports; do not share them');
  // SIGINT and SIGTERM stop the run gracefully: what finished is reported, marked incomplete.
  const controller = new AbortController();
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const onSignal = (signal: (typeof signals)[number]) => controller.abort(signal);
  for (const sig of signals) process.once(sig, onSignal);
  let result;
  try {
    result = await conformanceRun(settings, { signal: controller.signal, ...(ui.progress ? { onRecord: ui.progress.onRecord, onProgress: ui.progress.onProgress } : {}) });
  } finally {
    for (const sig of signals) process.removeListener(sig, onSignal);
  }
  const fuzzStopped = result.records.filter((r) => r.fuzz?.interrupted).length;
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
    ...(result.interrupted
      ? { incomplete: { reason: `interrupted by ${result.interrupted}`, casesNotRun: result.cutShort, fuzzPropertiesInterrupted: fuzzStopped } }
      : result.cutShort > 0 || fuzzStopped > 0
        ? { incomplete: { reason: `--max-duration ${settings.maxDurationS} s ran out`, casesNotRun: result.cutShort, fuzzPropertiesInterrupted: fuzzStopped } }
        : {}),
  };
  const files = writeReports(settings.reportsDir, result.records, info);
  return ui.finish(result.records, info, files, result.interrupted);
}
