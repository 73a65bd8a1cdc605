/** Issue 21 through the CLI: shapes infer from a run's reports, a run judged against the schemas it
 * wrote, and the bad-usage paths (nothing to learn from, a broken schema file). */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { DEFAULT_NAMESPACE, operations } from '../../src/contract/index.js';
import { failureFile } from '../../src/report/digest/failure-files.js';
import type { RunInfo } from '../../src/report/digest/summary.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { runInProcess, type CliResult } from '../support/cli.js';

/** Commands that start no run are run in process (a child process costs seconds). */
async function inProcess(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'tsiws-shapes-cli-'));

/** A reports folder holding `records` (the parts of exchange records shapes infer reads). */
function reportsWith(name: string, records: object[]): string {
  const reports = join(dir, name);
  mkdirSync(reports);
  const base = { transport: 'soap11', values: {}, request: { method: 'POST', url: 'u', headers: {}, curl: '' }, checks: [] };
  writeFileSync(join(reports, 'records.jsonl'), records.map((r) => JSON.stringify({ ...base, ...r })).join('\n'));
  return reports;
}

describe('shapes infer', () => {
  test('learns from the results of valid requests only, says from how many, and writes no schema learned from none', async () => {
    const reports = reportsWith('some', [
      { operation: 'MobileTasksList', caseId: 'a', kind: 'positive', result: { kind: 'result', text: '{"n":1}' } },
      { operation: 'MobileTasksList', caseId: 'b', kind: 'fuzz', result: { kind: 'result', text: '{"n":2}' } },
      // The answer to an invalid request, a fault and the parity record say nothing about the result's shape.
      { operation: 'MobileTasksList', caseId: 'c', kind: 'negative', result: { kind: 'result', text: '<wrong/>' } },
      { operation: 'MobileTasksList', caseId: 'd', kind: 'positive', result: { kind: 'fault', code: 'soap:Client', reason: 'x' } },
      { operation: 'MobileTasksList', caseId: 'a', kind: 'parity', transport: 'parity', result: { kind: 'result', text: '<wrong/>' } },
      { operation: 'MobileAccountSearch', caseId: 'e', kind: 'positive', result: { kind: 'result', text: '<accounts><account>1</account></accounts>' } },
      { operation: 'MobileContactSearch', caseId: 'f', kind: 'positive', result: { kind: 'result', text: 'OK' } },
    ]);
    const out = join(dir, 'some-schemas');
    const { code, out: lines } = await inProcess(['shapes', 'infer', reports, '--out', out]);
    expect(code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['MobileAccountSearch.xsd', 'MobileTasksList.schema.json']);
    // In contract order, with how many results each was learned from.
    expect(lines.slice(0, 3)).toEqual([
      `Learned from 4 results of valid requests in ${join(reports, 'records.jsonl')}:`,
      `  ${join(out, 'MobileTasksList.schema.json')}  from 2 results`,
      `  ${join(out, 'MobileAccountSearch.xsd')}      from 1 result`,
    ]);
    const without = lines.slice(lines.indexOf(`Not written, nothing to learn from (${operations.length - 2}):`) + 1, -1);
    expect(without).toHaveLength(operations.length - 2);
    expect(without).toContain(`  MobileContactSearch: 1 result, none readable (not JSON: Unexpected token 'O', "OK" is not valid JSON)`);
    expect(without).toContain('  MobileOpportunitySearch: no result of a valid request');
    expect(lines.at(-1)).toBe(`Wrote 2 schemas to ${out}; review them, then run with --result-schemas ${out}`);

    // Again, after the results changed format and one operation lost its results.
    writeFileSync(join(out, 'MobileOpportunitySearch.xsd'), '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>');
    const again = reportsWith('again', [{ operation: 'MobileAccountSearch', caseId: 'e', kind: 'positive', result: { kind: 'result', text: '{"accounts":[1]}' } }]);
    const second = await inProcess(['shapes', 'infer', again, '--out', out]);
    expect(readdirSync(out).sort()).toEqual(['MobileAccountSearch.schema.json', 'MobileOpportunitySearch.xsd', 'MobileTasksList.schema.json']);
    expect(second.out).toContain(`  MobileOpportunitySearch: no result of a valid request; ${join(out, 'MobileOpportunitySearch.xsd')} from an earlier inference is kept`);
    expect(second.out).toContain(`Removed ${join(out, 'MobileAccountSearch.xsd')}: the operation's results are now in the other format`);
  });

  test('learns from a --record baseline: every example and fuzzed request answered with a result', async () => {
    const baseline = join(dir, 'baseline');
    mkdirSync(baseline);
    writeFileSync(join(baseline, 'manifest.json'), JSON.stringify({ format: 'tsiws-baseline', formatVersion: 1, tool: { name: 'tsiws-conform', version: '0' }, target: 't', startedAt: 'now', seed: 1, settings: {}, complete: true }));
    const cases = [['p', 'positive'], ['f1', 'fuzz'], ['f2', 'fuzz'], ['n', 'negative']].map(([id, kind]) => ({ id, operation: 'MobileTasksList', kind, values: {}, ...(kind === 'negative' ? { scenario: 'int-non-numeric' } : {}) }));
    writeFileSync(join(baseline, 'cases.jsonl'), cases.map((c) => JSON.stringify(c)).join('\n'));
    const answer = (c: string, transport: string, outcome: string, text: string | null) => JSON.stringify({ case: c, transport, outcome, status: 200, contentType: 'text/xml', text });
    writeFileSync(join(baseline, 'responses.jsonl'), [
      answer('p', 'soap11', 'result', '{"n":1}'), answer('p', 'get', 'result', '{"n":1}'), answer('f1', 'soap11', 'result', '{"n":2,"s":"x"}'),
      answer('f2', 'soap11', 'rejected', 'soap:Client: bad'), answer('n', 'soap11', 'result', '<wrong/>'),
    ].join('\n'));
    const out = join(dir, 'baseline-schemas');
    const { code, out: lines } = await inProcess(['shapes', 'infer', baseline, '--out', out]);
    expect([code, lines.slice(0, 2)]).toEqual([0, [
      `Learned from 3 results of valid requests in ${join(baseline, 'responses.jsonl')}:`,
      `  ${join(out, 'MobileTasksList.schema.json')}  from 3 results`,
    ]]);
  });

  describe('in-band failures are learned apart, never as an operation\'s schema', () => {
    const ok = (op: string, caseId: string, text: string, extra: object = {}) => ({ operation: op, caseId, kind: 'positive', result: { kind: 'result', text }, ...extra });
    const STATEFUL = [
      ok('MobileAccountSearch', 'a1', '{"ok":true,"records":[{"accountnumber":1001,"accountname":"Acme"}]}'),
      ok('MobileAccountSearch', 'a2', '{"ok":true,"records":[]}'),
      ok('MobileContactSearch', 'c1', '{"ok":true,"records":[{"contactnumber":2001}]}'),
      ok('MobileContactSearch', 'c2', '{"ok":false,"error":"Unknown contactnumber 7"}'),
      ok('MobileContactEmailUpdate', 'u1', '{"ok":false,"error":"Unknown emailid 5"}'),
      ok('MobileContactEmailUpdate', 'u2', '{"ok":false,"error":"Unknown emailid 6"}'),
    ];
    const NEGATIVE = [
      { operation: 'MobileAccountSearch', caseId: 'n1', kind: 'negative', scenario: 'auth-corrupted-sig', result: { kind: 'result', text: '{"ok":false,"error":"bad sig"}' } },
      { operation: 'MobileTasksList', caseId: 'n2', kind: 'negative', scenario: 'int-non-numeric', result: { kind: 'result', text: '{"ok":false,"error":"taskkeyid is not a number"}' } },
    ];
    const expectSplit = (lines: string[], out: string, how: string) => {
      expect(lines.slice(0, 4)).toEqual([
        `Learned from 3 results of valid requests in ${join(dirname(out), 'records.jsonl')}:`,
        `  ${join(out, 'MobileAccountSearch.schema.json')}  from 2 results`,
        `  ${join(out, 'MobileContactSearch.schema.json')}  from 1 result (1 in-band failure apart)`,
        `In-band failures learned apart, not as result schemas: 3, ${how}`,
      ]);
      expect(lines).toContain('  MobileContactEmailUpdate: no success answer to learn from (2 in-band failures)');
      expect(readdirSync(out).sort()).toEqual(['MobileAccountSearch.schema.json', 'MobileContactSearch.schema.json']);
      // The success shape only: no "error" key learned into it.
      const schema = JSON.parse(readFileSync(join(out, 'MobileContactSearch.schema.json'), 'utf8')) as { properties: object };
      expect(Object.keys(schema.properties)).toEqual(['ok', 'records']);
    };

    test('by a signature learned from the answers to requests that should fail', async () => {
      const reports = reportsWith('inband-learned', [...STATEFUL, ...NEGATIVE]);
      const { code, out: lines } = await inProcess(['shapes', 'infer', reports, '--out', join(reports, 'schemas')]);
      expect(code).toBe(0);
      expectSplit(lines, join(reports, 'schemas'), `matching /"ok"\\s*:\\s*false/, learned: "ok":false in every failure answer (2; first: '{"ok":false,"error":"bad sig"}'), in no success answer (3)`);
    });

    test('by --failure-pattern', async () => {
      const reports = reportsWith('inband-given', STATEFUL);
      const { code, out: lines } = await inProcess(['shapes', 'infer', reports, '--out', join(reports, 'schemas'), '--failure-pattern', '"ok":false']);
      expect(code).toBe(0);
      expectSplit(lines, join(reports, 'schemas'), 'matching --failure-pattern /"ok":false/');
    });

    test('as the run classed each answer', async () => {
      const classed = STATEFUL.map((r) => ({ ...r, dataPath: r.result.text.includes('false') ? 'failure' : 'success' }));
      const reports = reportsWith('inband-run', classed);
      const { code, out: lines } = await inProcess(['shapes', 'infer', reports, '--out', join(reports, 'schemas')]);
      expect(code).toBe(0);
      expectSplit(lines, join(reports, 'schemas'), 'as the run classed each answer');
    });

    test('nothing told apart: learned as before, and said why', async () => {
      // The answers to requests that should fail look like the successes: no pattern, no split.
      const reports = reportsWith('inband-none', [ok('MobileAccountSearch', 'a1', '{"ok":true,"records":[]}'), { ...NEGATIVE[0], result: { kind: 'result', text: '{"ok":true,"records":[]}' } }]);
      const { code, out: lines } = await inProcess(['shapes', 'infer', reports, '--out', join(reports, 'schemas')]);
      expect([code, lines.slice(0, 3)]).toEqual([0, [
        `Learned from 1 results of valid requests in ${join(reports, 'records.jsonl')}:`,
        `  ${join(reports, 'schemas', 'MobileAccountSearch.schema.json')}  from 1 result`,
        'No in-band failure told apart: nothing tells the 1 answers to requests that should fail apart from the other answers; give --failure-pattern if the target answers failures in the result text',
      ]]);
    });

    test('a target that only ever failed is bad usage, and nothing is written', async () => {
      const reports = reportsWith('inband-all', [STATEFUL[4]!, STATEFUL[5]!]);
      const { code, err } = await inProcess(['shapes', 'infer', reports, '--out', join(reports, 'schemas'), '--failure-pattern', '"ok":false']);
      expect([code, err]).toEqual([2, [`tsiws-conform: shapes infer: all 2 results of valid requests in ${join(reports, 'records.jsonl')} are in-band failures (matching --failure-pattern /"ok":false/); infer from a run whose valid requests reached the data (--values, or a target with data)`]]);
      expect(existsSync(join(reports, 'schemas'))).toBe(false);
    });
  });

  test('a folder with no result to learn from is bad usage, and nothing is written', async () => {
    const reports = reportsWith('none', [{ operation: 'MobileTasksList', caseId: 'c', kind: 'negative', result: { kind: 'result', text: '{}' } }]);
    const { code, err } = await inProcess(['shapes', 'infer', reports, '--out', join(dir, 'none-schemas')]);
    expect([code, err]).toEqual([2, [`tsiws-conform: shapes infer: ${join(reports, 'records.jsonl')} holds no result of a valid request to learn from (0 results read); infer from a run whose valid requests succeeded (suite positive)`]]);
    expect(existsSync(join(dir, 'none-schemas'))).toBe(false);
  });

  test('a folder that is neither reports nor a baseline, and a missing subcommand, are bad usage', async () => {
    expect(await inProcess(['shapes', 'infer', dir])).toMatchObject({ code: 2, err: [expect.stringMatching(/^tsiws-conform: shapes infer: .* has neither records\.jsonl .* nor manifest\.json/)] });
    expect(await inProcess(['shapes'])).toMatchObject({ code: 2, err: ['tsiws-conform: shapes: give a subcommand; expected: shapes infer REPORTS_OR_BASELINE_DIR [--out DIR] (see tsiws-conform shapes --help)'] });
  });
});

describe('--result-schemas', () => {
  test.each([
    ['a JSON Schema that is not JSON', 'MobileTasksList.schema.json', '{ "type": ', /is not JSON \(/],
    ['a JSON Schema with an unknown keyword', 'MobileTasksList.schema.json', '{ "type": "object", "requird": ["a"] }', /is not a valid JSON Schema: strict mode: unknown keyword: "requird"$/],
    ['an XSD that is not a schema', 'MobileTasksList.xsd', '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="a" type="xs:nosuch"/></xs:schema>', /is not a valid XSD \(Invalid XSD schema\)/],
    ['a file named for no operation', 'MobileTaskList.schema.json', '{}', /is named for no operation: "MobileTaskList" \(did you mean "MobileTasksList"\?\); name it <Operation>\.schema\.json$/],
  ])('%s is bad usage naming the file, before any request', async (_, name, text, message) => {
    const schemas = mkdtempSync(join(dir, 'bad-'));
    writeFileSync(join(schemas, name), text);
    const { code, err } = await inProcess(['run', '--reports', join(schemas, 'reports'), '--result-schemas', schemas]);
    expect(code).toBe(2);
    expect(err).toEqual([expect.stringContaining(`tsiws-conform: --result-schemas: ${join(schemas, name)} `)]);
    expect(err[0]).toMatch(message);
  });

  test('a folder that does not exist is bad usage', async () => {
    const { code, err } = await inProcess(['run', '--reports', join(dir, 'r'), '--result-schemas', join(dir, 'missing')]);
    expect([code, err]).toEqual([2, [`tsiws-conform: --result-schemas: ${join(dir, 'missing')} is not a folder; give the folder of <Operation>.xsd and <Operation>.schema.json files (tsiws-conform shapes infer writes one)`]]);
  });
});

describe('end to end: a run of the valid requests, shapes infer from its reports, a run against the schemas', () => {
  let first: CliResult;
  let second: CliResult;
  let inferred: Awaited<ReturnType<typeof inProcess>>;
  const schemas = join(dir, 'e2e-schemas');
  beforeAll(async () => {
    // The suites whose requests are valid: shapes are learned from and judged on results, which the
    // negative cases' rejections are not (and they are most of a default run's exchanges).
    first = await runInProcess(['run', '--suites', 'positive,fuzz']);
    inferred = await inProcess(['shapes', 'infer', first.reports, '--out', schemas]);
    // Another seed: the schemas must hold for fuzzed values they were not learned from.
    second = await runInProcess(['run', '--suites', 'positive,fuzz', '--result-schemas', schemas]);
  }, 240_000);

  test('learns a schema for every operation, from each one\'s example and fuzz results', () => {
    expect(first.code).toBe(0);
    expect(inferred.code).toBe(0);
    expect(readdirSync(schemas).sort()).toEqual(operations.map((o) => `${o.name}.schema.json`).sort());
    expect(inferred.out.at(-1)).toBe(`Wrote ${operations.length} schemas to ${schemas}; review them, then run with --result-schemas ${schemas}`);
  });

  test('the clean server conforms to the schemas learned from it, and every result was validated', () => {
    expect(second.stdout).toContain(`Result schemas: ${operations.length} of ${operations.length} operations (${schemas})`);
    expect([second.code, second.stdout.match(/^Verdict: .*$/m)?.[0].replace(/ \(.*\)$/, '')]).toEqual([0, 'Verdict: conforms']);
    const records = second.text('records.jsonl').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; checks: Array<{ id: string; status: string }> });
    const judged = records.flatMap((r) => r.checks.filter((c) => c.id === 'result-schema'));
    // Every answer to a valid request the service gave (those not-a-fault judges too).
    const answered = records.filter((r) => r.checks.some((c) => c.id === 'not-a-fault')).length;
    expect(judged.length).toBeGreaterThan(0);
    expect([judged.length, judged.every((c) => c.status === 'passed')]).toEqual([answered, true]);
  });
});

describe('a result-schema failure', () => {
  test('its failure file keeps the run\'s schemas, and replays against them', async () => {
    const schemas = mkdtempSync(join(dir, 'xsd-'));
    writeFileSync(join(schemas, 'MobileTasksList.xsd'), '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="tasks" type="xs:string"/></xs:schema>');
    const record: ExchangeRecord = {
      operation: 'MobileTasksList', transport: 'soap11', caseId: 'MobileTasksList-example', kind: 'positive', values: { repnumber: '1' },
      request: { method: 'POST', url: 'u', headers: {}, curl: '' }, checks: [{ id: 'result-schema', status: 'failed', level: 'error', message: 'the result is not XML' }],
    };
    const run = { target: 'embedded reference server', embedded: true, namespace: DEFAULT_NAMESPACE, seed: 1, configuration: { resultSchemas: schemas } } as unknown as RunInfo;
    const file = join(dir, 'failure.json');
    const saved = failureFile(record, run, file);
    expect(saved.resultSchemas).toBe(schemas);
    writeFileSync(file, JSON.stringify(saved));
    const replayed = await inProcess(['replay', file]);
    expect([replayed.code, replayed.out.slice(1, 3)]).toEqual([1, [
      `  result-schema: 1 violation of ${join(schemas, 'MobileTasksList.xsd')}: the result is not XML: Start tag expected, '<' not found (line 1, column 1)`,
      'Reproduced: the same checks fire (result-schema).',
    ]]);
  });
});
