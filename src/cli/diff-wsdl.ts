/** tsiws-conform diff-wsdl: compare a published WSDL with the reconstructed contract; exit 0 equal, 1 drift. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_NAMESPACE } from '../contract/index.js';
import { ConfigError, SETTINGS } from '../config/settings.js';
import { writeFileAtomic } from '../results/write-atomic.js';
import { compareWsdl, type Drift } from '../wsdl/diff.js';
import { diffConsole, diffJson, diffJunit, type DiffRun } from '../wsdl/diff-report.js';
import { fetchWsdl, type Fetched } from '../wsdl/fetch.js';
import { parseFlags } from './args.js';
import { commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';
import { runOptionsFor } from './run.js';
import { toolInfo } from '../results/tool-info.js';
import { openTarget } from '../engine/target.js';

const HELP = `Usage: tsiws-conform diff-wsdl [--base-url URL | --file PATH] [--namespace NS] [--reports DIR]
  --base-url   scheme and host of the target; its /api/rmm/tsiWS.asmx?WSDL is compared
  --file       a WSDL file to compare instead
               (neither: the embedded reference server's WSDL)
  --header, --auth, --proxy, --noproxy, --ca-file, --cert, --key, --insecure
               how to reach the target, as for run (see tsiws-conform run --help)
  --namespace  the namespace the service should have [default: ${DEFAULT_NAMESPACE}]
  --reports    folder for wsdl-diff.json and wsdl-diff.junit.xml [default: reports]
  Each of these but --file is also read from its TSIWS_ variable and .env, as run reads it.
Exit codes: 0 equal, 1 drift, 2 bad usage or unreadable --file, 3 target unreachable.`;

/** The settings that say how to reach a target, taken over from run (with their variables). */
const ACCESS_FLAGS = ['base-url', 'header', 'auth', 'proxy', 'noproxy', 'ca-file', 'cert', 'key', 'insecure'];
const accessOptions = runOptionsFor(SETTINGS.filter((s) => ACCESS_FLAGS.includes(s.flag)));

/** Drifts of a WSDL fetched from a target; a target that serves no readable WSDL has drifted. */
function fromTarget(fetched: Fetched, namespace: string): Drift[] {
  const unreadable = (actual: string): Drift[] => [{
    kind: 'wsdl-unreadable', expected: 'a WSDL 1.1 document', actual, message: `${fetched.url} did not serve a readable WSDL: ${actual}`,
  }];
  if ('problem' in fetched) return unreadable(fetched.problem);
  const result = compareWsdl(fetched.text, namespace);
  return 'error' in result ? unreadable(result.error) : result.drifts;
}

function fromFile(path: string, namespace: string): Drift[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`--file: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give the path of a WSDL file`);
  }
  const result = compareWsdl(text, namespace);
  if ('error' in result) throw new ConfigError(`--file: ${path} is ${result.error}; give a WSDL 1.1 file, e.g. one saved from <base-url>/api/rmm/tsiWS.asmx?WSDL`);
  return result.drifts;
}

export default async function diffWsdl(argv: string[], io: Io): Promise<number> {
  const flags = parseFlags('diff-wsdl', argv, {
    ...accessOptions, file: { type: 'string' }, namespace: { type: 'string' }, reports: { type: 'string' },
  });
  if (flags['help']) {
    io.out(HELP);
    return EXIT.conforms;
  }
  const file = flags['file'] as string | undefined;
  const baseUrlFlag = flags['base-url'] as string | undefined;
  if (file !== undefined && baseUrlFlag !== undefined) {
    throw new ConfigError('--base-url and --file exclude each other: give one, or neither to compare the embedded reference server');
  }
  // The settings diff-wsdl shares with run (namespace, reports folder, target and access) resolve as
  // run's do: the one settings table, defaults < .env < environment < flags.
  const { file: _file, ...shared } = flags;
  const settings = commandSettings(shared, io);
  const { namespace, reportsDir: reports } = settings;
  const started = new Date();

  let drifts: Drift[];
  let source: DiffRun['source'];
  if (file !== undefined) {
    source = { kind: 'file', location: file };
    drifts = fromFile(file, namespace);
  } else {
    // Not probed first: fetching the ?WSDL says as much, and an unreachable target is exit 3 all the same.
    const target = await openTarget({ baseUrl: settings.baseUrl, server: { namespace } });
    try {
      const fetched = await fetchWsdl(target.baseUrl, settings.baseUrl ? settings : undefined);
      source = { kind: target.embedded ? 'embedded' : 'url', location: fetched.url };
      drifts = fromTarget(fetched, namespace);
    } finally {
      await target.close();
    }
  }

  const run: DiffRun = { tool: toolInfo(), source, namespace, startedAt: started.toISOString(), durationMs: Date.now() - started.getTime() };
  mkdirSync(reports, { recursive: true });
  const written = ([['wsdl-diff.json', diffJson(drifts, run)], ['wsdl-diff.junit.xml', diffJunit(drifts, run)]] as const).map(([name, content]) => {
    writeFileAtomic(join(reports, name), content);
    return join(reports, name);
  });
  io.out(diffConsole(drifts, run));
  io.out(`Reports: ${written.join(', ')}`);
  return drifts.length === 0 ? EXIT.conforms : EXIT.findings;
}
