/** The collector's progress: the plan's count when the run knows it, else the tests collected so far. */
import { expect, test } from 'vitest';
import type { TestCase, TestModule, TestSpecification } from 'vitest/node';
import { RecordCollector } from '../../../src/engine/run/collector.js';
import type { HandoverReader } from '../../../src/engine/run/worker-handover.js';

const files = {} as HandoverReader;
const passed = { meta: () => ({}), result: () => ({ state: 'passed' }), fullName: 't' } as unknown as TestCase;
const moduleOf = (tests: number) => ({ children: { allTests: () => Array.from({ length: tests }, () => passed) } }) as unknown as TestModule;

function run(inPlan?: number): Array<[number, number, boolean]> {
  const seen: Array<[number, number, boolean]> = [];
  const collector = new RecordCollector(files, {}, undefined, (done, planned, final) => seen.push([done, planned, final]), inPlan);
  collector.onTestRunStart([{}, {}] as TestSpecification[]);
  // Files run one after another in one worker: the second is collected only once the first is done.
  collector.onTestModuleCollected(moduleOf(2));
  collector.onTestCaseResult(passed);
  collector.onTestCaseResult(passed);
  collector.onTestModuleCollected(moduleOf(3));
  collector.onTestCaseResult(passed);
  return seen;
}

test("with the plan's count, progress is final from the first result", () => {
  expect(run(5)).toEqual([[1, 5, true], [2, 5, true], [3, 5, true]]);
});

test('without it (a baseline replay), progress is final once every file is collected', () => {
  expect(run()).toEqual([[1, 2, false], [2, 2, false], [3, 5, true]]);
});

test('a test that is a chunk of units counts its units, and those --max-duration left', () => {
  const seen: Array<[number, number, boolean]> = [];
  const collector = new RecordCollector(files, {}, undefined, (done, planned, final) => seen.push([done, planned, final]), 40);
  const chunk = (meta: object, state = 'passed') => ({ meta: () => meta, result: () => ({ state }), fullName: 't' }) as unknown as TestCase;
  collector.onTestCaseResult(chunk({ tsiwsUnits: 16 }));
  collector.onTestCaseResult(chunk({ tsiwsUnits: 16, tsiwsCutShort: 5 }));
  collector.onTestCaseResult(chunk({ tsiwsUnits: 8 }, 'skipped'));
  expect(seen).toEqual([[16, 40, true], [32, 40, true], [40, 40, true]]);
  expect(collector.cutShort).toBe(5 + 8);
});

test('the records with findings are counted from what the workers say, and no record is parsed for onBytes', () => {
  const seen: number[] = [];
  const texts: string[] = [];
  const reader = { readBytes: () => Buffer.from('{"not":"parsed"}\nnot even JSON\n'), readWithText: () => { throw new Error('parsed'); } } as unknown as HandoverReader;
  const collector = new RecordCollector(reader, { onBytes: (b) => texts.push(...b.toString().split('\n').filter(Boolean)) }, undefined, (_d, _p, _f, withFindings) => seen.push(withFindings), 3);
  const withMeta = (meta: object) => ({ meta: () => meta, result: () => ({ state: 'passed' }), fullName: 't' }) as unknown as TestCase;
  collector.onTestCaseResult(withMeta({ tsiws: { file: 'f', offset: 0, bytes: 1 }, tsiwsFindings: 2 }));
  collector.onTestCaseResult(withMeta({}));
  collector.onTestCaseResult(withMeta({ tsiwsFindings: 1 }));
  expect(seen).toEqual([2, 2, 3]);
  expect(texts).toEqual(['{"not":"parsed"}', 'not even JSON']);
});
