/**
 * Writing --allure DIR: each record's results (allure.ts) as the record arrives, the run's own at
 * the end; nothing is held between records.
 *
 * Written with allure-js-commons, the library every official Allure JS integration (allure-vitest,
 * allure-playwright, newman-reporter-allure) writes results with: its ReporterRuntime makes the
 * results, their steps, start and stop times and their testCaseId/historyId (md5 of fullName)
 * the way Allure reads them, and follows the format as it changes. One part is ours: the writer.
 * The library's FileSystemWriter fsyncs every file (measured: 3.8 ms each here), and a default run
 * has 8,000 testcases, a --repeat 16 run 117,000: half a minute to ten minutes added to a run of
 * seconds. Ours replaces each file whole (write-atomic.ts), as the other reports are written.
 * A request and its answer are written once per record and referenced by each of its results.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ContentType, Stage, Status, type StatusDetails, type TestResult, type TestResultContainer } from 'allure-js-commons';
import { ReporterRuntime, stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';
import type { FailOn } from '../../results/levels.js';
import type { ExchangeRecord } from '../../results/record.js';
import { writeFileAtomic } from '../../results/write-atomic.js';
import { allureTestsOf, runAllureTests, type AllureStatus, type AllureTest } from './allure.js';
import { withoutSuccess } from '../digest/data-path.js';
import { diagnosesOf } from '../digest/diagnoses-of.js';
import type { RunDigest } from '../digest/digest.js';
import type { RunInfo } from '../digest/summary.js';
import { requestText, responseText } from '../digest/wire-text.js';
import { AllureFolderError } from './allure-folder.js';

const STATUS: Record<AllureStatus, Status> = { passed: Status.PASSED, failed: Status.FAILED, broken: Status.BROKEN, skipped: Status.SKIPPED };

/** What a results folder holds that a run writes (an Allure results folder's own names):
 * removed before a run, so that the report never mixes two runs. history/, which a CI job copies
 * in from the last report, and categories.json or executor.json that it puts there, stay. */
const RESULT_FILE = /-(result|container)\.json$|-attachment(\.[A-Za-z0-9]+)?$|^environment\.properties$/;

/** Writes each file whole, without the library writer's fsync (see above). */
class FolderWriter implements Writer {
  constructor(private readonly dir: string) {}
  writeResult(result: TestResult): void {
    writeFileAtomic(join(this.dir, `${result.uuid}-result.json`), JSON.stringify(result));
  }
  writeGroup(result: TestResultContainer): void {
    writeFileAtomic(join(this.dir, `${result.uuid}-container.json`), JSON.stringify(result));
  }
  writeAttachment(name: string, content: Buffer): void {
    writeFileAtomic(join(this.dir, name), content.toString('utf8'));
  }
  writeAttachmentFromPath(name: string, from: string): void {
    copyFileSync(from, join(this.dir, name));
  }
  writeEnvironmentInfo(info: Record<string, string | undefined>): void {
    writeFileAtomic(join(this.dir, 'environment.properties'), stringifyEnvInfo(info));
  }
  writeCategoriesDefinitions(categories: unknown[]): void {
    writeFileAtomic(join(this.dir, 'categories.json'), JSON.stringify(categories));
  }
  writeGlobals(name: string, info: unknown): void {
    writeFileAtomic(join(this.dir, name), JSON.stringify(info));
  }
}

export interface AllureOptions {
  readonly dir: string;
  readonly reportsDir: string;
  readonly seed: number;
  readonly failOn: FailOn;
  /** Said once, when a write fails during the run: the other reports and the exit code stand. */
  readonly warn: (line: string) => void;
}

export class AllureResults {
  private readonly runtime: ReporterRuntime;
  private readonly writer: FolderWriter;
  private failed = false;

  /** Creates the folder and removes an earlier run's results from it, or says why it cannot be used. */
  constructor(private readonly options: AllureOptions) {
    const { dir } = options;
    // Allure's command line also reads JUnit XML in a results folder: junit.xml would be counted twice.
    if (resolve(dir) === resolve(options.reportsDir)) throw new AllureFolderError(`--allure ${dir} is the --reports folder; give the Allure results their own folder`);
    try {
      mkdirSync(dir, { recursive: true });
      for (const name of readdirSync(dir)) if (RESULT_FILE.test(name)) rmSync(join(dir, name), { force: true });
    } catch (err) {
      throw new AllureFolderError(`--allure ${dir}: cannot write the Allure results there (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a folder you can write to`);
    }
    this.writer = new FolderWriter(dir);
    this.runtime = new ReporterRuntime({ writer: this.writer });
  }

  /** One record's results, written now. */
  add(r: ExchangeRecord): void {
    const tests = allureTestsOf(r, this.options, this.options.failOn);
    if (tests.length === 0) return;
    this.guarded(() => {
      // Written once, referenced by every result of the record.
      const sent = r.response !== undefined || r.error !== undefined || r.skipped !== undefined;
      const files = sent ? { request: this.attach(requestText(r.request)), ...(r.response ? { answer: this.attach(responseText(r.response)) } : {}) } : {};
      for (const test of tests) this.write(test, files);
    });
  }

  /** The run's own results (tool errors, data path, an incomplete run, diagnoses) and its environment. */
  finish(digest: RunDigest, run: RunInfo): void {
    this.guarded(() => {
      for (const test of runAllureTests(run, withoutSuccess(digest.dataPath.summary()), diagnosesOf(digest, run), this.options.failOn)) this.write(test, {});
      this.runtime.environmentInfo = { target: run.target, namespace: run.namespace, seed: String(run.seed), profile: String(run.configuration['profile'] ?? ''), 'fail-on': this.options.failOn, tool: `${run.tool.name} ${run.tool.version}` };
      this.runtime.writeEnvironmentInfo();
    });
  }

  private guarded(write: () => void): void {
    if (this.failed) return;
    try {
      write();
    } catch (err) {
      this.failed = true;
      this.options.warn(`warning: --allure ${this.options.dir}: cannot write the Allure results (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); the other reports are written, the results there are incomplete`);
    }
  }

  private attach(text: string): string {
    const source = `${randomUUID()}-attachment.txt`;
    this.writer.writeAttachment(source, Buffer.from(text, 'utf8'));
    return source;
  }

  private write(test: AllureTest, files: Partial<Record<'request' | 'answer', string>>): void {
    const { runtime } = this;
    const uuid = runtime.startTest({
      name: test.name,
      fullName: test.fullName,
      stage: Stage.FINISHED,
      labels: test.labels.map((l) => ({ ...l })),
      // Parameters show what identifies the case; none enters historyId, which fullName settles
      // (the seed differs between runs).
      parameters: test.parameters.map(([name, value]) => ({ name, value, excluded: true })),
      ...(test.start !== undefined ? { start: test.start } : {}),
    });
    for (const step of test.steps) {
      const id = runtime.startStep(uuid, undefined, { name: step.name, ...(step.start !== undefined ? { start: step.start } : {}) })!;
      const source = step.attach ? files[step.attach] : undefined;
      runtime.updateStep(id, (s) => {
        s.status = STATUS[step.status];
        if (step.message) s.statusDetails = { message: step.message };
        if (source) s.attachments.push({ name: step.attach!, source, type: ContentType.TEXT });
      });
      runtime.stopStep(id, step.stop !== undefined ? { stop: step.stop } : undefined);
    }
    runtime.updateTest(uuid, (t) => {
      t.status = STATUS[test.status];
      const details: StatusDetails = { ...(test.message ? { message: test.message } : {}), ...(test.trace ? { trace: test.trace } : {}) };
      if (details.message || details.trace) t.statusDetails = details;
    });
    runtime.stopTest(uuid, test.stop !== undefined ? { stop: test.stop } : undefined);
    runtime.writeTest(uuid);
  }
}
