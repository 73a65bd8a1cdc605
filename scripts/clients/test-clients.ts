/**
 * npm run test:clients
 *
 * The proxy (tsiws-conform proxy, issue 53) proven with clients this project did not write: a C#
 * client made by Mono's wsdl tool, zeep, node-soap, a gSOAP client and curl (clients.ts), each
 * against the embedded server and the stateful one (tsiws-conform serve [--stateful]). Each client
 * makes the same calls twice, on a fresh target each time: once DIRECT to it, once THROUGH the
 * proxy, with a TCP tap in front (tap.ts) keeping the bytes the client received. The two must be
 * equal byte for byte but for the Date header and a ?WSDL answer's addresses (http-answers.ts); the
 * proxy's reports must show no client error for any of them; on the stateful server the client's
 * last read must see what it created. Then the broken clients (broken.ts): each request's defect
 * must be named by its client check in the proxy's results. Prints a table; exit 0, 1 on any
 * mismatch, client error or unnamed defect, 4 when a client cannot be built.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_CHECK_IDS } from '../../src/checks/registry.js';
import { DEFAULT_NAMESPACE } from '../../src/contract/index.js';
import { BROKEN, send } from './broken.js';
import { ClientSetupError, REAL_CLIENTS, type RealClient } from './clients.js';
import { normalised, splitAnswers, type Answer } from './http-answers.js';
import { startProxy, startTarget, type ServerKind } from './processes.js';
import { Tap } from './tap.js';

const say = (line: string): void => { process.stdout.write(`test:clients: ${line}\n`); };
const started = Date.now();
const REPORTS = mkdtempSync(join(tmpdir(), 'tsiws-test-clients-'));

interface Failure { readonly check: string; readonly level: string; readonly status: string; readonly caseId: string; readonly message: string }
interface Results { readonly failures: Failure[]; readonly run: { readonly observed?: { readonly exchanges: number } } }
const resultsOf = (dir: string): Results => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
const isClientCheck = (f: Failure) => CLIENT_CHECK_IDS.includes(f.check);

for (const client of REAL_CLIENTS) {
  try {
    if (client.build) say(client.build());
  } catch (err) {
    process.stderr.write(`test:clients: ${(err as Error).message}\n`);
    process.exit(err instanceof ClientSetupError ? 4 : 1);
  }
}

interface Pass { readonly answers: Answer[]; readonly outputs: string[] }

/** Runs every invocation of `client` once, through the tap, and collects what came back. */
async function pass(client: RealClient, tap: Tap, upstreamPort: number): Promise<Pass> {
  tap.forwardTo(upstreamPort);
  const outputs: string[] = [];
  for (const invocation of client.invocations) outputs.push(await invocation.run(tap.url));
  return { answers: (await tap.received()).flatMap(splitAnswers), outputs };
}

interface Row {
  readonly client: string;
  readonly transports: string;
  readonly server: ServerKind;
  readonly calls: number;
  readonly equal: boolean;
  readonly clientErrors: number;
  readonly clientWarnings: number;
  readonly problems: string[];
}

async function prove(client: RealClient, server: ServerKind, tap: Tap, n: number): Promise<Row> {
  const problems: string[] = [];
  const directTarget = await startTarget(server);
  let direct: Pass;
  try {
    direct = await pass(client, tap, directTarget.port);
  } finally {
    await directTarget.stop();
  }
  const reports = join(REPORTS, `${String(n).padStart(2, '0')}-${client.invocations[0]!.email.split('-')[0]}-${server}`);
  const target = await startTarget(server);
  let through: Pass;
  try {
    const proxy = await startProxy(target.url, reports);
    try {
      through = await pass(client, tap, proxy.port);
    } finally {
      const code = await proxy.stop();
      if (code !== 143) problems.push(`the proxy exited ${code} on SIGTERM, not 143`);
    }
  } finally {
    await target.stop();
  }
  const [a, b] = [direct.answers.map(normalised), through.answers.map(normalised)];
  const differs = a.length !== b.length ? -2 : a.findIndex((text, i) => text !== b[i]);
  if (differs === -2) problems.push(`${a.length} answers direct, ${b.length} through the proxy`);
  else if (differs !== -1) problems.push(`answer ${differs + 1} differs:\n  direct:  ${JSON.stringify(a[differs]!.slice(0, 600))}\n  proxied: ${JSON.stringify(b[differs]!.slice(0, 600))}`);
  if (server === 'stateful') {
    client.invocations.forEach((inv, i) => {
      for (const [name, p] of [['direct', direct], ['through the proxy', through]] as const) {
        if (!p.outputs[i]!.includes(inv.email)) problems.push(`${inv.transport} ${name}: the last read does not see ${inv.email}, created before it`);
      }
    });
  }
  const calls = through.answers.filter((x) => !/^HTTP\/1\.[01] 1\d\d/.test(x.head)).length;
  const results = resultsOf(reports);
  const exchanges = results.run.observed?.exchanges;
  if (exchanges !== calls) problems.push(`the proxy recorded ${exchanges} exchanges, the client received ${calls} answers`);
  const clientFailures = results.failures.filter(isClientCheck);
  const clientErrors = clientFailures.filter((f) => f.level === 'error' || f.status === 'error');
  for (const f of clientErrors.slice(0, 5)) problems.push(`client error ${f.caseId} ${f.check}: ${f.message}`);
  return {
    client: client.name, transports: client.invocations.map((i) => i.transport).join(', '), server, calls,
    equal: differs === -1, clientErrors: clientErrors.length, clientWarnings: clientFailures.length - clientErrors.length, problems,
  };
}

const rows: Row[] = [];
const tap = await Tap.start();
try {
  let n = 0;
  for (const server of ['embedded', 'stateful'] as const) {
    for (const client of REAL_CLIENTS) {
      const row = await prove(client, server, tap, ++n).catch((err: Error): Row => ({
        client: client.name, transports: client.invocations.map((i) => i.transport).join(', '), server, calls: 0, equal: false, clientErrors: 0, clientWarnings: 0, problems: [err.message],
      }));
      say(`${row.client} on ${row.server}: ${row.calls} answers, byte-equal ${row.equal ? 'yes' : 'NO'}, ${row.clientErrors} client errors${row.problems.length ? `\n    ${row.problems.join('\n    ')}` : ''}`);
      rows.push(row);
    }
  }
} finally {
  await tap.close();
}

/** The broken clients through one proxy in front of the embedded server, one request each. */
async function broken(): Promise<Array<{ name: string; check: string; named: boolean; fired: string[] }>> {
  const reports = join(REPORTS, 'broken');
  const target = await startTarget('embedded');
  try {
    const proxy = await startProxy(target.url, reports);
    try {
      for (const b of BROKEN) await send(proxy.url, b.request(DEFAULT_NAMESPACE));
    } finally {
      await proxy.stop();
    }
  } finally {
    await target.stop();
  }
  const failures = resultsOf(reports).failures.filter(isClientCheck);
  return BROKEN.map((b, i) => {
    const mine = failures.filter((f) => f.caseId === `observed-${String(i + 1).padStart(6, '0')}`);
    return { name: b.name, check: b.check, named: mine.some((f) => f.check === b.check && f.level === 'error'), fired: mine.map((f) => `${f.check} (${f.level})`) };
  });
}
const brokenRows = await broken();

const table = (head: string[], body: string[][]): string[] => {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)];
};
process.stdout.write('\n');
for (const l of table(['client', 'transports', 'server', 'calls', 'byte-equal', 'client errors'], rows.map((r) => [r.client, r.transports, r.server, String(r.calls), r.equal ? 'yes' : 'NO', String(r.clientErrors)]))) process.stdout.write(`${l}\n`);
process.stdout.write('\n');
for (const l of table(['broken client', 'named by', 'named', 'client checks that failed'], brokenRows.map((r) => [r.name, r.check, r.named ? 'yes' : 'NO', r.fired.join(', ')]))) process.stdout.write(`${l}\n`);
process.stdout.write('\n');
const bad = rows.filter((r) => r.problems.length > 0 || !r.equal || r.clientErrors > 0).length + brokenRows.filter((r) => !r.named).length;
say(`${rows.length} client runs, ${brokenRows.length} broken clients, ${bad} failing; ${((Date.now() - started) / 1000).toFixed(0)} s; the proxy's reports in ${REPORTS}`);
process.exit(bad === 0 ? 0 : 1);
