/** `run --record DIR`: streams every case and every decoded answer to the baseline file set
 * (format.ts) as records arrive, so an interrupted run still leaves what it sent on disk. */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import type { ExchangeRecord } from '../results/record.js';
import { writeFileAtomic } from '../results/write-atomic.js';
import { answerOf, BASELINE_FORMAT_VERSION, CASES, baselineCaseOf, isExchange, MANIFEST, RESPONSES, type BaselineManifest } from './format.js';

export class BaselineWriter {
  private readonly cases: number;
  private readonly responses: number;
  private readonly seenCases = new Set<string>();
  private readonly seenAnswers = new Set<string>();
  private manifest: BaselineManifest;

  constructor(readonly dir: string, manifest: Omit<BaselineManifest, 'format' | 'formatVersion' | 'complete' | 'counts'>) {
    try {
      mkdirSync(dir, { recursive: true });
      this.cases = openSync(join(dir, CASES), 'w');
      this.responses = openSync(join(dir, RESPONSES), 'w');
    } catch (err) {
      throw new ConfigError(`--record: cannot write the baseline to ${dir}: ${(err as Error).message}`);
    }
    this.manifest = { format: 'tsiws-baseline', formatVersion: BASELINE_FORMAT_VERSION, ...manifest, complete: false };
    this.writeManifest();
  }

  /** Takes any record; only exchanges (not parity or service records) are recorded, each once. */
  add(record: ExchangeRecord): void {
    if (!isExchange(record)) return;
    if (!this.seenCases.has(record.caseId)) {
      this.seenCases.add(record.caseId);
      writeSync(this.cases, `${JSON.stringify(baselineCaseOf(record))}\n`);
    }
    const key = `${record.caseId}\n${record.transport}`;
    if (this.seenAnswers.has(key)) return;
    this.seenAnswers.add(key);
    writeSync(this.responses, `${JSON.stringify(answerOf(record))}\n`);
  }

  /** Closes the files; the manifest says whether the run that recorded it finished. */
  close(complete: boolean): void {
    closeSync(this.cases);
    closeSync(this.responses);
    this.manifest = { ...this.manifest, complete, counts: { cases: this.seenCases.size, responses: this.seenAnswers.size } };
    this.writeManifest();
  }

  private writeManifest(): void {
    writeFileAtomic(join(this.dir, MANIFEST), `${JSON.stringify(this.manifest, null, 2)}\n`);
  }
}
