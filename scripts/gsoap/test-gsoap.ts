/**
 * npm run test:gsoap [-- <more run flags>]
 *
 * The default conformance run, --profile lenient --allow-mutations, against a third SOAP stack that
 * has nothing to do with ASMX: a gSOAP 2.8 service generated from our own wsdl/tsiWS.wsdl
 * (scripts/gsoap/build.ts). Lenient holds the target to the contract alone, so every error-level
 * finding must be one of gSOAP's known deviations (deviations.ts); any other is a finding the
 * contract does not support, and fails this script. Prints every deviation found, grouped, errors
 * with the rule they break. The echo is not judged: gSOAP's dateTime text is not the reference
 * echo's (server-source.ts). Exit 0, or 1 for an unexpected error-level finding or a tool error,
 * 4 when the service cannot be built or started. Reports in reports/gsoap/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checks } from '../../src/checks/registry.js';
import { runCliAgainst } from '../run-against.js';
import { buildService, startService, type GsoapService } from './build.js';
import { KNOWN_DEVIATIONS } from './deviations.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPORTS = 'reports/gsoap';
const say = (line: string): void => { process.stdout.write(`test:gsoap: ${line}\n`); };

interface Failure {
  readonly check: string;
  readonly level: 'error' | 'warning';
  readonly status: string;
  readonly scenario?: string;
  readonly kind: string;
  readonly transport: string;
  readonly operation: string;
  readonly message: string;
}

const started = Date.now();
let service: GsoapService;
try {
  const built = buildService();
  say(`gSOAP service ${built.built ? 'built' : 'already built'} in ${built.dir}`);
  service = await startService(built.binary, built.wsdl);
} catch (err) {
  process.stderr.write(`test:gsoap: ${(err as Error).message}\n`);
  process.exit(4);
}
say(`gSOAP 2.8 service at ${service.baseUrl}`);

const extra = process.argv.slice(2);
const { exitCode: cliCode } = await runCliAgainst(['--base-url', service.baseUrl, '--profile', 'lenient', '--allow-mutations', '--seed', '1', '--reports', REPORTS, '--format', 'json', ...extra], () => service.stop());

let failures: Failure[];
try {
  failures = (JSON.parse(readFileSync(join(ROOT, REPORTS, 'results.json'), 'utf8')) as { failures: Failure[] }).failures;
} catch (err) {
  process.stderr.write(`test:gsoap: the run (exit ${cliCode}) left no readable ${REPORTS}/results.json: ${(err as Error).message}\n`);
  process.exit(1);
}

const known = (f: Failure) => KNOWN_DEVIATIONS.find((d) => d.check === f.check && d.scenario === f.scenario && d.transports.includes(f.transport));
const enforces = (id: string) => checks.find((c) => c.id === id)?.enforces;
const groups = new Map<string, Failure[]>();
for (const f of failures) {
  const key = `${f.level} ${f.check} ${f.scenario ?? f.kind} ${f.transport}`;
  groups.set(key, [...(groups.get(key) ?? []), f]);
}
let unexpected = 0;
for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const f = group[0]!;
  const tool = f.status === 'error';
  const deviation = f.level === 'error' && !tool ? known(f) : undefined;
  const verdict = tool ? 'TOOL ERROR' : f.level === 'error' ? (deviation ? 'known deviation' : 'UNEXPECTED') : 'warning';
  if (verdict === 'TOOL ERROR' || verdict === 'UNEXPECTED') unexpected += group.length;
  say(`${verdict}: ${group.length} x ${key} (e.g. ${f.operation})`);
  say(`    ${f.message.split('\n')[0]}`);
  if (deviation) say(`    gSOAP: ${deviation.what}`);
  if (f.level === 'error' && !tool) say(`    the rule: ${enforces(f.check) ?? '(a check of --checks-module)'}`);
}
const unseen = KNOWN_DEVIATIONS.flatMap((d) => d.transports.filter((t) => !failures.some((f) => f.check === d.check && f.scenario === d.scenario && f.transport === t)).map((t) => `${d.check} ${d.scenario} ${t}`));
if (unseen.length > 0) say(`known deviations not seen this time (gSOAP changed, or the run was narrowed): ${unseen.join('; ')}`);
say(`${failures.length} findings, ${unexpected} unexpected (error-level findings the contract does not support, or tool errors); run exit ${cliCode}, ${((Date.now() - started) / 1000).toFixed(0)} s; reports in ${REPORTS}/`);
process.exit(unexpected === 0 ? 0 : 1);
