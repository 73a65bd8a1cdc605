/**
 * npm run test:asmx [-- <more run flags>, e.g. --fail-on warning]
 *
 * The whole default conformance run against a real ASMX runtime (Mono's System.Web.Services serving
 * a tsiWS.asmx generated from the contract, scripts/asmx/): does the tool pass what ASMX itself
 * answers? Exits with the CLI's exit code; reports in reports/asmx/. Set TSIWS_ASMX_CUSTOM_ERRORS=On
 * to see the runtime as a remote client of a deployment does (ASP.NET's default is RemoteOnly).
 * Set TSIWS_ASMX_WITHOUT=HttpGet,HttpPost (or HttpSoap12) to deploy the site with those protocols
 * off, a deployment mistake the run must diagnose (src/diagnoses/transport-not-enabled.ts).
 */
import { runCliAgainst } from '../run-against.js';
import { startAsmxHost } from './host.js';
import { ASMX_PROTOCOLS, type AsmxProtocol } from './generate.js';

const extra = process.argv.slice(2);
// The CLI takes the last --reports; so does this summary.
const REPORTS = extra.reduce((dir, arg, i) => (arg === '--reports' ? extra[i + 1] ?? dir : arg.startsWith('--reports=') ? arg.slice(10) : dir), 'reports/asmx');

function say(line: string): void {
  process.stdout.write(`test:asmx: ${line}\n`);
}

const customErrors = process.env['TSIWS_ASMX_CUSTOM_ERRORS'];
if (customErrors !== undefined && customErrors !== 'On' && customErrors !== 'RemoteOnly') {
  process.stderr.write(`test:asmx: TSIWS_ASMX_CUSTOM_ERRORS must be On or RemoteOnly, got "${customErrors}"\n`);
  process.exit(2);
}

const without = (process.env['TSIWS_ASMX_WITHOUT'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const unknown = without.filter((p) => !(ASMX_PROTOCOLS as readonly string[]).includes(p));
if (unknown.length > 0) {
  process.stderr.write(`test:asmx: TSIWS_ASMX_WITHOUT takes ${ASMX_PROTOCOLS.join(', ')} (comma-separated), got "${unknown.join(', ')}"\n`);
  process.exit(2);
}

const started = Date.now();
let host;
try {
  host = await startAsmxHost({ ...(customErrors ? { customErrors } : {}), ...(without.length > 0 ? { without: without as AsmxProtocol[] } : {}) });
} catch (err) {
  process.stderr.write(`test:asmx: ${(err as Error).message}\n`);
  process.exit(4);
}
say(`Mono ASMX host at ${host.baseUrl} (site ${host.siteDir})${without.length > 0 ? `, without ${without.join(', ')} in web.config` : ''}`);

// A fixed seed unless one is given: the fuzzed requests, and so the findings they earn (parity notes
// on fuzzed GET values that ASP.NET's request validation refuses), are the same from run to run.
const seeded = process.env['TSIWS_SEED'] !== undefined || extra.some((a) => a === '--seed' || a.startsWith('--seed=')) ? [] : ['--seed', '1'];
// Always stop the host: on an interrupt, stop the run first, then the host.
const { exitCode, stdout } = await runCliAgainst(['--base-url', host.baseUrl, '--allow-mutations', '--echo', '--reports', 'reports/asmx', '--format', 'json', ...seeded, ...extra], () => host.stop());

try {
  const doc = JSON.parse(stdout) as { verdict: string; failOn: string; summary: { exchanges: Record<string, number>; checks: Record<string, number>; levels: Record<'error' | 'warning' | 'info', number> }; diagnoses?: Array<{ id: string; summary: string; fix: string; explains: number }> };
  const { exchanges, checks, levels } = doc.summary;
  say(`exchanges: ${exchanges['total']} (${exchanges['passed']} passed, ${exchanges['failed']} failed, ${exchanges['error']} errors, ${exchanges['skipped']} skipped)`);
  say(`checks: ${checks['passed']} passed, ${checks['failed']} failed, ${checks['notices']} noted, ${checks['error']} crashed, ${checks['skipped']} had nothing to judge`);
  say(`findings: ${levels.error} errors, ${levels.warning} warnings, ${levels.info} info (--fail-on ${doc.failOn})`);
  for (const d of doc.diagnoses ?? []) say(`diagnosis ${d.id}: ${d.summary}; fix: ${d.fix} (explains ${d.explains} findings)`);
  if ((doc.diagnoses ?? []).length === 0) say('diagnoses: none');
  say(`verdict ${doc.verdict}, exit code ${exitCode}, ${((Date.now() - started) / 1000).toFixed(0)} s; reports in ${REPORTS}/ (report.html, results.json)`);
} catch {
  process.stderr.write(`test:asmx: the CLI printed no JSON document on stdout:\n${stdout.slice(0, 2000)}\n`);
}
process.exit(exitCode);
