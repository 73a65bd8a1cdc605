/** A vitest reporter that only collects: exchange records from the workers' handover files (task.meta
 * says where, worker-handover.ts), handed on one at a time and not kept (a large run's
 * records would fill the main process: the caller keeps what it needs), and anything that went wrong in the suites themselves (a tool
 * error, never a finding about the target). A caller that needs the records themselves while the
 * run sends gives `onRecord`; one that only stores them gives `onBytes`, and no record is parsed
 * in the main process while the workers send (issue 52: parsing and digesting each record there
 * took 0.08 ms of the main process's core per exchange, which the workers and a local target
 * need). */
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import './vitest-context.js';
import type { ExchangeRecord } from '../../results/record.js';
import type { HandoverReader } from './worker-handover.js';

export class RecordCollector implements Reporter {
  readonly toolErrors: string[] = [];
  /** Tests that did not run because the --max-duration budget was spent. */
  cutShort = 0;
  /** Tests collected, and the plan's units (plan.ts) of the tests that reported a result: a test is
   * a chunk of units (task.meta.tsiwsUnits, one when unset). */
  planned = 0;
  finished = 0;
  /** Records with findings that fail the run, as the workers counted them (task.meta.tsiwsFindings). */
  withFindings = 0;
  /** Suite files this run will run (after any sharding), and those collected so far: until all
   * are, `planned` is still growing. */
  modulesToRun = Infinity;
  modules = 0;
  /** Set once the run is interrupted: what breaks after that (a suite cut off while it was being
   * collected, a test whose worker was stopped) is the interruption's doing, not a tool error. */
  interrupted = false;

  toolError(message: string): void {
    if (!this.interrupted) this.toolErrors.push(message);
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.modulesToRun = specifications.length;
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.planned += [...testModule.children.allTests()].length;
    this.modules++;
  }

  /** `onSample` sees the exchanges of every fuzz sample (task.meta.tsiwsSamples), which are
   * recorded in a baseline but not reported; `onProgress` sees tests finished and planned. */
  constructor(
    private readonly files: HandoverReader,
    /** `onBytes`: the records' JSON lines as the worker wrote them, valid during the call only. */
    private readonly take: { onRecord?: (record: ExchangeRecord, text: string) => void; onBytes?: (lines: Buffer) => void },
    private readonly onSample: (record: ExchangeRecord) => void = () => {},
    private readonly onProgress: (finished: number, planned: number, collected: boolean, withFindings: number) => void = () => {},
    /** The tests the run's plan has, when known before collection: then final from the start. */
    private readonly inPlan?: number,
  ) {}

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta();
    // A test interrupted before it started has no count of its units: it counts one here, and the
    // run counts the plan's units that never reported as not run (run.ts).
    const units = meta.tsiwsUnits ?? 1;
    this.finished += units;
    this.cutShort += meta.tsiwsCutShort ?? 0;
    this.withFindings += meta.tsiwsFindings ?? 0;
    if (this.inPlan === undefined) this.onProgress(this.finished, this.planned, this.modules >= this.modulesToRun, this.withFindings);
    else this.onProgress(this.finished, Math.max(this.planned, this.inPlan), true, this.withFindings);
    if (meta.tsiws) {
      const { onRecord, onBytes } = this.take;
      if (onRecord) for (const { record, text } of this.files.readWithText(meta.tsiws)) onRecord(record, text);
      else onBytes?.(this.files.readBytes(meta.tsiws));
      if (meta.tsiwsSamples) for (const sample of this.files.read(meta.tsiwsSamples)) this.onSample(sample);
      return;
    }
    const result = testCase.result();
    // Skipped: --max-duration ran out; pending: the run was interrupted before the test ran.
    if (result.state === 'skipped' || result.state === 'pending') this.cutShort += units;
    if (result.state === 'failed') {
      this.toolError(`${testCase.fullName}: ${(result.errors ?? []).map((e) => e.message).join('; ')}`);
    }
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    for (const mod of modules) {
      for (const err of mod.errors()) this.toolError(`${mod.moduleId}: ${err.message}`);
    }
    for (const err of unhandledErrors) this.toolError(`unhandled: ${(err as Error).message ?? String(err)}`);
  }
}
