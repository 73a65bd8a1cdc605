/**
 * npm run test:personalities [-- --only NAME,NAME] [--random N] [--strict] [--why] [--keep DIR] [run flags...]
 *
 * Issue 49's acceptance, as a vendor tries it: every named personality of the stateful service and
 * N random:SEED ones (default 5) as the target, and a full `run --allow-mutations` against each
 * (the odd random ones and vendor-xml-strict, vendor-faults sign: the run gets the example signer).
 * The data path is counted from the service's own answer log, never from the tool's reading: every
 * web-method call but those refused for their signature, and how many of them succeeded.
 * Pass: exit 0, 0 errors, 0 warnings, data path >= 0.9 and a success for every operation (issue 59;
 * the reference's floor was 0.85 until then), and the run's reports name an anchor for every
 * operation with no inconclusive verdict on an anchored one (personality-anchors.ts). Prints one
 * line per target; exits 1 with --strict when a target fails, else 0. The runs take --seed 1 unless a --seed is given.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations } from '../src/contract/index.js';
import { personalityNames, startReferenceServer, type AnswerEntry } from '../src/server/server.js';
import { anchorsHold, anchorVerdict, describeAnchors } from './personality-anchors.js';
import { runCliAgainst } from './run-against.js';

const args = process.argv.slice(2);
const take = (flag: string): string | undefined => {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const flag = (name: string): boolean => (args.includes(name) ? (args.splice(args.indexOf(name), 1), true) : false);
const strict = flag('--strict');
/** --why: per operation, the service's failures and their most frequent messages (from its log). */
const why = flag('--why');
const only = take('--only')?.split(',');
/** --keep DIR: each target's reports stay in DIR/<target> (else a temporary folder, removed). */
const keep = take('--keep');
const randomCount = Number(take('--random') ?? '5');
if (!Number.isInteger(randomCount) || randomCount < 0) {
  process.stderr.write('test:personalities: --random takes a whole number of random personalities\n');
  process.exit(2);
}
const SECRET = 'personalities-acceptance';
// Seeded unless the caller seeds it: the same requests each time, so a gate does not depend on luck.
if (!args.includes('--seed')) args.push('--seed', '1');
const targets = [...personalityNames(), ...Array.from({ length: randomCount }, (_, i) => `random:${i + 1}`)].filter((p) => !only || only.includes(p));
const signs = (p: string) => p === 'vendor-xml-strict' || p === 'vendor-faults' || (p.startsWith('random:') && Number(p.slice(7)) % 2 === 1);

interface Row { target: string; exit: number; errors: number; warnings: number; ratio: number; noSuccess: string[]; anchors: string; pass: boolean }

async function one(personality: string): Promise<Row> {
  const log: AnswerEntry[] = [];
  const server = await startReferenceServer({ stateful: true, personality, answerLog: (e) => log.push(e), ...(signs(personality) ? { authSecret: SECRET } : {}) });
  const reports = keep ? join(keep, personality.replace(':', '-')) : mkdtempSync(join(tmpdir(), 'tsiws-personality-'));
  if (signs(personality)) process.env['TSIWS_AUTH_SECRET'] = SECRET;
  else delete process.env['TSIWS_AUTH_SECRET'];
  const signer = signs(personality) ? ['--signer', 'examples/signer.mjs'] : [];
  const { exitCode } = await runCliAgainst(['--base-url', server.url, '--allow-mutations', '--quiet', '--reports', reports, ...signer, ...args], () => server.close());
  let errors = -1;
  let warnings = -1;
  try {
    const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as { failures?: Array<{ level: string }> };
    errors = (results.failures ?? []).filter((f) => f.level === 'error').length;
    warnings = (results.failures ?? []).filter((f) => f.level === 'warning').length;
  } catch {
    // No results.json: the run failed before its reports; the exit code says so.
  }
  const anchors = anchorVerdict(reports, operations.map((o) => o.name));
  if (!keep) rmSync(reports, { recursive: true, force: true });
  const counted = log.filter((e) => e.outcome !== 'auth-failure');
  const succeeded = new Set(counted.filter((e) => e.outcome === 'success').map((e) => e.operation));
  const ratio = counted.length === 0 ? 0 : counted.filter((e) => e.outcome === 'success').length / counted.length;
  const noSuccess = operations.map((o) => o.name).filter((o) => !succeeded.has(o));
  if (why) printWhy(personality, counted);
  const floor = 0.9;
  const pass = exitCode === 0 && errors === 0 && warnings === 0 && ratio >= floor && noSuccess.length === 0 && anchorsHold(anchors);
  return { target: personality, exit: exitCode, errors, warnings, ratio, noSuccess, anchors: describeAnchors(anchors), pass };
}

function printWhy(personality: string, counted: readonly AnswerEntry[]): void {
  for (const op of operations.map((o) => o.name)) {
    const calls = counted.filter((e) => e.operation === op);
    const failures = calls.filter((e) => e.outcome !== 'success');
    if (failures.length === 0) continue;
    const byMessage = new Map<string, number>();
    for (const f of failures) {
      const key = `${f.transport} ${JSON.stringify((f.error ?? f.outcome).slice(0, 60))}`;
      byMessage.set(key, (byMessage.get(key) ?? 0) + 1);
    }
    const top = [...byMessage].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([m, n]) => `${n}x ${m}`);
    process.stdout.write(`  ${personality} ${op}: ${failures.length} of ${calls.length} failed: ${top.join(' | ')}\n`);
  }
}

const rows: Row[] = [];
for (const target of targets) {
  const row = await one(target);
  rows.push(row);
  process.stdout.write(`test:personalities: ${row.pass ? 'pass' : 'FAIL'} ${row.target.padEnd(18)} exit ${row.exit}, ${row.errors} errors, ${row.warnings} warnings, data path ${row.ratio.toFixed(3)} (service's log)${row.noSuccess.length ? `; no success: ${row.noSuccess.join(', ')}` : ''}${row.anchors ? `; ${row.anchors}` : ''}\n`);
}
const failed = rows.filter((r) => !r.pass).length;
process.stdout.write(`test:personalities: ${rows.length - failed} of ${rows.length} personalities pass\n`);
process.exit(strict && failed > 0 ? 1 : 0);
