/** tsiws-conform replay FILE: re-send a saved failure to the same or another target, re-run the
 * checks, and say whether the same checks fire. Exit 1 while the failure persists, 0 once it is gone. */
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from '../config/settings.js';
import type { Case } from '../cases/case.js';
import { findOperation } from '../contract/index.js';
import { findingsOf } from '../results/findings.js';
import { applyWaivers } from '../results/waivers.js';
import { dayOf } from '../config/waivers.js';
import type { ExchangeRecord } from '../results/record.js';
import { runCase } from '../engine/exchange/run-case.js';
import { openTarget } from '../engine/send/target.js';
import { createHttpClient, type HttpClient } from '../http/send.js';
import { discover } from '../engine/learn/discover.js';
import { needsOwnInstance, ownInstance, withInstance } from '../engine/learn/instances.js';
import { poolOf } from '../engine/learn/learned-cases.js';
import type { RunSettings } from '../config/settings.js';
import { FAILURE_FILE_VERSION, type FailureFile } from '../report/digest/failure-files.js';
import { withRegression } from '../engine/replay/baseline-replay.js';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';
import { refuseClientChecks } from '../checks/catalogs.js';
import { checkingSettings, commandLine } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';
import type { ScenarioId } from '../results/case-labels.js';

function readFailureFile(path: string): FailureFile {
  if (!existsSync(path)) throw new ConfigError(`replay: ${path} does not exist (failure files are written to reports/failures/)`);
  let file: FailureFile;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as FailureFile;
  } catch (err) {
    throw new ConfigError(`replay: ${path} is not JSON: ${(err as Error).message}`);
  }
  const r = file?.record;
  if (file?.version !== FAILURE_FILE_VERSION || !r || !findOperation(r.operation) || !TRANSPORT_IDS.includes(r.transport as TransportId) || typeof r.values !== 'object') {
    throw new ConfigError(`replay: ${path} is not a tsiws-conform failure file (version ${FAILURE_FILE_VERSION})`);
  }
  return file;
}

/** The case a record was made from: negative when it names a scenario, positive otherwise. */
function caseToReplay(r: ExchangeRecord): Case {
  const values = r.values ?? {};
  if (r.scenario) {
    return { id: r.caseId, operation: r.operation, kind: 'negative', scenario: r.scenario as ScenarioId, ...(r.param ? { param: r.param } : {}), values, transports: [r.transport as TransportId] };
  }
  return { id: r.caseId, operation: r.operation, kind: 'positive', values };
}

export default async function replay(argv: string[], io: Io): Promise<number> {
  const line = commandLine('replay', argv, io);
  if (!line) return EXIT.conforms;
  const { flags, positionals } = line;
  if (positionals.length !== 1) throw new ConfigError('replay: give exactly one failure file, e.g. tsiws-conform replay reports/failures/<id>.json');
  const file = readFailureFile(positionals[0]!);
  // The user checks the failure was found with are run again, unless --checks-module names others.
  const settings = await checkingSettings('replay', file.checksModule && !flags['checks-module'] ? { ...flags, 'checks-module': file.checksModule } : flags, io);
  // A client check judges nothing of a replay, which sends the request itself: bad usage, as in run.
  refuseClientChecks(settings, 'replay');
  if (!settings.baseUrl && !file.embedded) {
    throw new ConfigError(`--base-url: the failure was recorded against ${file.target}; give --base-url to say where to replay it`);
  }
  const r = file.record;
  // A sequence's step names what the steps before it made: sent alone it tests nothing of the kind.
  if (r.sequence) {
    throw new ConfigError(`replay: ${r.caseId} is step ${r.sequence.step} of the ${r.sequence.name} sequence over ${r.transport} and depends on the steps before it, so it cannot be replayed alone; run the sequences again: tsiws-conform run --suites sequences ${file.stateful ? '--stateful' : '--base-url <target> --allow-mutations'} --transports ${r.transport}`);
  }
  const namespace = flags['namespace'] ? settings.namespace : file.namespace;
  // The echo is read in the format the failure was recorded with, unless --result-format says otherwise.
  const resultFormat = flags['result-format'] ? settings.resultFormat : file.resultFormat ?? 'json';
  const opened = await openTarget({ baseUrl: settings.baseUrl, probe: { ...settings, namespace }, server: { namespace: file.namespace, resultFormat, ...(file.stateful ? { stateful: true } : {}) } });
  const { baseUrl, embedded } = opened;
  // The run's result schemas judge the result again, unless --result-schemas names others.
  const target = { ...settings, baseUrl, namespace, resultFormat, echo: settings.echo ?? file.echo, resultSchemas: settings.resultSchemas ?? file.resultSchemas };
  const client = createHttpClient({ baseUrl, timeoutMs: settings.timeoutMs, maxResponseBytes: settings.maxResponseBytes, connections: 1, retries: settings.retries, rate: settings.rate, access: embedded ? { ...target, proxy: undefined } : target });
  try {
    io.out(`Replaying ${r.caseId} over ${r.transport}${r.fuzz ? ` (fuzz counterexample: seed ${r.fuzz.seed}, path ${r.fuzz.path ?? '-'})` : ''} against ${embedded ? 'the embedded reference server' : baseUrl}`);
    const sent = await runCase(target, client, await withSetup(target, client, r, embedded, io), r.transport as TransportId);
    // A failure of a regression run (--baseline) is compared with its baseline answer again.
    const now = r.regression ? withRegression(target, sent, r.regression.baseline) : sent;
    return replayVerdict(applyWaivers(now, settings.waivers, dayOf(new Date())), file, settings, io);
  } finally {
    await client.close();
    await opened.close();
  }
}

/** What the replay found, said as a run would judge it: the same waivers (--waivers, the config
 * file's) accept a finding until their expiry, shown with their reason and not failing the replay;
 * an expired one fails again, saying so. Exit 1 while a finding `--fail-on` counts persists. */
function replayVerdict(now: ExchangeRecord, file: FailureFile, settings: RunSettings, io: Io): number {
  // A failure file may hold a warning: it is reproduced as such, and fails only under --fail-on warning.
  const findings = findingsOf(now, 'warning');
  const waived = now.checks.filter((c) => c.status === 'waived');
  const ids = (list: readonly string[]) => [...new Set(list.map((f) => f.split(':')[0]!))].sort();
  for (const f of findings) io.out(`  ${f.split('\n')[0]}`);
  for (const c of waived) io.out(`  ${c.id}: ${(c.message ?? '').split('\n')[0]} (waived until ${c.waiver!.expires}: ${c.waiver!.reason}${c.waiver!.ticket ? ` [${c.waiver!.ticket}]` : ''})`);
  if (findings.length === 0 && waived.length === 0) {
    io.out('Not reproduced: every check passes now.');
    return EXIT.conforms;
  }
  const fired = ids([...findings, ...waived.map((c) => c.id)]);
  const same = fired.join(',') === ids(file.findings).join(',');
  io.out(same ? `Reproduced: the same checks fire (${fired.join(', ')}).` : `Still failing, with other checks: now ${fired.join(', ')}; recorded ${ids(file.findings).join(', ')}.`);
  if (waived.length > 0) io.out(`Waived: ${ids(waived.map((c) => c.id)).join(', ')}, as a run with these waivers reports ${waived.length === 1 ? 'it' : 'them'}; ${findings.length === 0 ? 'nothing else fires' : 'the others are not waived'}.`);
  io.out(`Reproduce with:\n  ${now.request.curl}`);
  return findingsOf(now, settings.failOn).length > 0 ? EXIT.findings : EXIT.conforms;
}

/** The case to replay, its setup made again where it had one (engine/learn/instances.ts): the e-mail a
 * delete case deleted is gone, so the replay makes another, as the run did, after learning from the
 * target what it holds (engine/learn/discover.ts). */
async function withSetup(settings: RunSettings & { embedded?: boolean }, client: HttpClient, r: ExchangeRecord, embedded: boolean, io: Io): Promise<Case> {
  const c = caseToReplay(r);
  if (c.kind !== 'positive' || r.setup === undefined || !needsOwnInstance(r.operation)) return c;
  const learned = await discover({ ...settings, embedded }, client);
  const pool = poolOf(learned);
  if (!pool) {
    io.out(`Not reproducible as recorded: the case's setup (${r.setup}) cannot be made again, the target answered no record to learn from; replaying with the recorded values.`);
    return c;
  }
  const instance = await ownInstance(settings, client, pool, r.operation, c.values, r.transport as TransportId, 0, learned.failure);
  io.out(`Setup made again: ${instance.setup} (recorded: ${r.setup})`);
  return withInstance(c, instance);
}
