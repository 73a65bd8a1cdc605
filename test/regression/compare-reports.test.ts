/** compare OLD NEW: newly failing, newly passing, not run now, changed verdicts. */
import { describe, expect, test } from 'vitest';
import { compareReports, comparisonFails, formatComparison, type ResultsFile } from '../../src/regression/compare-reports.js';
import type { ResultSamples } from '../../src/shapes/samples.js';
import { compareShapes } from '../../src/shapes/compare-shapes.js';
import { stableCaseId, verdictsOf } from '../../src/results/verdicts.js';

const failure = (caseId: string, transport: string, check: string, kind = 'positive') => ({ operation: 'MobileContactSearch', transport, caseId, kind, check, status: 'failed', message: `${check} fired\nsecond line` });

const older: ResultsFile = {
  failures: [failure('MobileContactSearch-example', 'get', 'echo-matches'), failure('MobileContactSearch-bool-invalid-x', 'post', 'rejects-invalid-input', 'negative'), failure('MobileContactSearch-example', 'soap12', 'not-a-fault')],
  verdicts: { 'MobileContactSearch-example get': 'failed', 'MobileContactSearch-example soap11': 'passed', 'MobileContactSearch-example soap12': 'failed', 'MobileContactSearch-bool-invalid-x post': 'failed', 'MobileContactSearch-fuzz soap11': 'passed' },
};
const newer: ResultsFile = {
  // The fuzz property now fails on another sample: still the same case, MobileContactSearch-fuzz.
  failures: [failure('MobileContactSearch-example', 'soap11', 'content-type'), failure('MobileContactSearch-fuzz-17', 'soap11', 'echo-matches', 'fuzz')],
  verdicts: { 'MobileContactSearch-example get': 'passed', 'MobileContactSearch-example soap11': 'failed', 'MobileContactSearch-example soap12': 'skipped', 'MobileContactSearch-fuzz soap11': 'failed' },
};

describe('compareReports', () => {
  const c = compareReports(older, newer);

  test('names the checks that newly fail, by stable case, transport and check', () => {
    expect(c.newlyFailing).toEqual([
      { case: 'MobileContactSearch-example', transport: 'soap11', check: 'content-type', message: 'content-type fired' },
      { case: 'MobileContactSearch-fuzz', transport: 'soap11', check: 'echo-matches', message: 'echo-matches fired' },
    ]);
  });

  test('a failure gone counts as passing only where the new run made the exchange', () => {
    expect(c.newlyPassing.map((x) => `${x.case} ${x.transport} ${x.check}`)).toEqual(['MobileContactSearch-example get echo-matches']);
    expect(c.noLongerRun.map((x) => `${x.case} ${x.transport} ${x.check}`)).toEqual(['MobileContactSearch-bool-invalid-x post rejects-invalid-input', 'MobileContactSearch-example soap12 not-a-fault']);
  });

  test('lists the exchanges whose verdict changed', () => {
    expect(c.changedVerdicts).toEqual([
      { case: 'MobileContactSearch-example', transport: 'get', old: 'failed', new: 'passed' },
      { case: 'MobileContactSearch-example', transport: 'soap11', old: 'passed', new: 'failed' },
      { case: 'MobileContactSearch-example', transport: 'soap12', old: 'failed', new: 'skipped' },
      { case: 'MobileContactSearch-fuzz', transport: 'soap11', old: 'passed', new: 'failed' },
    ]);
    expect(c.goneCases).toBe(1);
  });

  test('prints each list with its count', () => {
    expect(formatComparison(c).split('\n').slice(0, 6)).toEqual([
      'Newly failing checks (2):',
      '  MobileContactSearch-example soap11 content-type: content-type fired',
      '  MobileContactSearch-fuzz soap11 echo-matches: echo-matches fired',
      'Newly passing checks (1):',
      '  MobileContactSearch-example get echo-matches: echo-matches fired',
      'Failing before, not run now (2):',
    ]);
  });

  test('reports without verdicts (older tool): every failure gone counts as passing', () => {
    const d = compareReports({ failures: older.failures }, { failures: [] });
    expect(d.newlyPassing).toHaveLength(3);
    expect(d.changedVerdicts).toEqual([]);
  });
});

test('verdictsOf keeps the worst verdict of the records sharing a key', () => {
  const base = { operation: 'MobileContactSearch', transport: 'get' as const, kind: 'fuzz' as const, request: { method: 'GET', url: '', headers: {}, curl: '' } };
  const verdicts = verdictsOf([
    { ...base, caseId: 'MobileContactSearch-fuzz-0', checks: [{ id: 'a', status: 'passed' }] },
    { ...base, caseId: 'MobileContactSearch-fuzz-1', checks: [{ id: 'a', status: 'failed', message: 'm' }] },
    { ...base, caseId: 'MobileContactSearch-fuzz-2', checks: [{ id: 'a', status: 'passed' }] },
  ], 'error');
  expect(verdicts).toEqual({ 'MobileContactSearch-fuzz get': 'failed' });
});

describe('shape drift between two runs', () => {
  const samples = (texts: Record<string, string[]>): ResultSamples => ({
    source: 'reports', file: 'records.jsonl', samples: Object.entries(texts).flatMap(([operation, ts]) => ts.map((text) => ({ operation, text }))), failures: [],
  });
  const shapes = compareShapes(
    samples({ MobileTasksList: ['{"n":1,"s":"a"}', '{"n":2,"s":"b"}'], MobileContactSearch: ['<r><a>1</a></r>'], MobileAccountSearch: ['{"x":1}'] }),
    samples({ MobileTasksList: ['{"n":"1","t":"a"}'], MobileContactSearch: ['<r><a>2</a></r>'], MobileOpportunitySearch: ['{}'] }),
  );

  test('per operation learned from both runs: changes listed, value changes not, one-sided operations named', () => {
    expect(shapes).toEqual({
      drift: [{ operation: 'MobileTasksList', changes: ['/s: field "s" is now "t"', '/n: was number, now string'] }],
      notCompared: ['MobileAccountSearch', 'MobileOpportunitySearch'],
      compared: 2,
    });
  });

  test('fails the comparison however the checks went, and is printed in its own section', () => {
    const same: ResultsFile = { failures: [], verdicts: {} };
    const c = compareReports(same, same, shapes);
    expect([c.newlyFailing, comparisonFails(c), comparisonFails(compareReports(same, same))]).toEqual([[], true, false]);
    expect(formatComparison(c).split('\n').slice(3)).toEqual([
      'Shape drift (1 of 2 operations compared):',
      '  MobileTasksList: /s: field "s" is now "t"; /n: was number, now string',
      '  not compared (results of valid requests in one run only): MobileAccountSearch, MobileOpportunitySearch',
    ]);
  });
});

test('stableCaseId keys a fuzz property by its property and a proxy\'s exchanges by their cell, any other case by its id', () => {
  expect(stableCaseId({ operation: 'MobileContactSearch', caseId: 'MobileContactSearch-fuzz-3' })).toBe('MobileContactSearch-fuzz');
  expect(stableCaseId({ operation: 'MobileContactSearch', caseId: 'MobileContactSearch-r2-fuzz-3' })).toBe('MobileContactSearch-r2-fuzz-3');
  expect(stableCaseId({ operation: 'MobileContactSearch', caseId: 'observed-000123' })).toBe('MobileContactSearch-observed');
  expect(stableCaseId({ operation: 'MobileContactSearch', caseId: 'observed-r2' })).toBe('MobileContactSearch-observed');
  expect(stableCaseId({ operation: 'MobileContactSearch', caseId: 'observedx-1' })).toBe('observedx-1');
  expect(stableCaseId({ operation: 'MobileContactSearch', caseId: 'MobileContactSearch-int-empty-r3' })).toBe('MobileContactSearch-int-empty-r3');
});
