/** A vitest reporter that only collects: exchange records from task.meta, and anything that went
 * wrong in the suites themselves (a tool error, never a finding about the target). */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import './vitest-context.js';
import type { ExchangeRecord } from './record.js';

export class RecordCollector implements Reporter {
  readonly records: ExchangeRecord[] = [];
  readonly toolErrors: string[] = [];
  /** Tests that did not run because the --max-duration budget was spent. */
  cutShort = 0;
  /** Tests collected, and tests that reported a result: the difference did not finish. */
  planned = 0;
  finished = 0;

  onTestModuleCollected(testModule: TestModule): void {
    this.planned += [...testModule.children.allTests()].length;
  }

  constructor(private readonly onRecord: (record: ExchangeRecord) => void = () => {}) {}

  onTestCaseResult(testCase: TestCase): void {
    this.finished++;
    const meta = testCase.meta();
    const records = meta.tsiws;
    if (records) {
      // The records live on here; vitest's copy in its task tree would only double the memory.
      delete meta.tsiws;
      for (const record of records) {
        this.records.push(record);
        this.onRecord(record);
      }
      return;
    }
    const result = testCase.result();
    if (result.state === 'skipped') this.cutShort++;
    if (result.state === 'failed') {
      this.toolErrors.push(`${testCase.fullName}: ${(result.errors ?? []).map((e) => e.message).join('; ')}`);
    }
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    for (const mod of modules) {
      for (const err of mod.errors()) this.toolErrors.push(`${mod.moduleId}: ${err.message}`);
    }
    for (const err of unhandledErrors) this.toolErrors.push(`unhandled: ${(err as Error).message ?? String(err)}`);
  }
}
