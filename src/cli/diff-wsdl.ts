/** tsiws-conform diff-wsdl: compare a published WSDL with the reconstructed contract; exit 0 equal, 1 drift. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/settings.js';
import { writeFileAtomic } from '../results/write-atomic.js';
import { compareWsdl, type Drift } from '../wsdl/diff.js';
import { diffConsole, diffJson, diffJunit, type DiffRun } from '../wsdl/diff-report.js';
import { fetchWsdl, type Fetched } from '../wsdl/fetch.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';
import { toolInfo } from '../results/tool-info.js';
import { openTarget } from '../engine/send/target.js';

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
  const line = commandLine('diff-wsdl', argv, io);
  if (!line) return EXIT.conforms;
  if (line.flags['file'] !== undefined && line.flags['base-url'] !== undefined) {
    throw new ConfigError('--base-url and --file exclude each other: give one, or neither to compare the embedded reference server');
  }
  // Its settings (namespace, reports folder, target and access, --file) resolve as run's do: the one
  // settings table, defaults < .env < environment < flags.
  const settings = commandSettings('diff-wsdl', line.flags, io);
  const { namespace, reportsDir: reports, file } = settings;
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
