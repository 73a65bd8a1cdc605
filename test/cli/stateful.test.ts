/** `run --stateful` end to end (issue 37): the engine against the stateful reference implementation
 * learns its data, reaches the data path of every operation and follows entities through sequences
 * that state-consistency judges; a regression run replayed against a fresh copy finds it unchanged;
 * and the sequences catch a stateful mutant that the single requests cannot.
 * Every command in process (the same main() the bin calls): nothing here needs a child process. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operations } from '../../src/contract/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { expectEveryAnswerSame } from '../support/replayed.js';
import { runInProcess, type CliResult } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-stateful-'));
const base = join(dir, 'baseline');
const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const TRANSPORTS = ['soap11', 'soap12', 'get', 'post'];
/** The steps of each sequence (src/engine/sequences/sequences.ts), and how many of them state-consistency judges. */
const SEQUENCES = { 'contact-email': [9, 4], 'time-log': [2, 1], account: [3, 2], dispatch: [3, 2], 'rep-assignment': [3, 2] } as const;

describe('run --stateful --allow-mutations --seed 5 --runs 3 (recording a baseline)', () => {
  let run: CliResult;
  beforeAll(async () => {
    // Three fuzz runs a property keep the test short; the default ten are run by hand for the issue.
    run = await runInProcess(['run', '--stateful', '--allow-mutations', '--seed', '5', '--runs', '3', '--record', base]);
  }, 120_000);

  test('conforms, with no error, and its valid requests reach the data path of every operation', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Verdict: conforms \(\d+\.\d s\)$/m);
    const { summary, failures } = run.json('results.json');
    expect(summary).toMatchObject({ verdict: 'conforms', exchanges: { failed: 0, error: 0, skipped: 0 }, checks: { failed: 0, error: 0 }, levels: { error: 0, warning: 0 } });
    expect(failures).toEqual([]);
    // Every operation has an anchor: the two deletes' from the run (a valid case on a record of its
    // own, or a probe's confirmation), and no probe is inconclusive: the rep-assignment delete's
    // refused probes are confirmed by the valid delete on the learned record each took (issue 59).
    const anchors = run.json('results.json').run.discovery.anchors as Record<string, { source: string }>;
    expect(operations.map((o) => o.name).filter((name) => anchors[name] === undefined)).toEqual([]);
    expect(['MobileContactEmailDelete', 'MobileServiceOrderRepAssignedDelete'].map((name) => anchors[name]!.source)).toEqual(['run', 'run']);
    expect(run.stdout).toMatch(/^Anchors: 20 of 20 operations have a request known to succeed \(discovery \d+, search \d+, run 2\)$/m);
    const records = lines(join(run.reports, 'records.jsonl'));
    const notes = records.flatMap((r) => r.checks.filter((c: { status: string }) => c.status === 'failed').map((c: { id: string; message: string }) => `${c.id} ${r.operation} ${c.message}`));
    expect(notes.filter((n) => n.includes('inconclusive'))).toEqual([]);
    // Every probe of the delete here is refused by ASMX's own reading of its change (a conversion
    // fault, a missing parameter), conclusive as it is: a confirmation follows only the service's own
    // refusal (confirm.ts, refusalBy), so none spends a record; any that is sent must succeed.
    const confirmed = records.filter((r) => r.confirmation);
    expect(confirmed.filter((r) => !r.confirmation.succeeded || r.operation !== 'MobileServiceOrderRepAssignedDelete')).toEqual([]);
    const path = summary.dataPath;
    expect(path.success / path.total).toBeGreaterThanOrEqual(0.6);
    expect(path.success + path.failure + path.fault + path.refused).toBe(path.total);
    expect(Object.keys(path.operations).sort()).toEqual(operations.map((o) => o.name).sort());
    // Each operation by name, so that a failure names the one that never succeeded.
    expect(Object.fromEntries(Object.entries(path.operations).map(([name, o]) => [name, (o as { success: number }).success >= 1]))).toEqual(Object.fromEntries(operations.map((o) => [o.name, true])));
    expect(run.stdout).toMatch(new RegExp(`^Data path: ${path.success} of ${path.total} valid requests succeeded \\(\\d+%\\)`, 'm'));
  });

  test('records.jsonl has every step of every sequence over every transport, each expectation held', () => {
    const steps = lines(join(run.reports, 'records.jsonl')).filter((r) => r.sequence);
    // The account POST takes had been renamed by the mutations phase before the sequences: the search
    // by its learned name finds nothing, and the next read tried (the task list, by accountnumber)
    // shows it: one step more, the same two judged.
    const count = (name: string, t: string, n: number) => (name === 'account' && t === 'post' ? n + 1 : n);
    const expected = Object.entries(SEQUENCES).flatMap(([name, [n]]) => TRANSPORTS.flatMap((t) => Array.from({ length: count(name, t, n) }, (_, i) => `${name}-sequence-${t} ${i + 1}/${count(name, t, n)} ${t}`)));
    expect(steps.map((r) => `${r.sequence.id} ${r.sequence.step}/${r.sequence.of} ${r.transport}`).sort()).toEqual(expected.sort());
    const judged = steps.flatMap((r) => r.checks.filter((c: { id: string }) => c.id === 'state-consistency'));
    expect(judged).toHaveLength(4 * Object.values(SEQUENCES).reduce((sum, [, n]) => sum + n, 0));
    expect(judged.filter((c: { status: string }) => c.status !== 'passed')).toEqual([]);
    // Every step is a valid request judged by every check, and none failed.
    expect(steps.filter((r) => r.checks.some((c: { status: string }) => c.status === 'failed'))).toEqual([]);
  });

  test('report.html shows the sequences; the contact-email one step by step with the emailid it made', () => {
    const html = run.text('report.html');
    const section = html.slice(html.indexOf('<section id="sequences">'));
    expect(section.startsWith('<section id="sequences"><h2>Sequences: create, find, update, delete</h2>')).toBe(true);
    const shown = [...section.slice(0, section.indexOf('</section>')).matchAll(/<details(?: open)?><summary><code>([^<]+)<\/code>/g)].map((m) => m[1]);
    expect(shown.sort()).toEqual(Object.keys(SEQUENCES).flatMap((name) => TRANSPORTS.map((t) => `${name}-sequence-${t}`)).sort());
    // Closed: every expectation held.
    expect(section).toContain('<details><summary><code>contact-email-sequence-soap11</code>: contact-email over soap11, 9 steps</summary>');
    const table = section.slice(section.indexOf('<code>contact-email-sequence-soap11</code>'), section.indexOf('</details>', section.indexOf('<code>contact-email-sequence-soap11</code>')));
    const rows = [...table.matchAll(/<tr><td class="num">(\d)<\/td><td>([^<]+)<\/td><td><code>(\w+)<\/code><\/td><td>emailid <code>(\d+)<\/code><\/td><td>(\w+)<\/td><td>(.*?)<\/td><\/tr>/g)].map((m) => m.slice(1));
    const emailid = rows[0]?.[3];
    expect(emailid).toMatch(/^\d+$/);
    // The unknown-id probe's emailid: one no read listed (sequence-unknown-id.ts).
    const unknown = rows[7]?.[3];
    expect(Number(unknown)).toBeGreaterThan(Number(emailid));
    const held = '<span class="tag pass">held</span>';
    expect(rows).toEqual([
      ['1', 'create', 'MobileContactEmailCreate', emailid, 'success', ''],
      ['2', 'find', 'MobileContactSearch', emailid, 'success', held],
      ['3', 'update', 'MobileContactEmailUpdate', emailid, 'success', ''],
      ['4', 'see update', 'MobileContactSearch', emailid, 'success', held],
      ['5', 'delete', 'MobileContactEmailDelete', emailid, 'success', ''],
      ['6', 'gone', 'MobileContactSearch', emailid, 'success', held],
      // Deleting it again fails in-band, as it should.
      ['7', 'delete again', 'MobileContactEmailDelete', emailid, 'failure', held],
      // Both refuse an emailid no read listed: the answers agree.
      ['8', 'update unknown id', 'MobileContactEmailUpdate', unknown, 'failure', ''],
      ['9', 'delete unknown id', 'MobileContactEmailDelete', unknown, 'failure', held],
    ]);
    expect(section).not.toContain('an expectation did not hold');
  });

  test('replayed with --baseline against a fresh stateful server: every answer the same, exit 0', async () => {
    const r = await runInProcess(['run', '--stateful', '--allow-mutations', '--baseline', base]);
    expectEveryAnswerSame(r, base);
    const { summary, failures } = r.json('results.json');
    expect(summary).toMatchObject({ verdict: 'conforms', exchanges: { failed: 0, error: 0, skipped: 0 }, levels: { error: 0, warning: 0 } });
    expect(failures).toEqual([]);
    // Each recorded exchange replayed once: the sequences phase does not replay the baseline again.
    const replayed = lines(join(r.reports, 'records.jsonl')).filter((x) => x.transport !== 'parity' && x.transport !== 'wsdl' && x.kind !== 'fuzz');
    expect(new Set(replayed.map((x) => `${x.caseId} ${x.transport}`)).size).toBe(replayed.length);
  }, 120_000);
});

describe('the sequences catch a stateful mutant (run --base-url MUTANT --allow-mutations --suites sequences)', () => {
  const servers: ReferenceServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const againstMutant = async (mutant: string) => {
    const server = await startReferenceServer({ stateful: true, mutant });
    servers.push(server);
    return runInProcess(['run', '--base-url', server.url, '--allow-mutations', '--suites', 'sequences', '--seed', '5']);
  };
  const warnings = (r: CliResult) => r.json('results.json').failures.map((f: { caseId: string; transport: string; check: string; level: string; message: string }) => [f.caseId, f.transport, f.check, f.level, f.message]);

  test('stateful-update-not-persisted: the account sequence does not see its update, on every transport', async () => {
    const r = await againstMutant('stateful-update-not-persisted');
    // A warning: the spec states no semantics, so the run still exits 0.
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}4 warnings \(.*\): state-consistency 4;/m);
    // Each transport takes its own account, counted from the last learned one (sequences.ts).
    // The search showed the account by its name (step 1) and, once renamed, does not show it by the new one.
    expect(warnings(r)).toEqual(TRANSPORTS.map((t, i) => [`account-sequence-${t}-3-see-update`, t, 'state-consistency', 'warning',
      `MobileAccountSearch filtered by accountname shows accountnumber ${1012 - i} with accountname " tsiws-account-sequence-${t}-5 Müller ", as it showed it before the update (step 1): it did not; the answer: it no longer shows accountnumber ${1012 - i}: {"ok":true,"records":[]}`]));
  });

  test('stateful-delete-unknown-succeeds: deleting the e-mail again succeeds, as an idempotent delete may: inconclusive (info); deleting an emailid the update calls unknown is an answers-agree warning', async () => {
    // The spec states no semantics and nothing the target answered contradicts an idempotent delete
    // of what the run deleted; the update refusing an id the delete answers success to does (issue 59).
    const r = await againstMutant('stateful-delete-unknown-succeeds');
    expect(r.code).toBe(0);
    expect(warnings(r).map((w: string[]) => w.slice(0, 4)).sort()).toEqual(TRANSPORTS.map((t) => [`contact-email-sequence-${t}-9-delete-unknown-id`, t, 'answers-agree', 'warning']).sort());
    const again = lines(join(r.reports, 'records.jsonl')).filter((x) => x.sequence?.action === 'delete again');
    const verdicts = again.map((x) => [x.caseId, ...x.checks.filter((c: { id: string }) => c.id === 'state-consistency').map((c: { status: string; level: string }) => `${c.status} ${c.level}`)]);
    expect(verdicts.sort()).toEqual(TRANSPORTS.map((t) => [`contact-email-sequence-${t}-7-delete-again`, 'failed info']).sort());
    // The four sequences run side by side: which transport created which e-mail may vary.
    const ids = again.map((x) => /^inconclusive: MobileContactEmailDelete of emailid (\d+), deleted at step 5, fails; it succeeded, which an idempotent delete does; the answer: \{"ok":true\}$/.exec(x.checks.find((c: { id: string }) => c.id === 'state-consistency').message)?.[1]);
    // Four e-mails of their own, made one after another (the search for values may have made one first).
    const made = ids.map(Number).sort((a, b) => a - b);
    expect(made).toEqual([0, 1, 2, 3].map((i) => made[0]! + i));
    expect(made[0]).toBeGreaterThanOrEqual(3041);
  });
});
