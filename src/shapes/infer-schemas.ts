/** `shapes infer`: one schema file per operation, learned from the results of a run or baseline. */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { operations } from '../contract/index.js';
import { ShapeLearner, type LearnedShape } from './learn.js';
import { SCHEMA_SUFFIX, schemaFile } from './render.js';
import type { ResultShape } from './shape.js';
import { givenFailureSignature, isInBandFailure, learnFailureSignatureFromRun, type FailureSignature } from '../state/in-band.js';
import type { ResultSample, ResultSamples } from './samples.js';

export interface WrittenSchema {
  readonly operation: string;
  readonly file: string;
  readonly learnedFrom: number;
  readonly unread: number;
  /** In-band failures of the operation, learned apart and not into the schema. */
  readonly failures: number;
}

/** The in-band failures of one operation, learned as a shape of their own (not written: a schema of
 * them would pass a target that only ever fails). */
export interface FailureShape {
  readonly operation: string;
  readonly count: number;
  readonly shape?: ResultShape;
}

/** How in-band failures were told apart from successes: by a signature (--failure-pattern, or learned
 * from the answers to requests that should fail), or as the run classed each answer (dataPath). */
export type FailureSplit =
  | { readonly by: 'signature'; readonly signature: FailureSignature }
  | { readonly by: 'run' }
  | { readonly by: 'none'; readonly why: string };

export interface InferOutcome {
  readonly source: ResultSamples;
  readonly written: readonly WrittenSchema[];
  /** Operations with no result to learn from (none in the source, or none readable), and why;
   * `kept`: the schema file of an earlier inference, left as it was. */
  readonly without: ReadonlyArray<{ readonly operation: string; readonly why: string; readonly kept?: string }>;
  /** Schema files of the other format, replaced by the one written (the results changed format). */
  readonly replaced: readonly string[];
  readonly split: FailureSplit;
  readonly failures: readonly FailureShape[];
}

const SUFFIXES = [SCHEMA_SUFFIX.json, SCHEMA_SUFFIX.xml];

export function learnShapes(source: ResultSamples, isFailure: (s: ResultSample) => boolean = () => false): LearnedShape[] {
  const learner = new ShapeLearner();
  for (const s of source.samples) if (!isFailure(s)) learner.add(s.operation, s.text);
  return learner.results();
}

/** How to tell an in-band failure among the samples (see FailureSplit), most explicit first. */
export function failureSplit(source: ResultSamples, failurePattern: string | undefined): { split: FailureSplit; isFailure: (s: ResultSample) => boolean } {
  const bySignature = (signature: FailureSignature) => ({ split: { by: 'signature' as const, signature }, isFailure: (s: ResultSample) => isInBandFailure(s.text, signature) });
  if (failurePattern !== undefined) return bySignature(givenFailureSignature(failurePattern));
  if (source.samples.some((s) => s.dataPath !== undefined)) return { split: { by: 'run' }, isFailure: (s) => s.dataPath !== 'success' };
  if (source.failures.length === 0) return { split: { by: 'none', why: 'no answer to a request that should fail (suite negative) to learn what a failure looks like' }, isFailure: () => false };
  const learned = learnFailureSignatureFromRun(source.samples.map((s) => s.text), source.failures);
  if (learned) return bySignature(learned);
  return { split: { by: 'none', why: `nothing tells the ${source.failures.length} answers to requests that should fail apart from the other answers` }, isFailure: () => false };
}

/** Learns from `source` (the samples of a reports or baseline folder: src/regression/result-samples.ts) and writes `<Op>.schema.json` / `<Op>.xsd` to
 * `outDir`; an operation learned from no result gets no file. In-band failures (HTTP 200, an error in
 * the result text) are learned apart: a target that only ever answered "unknown id" would otherwise
 * teach its error as the operation's result shape. */
export function inferSchemas(source: ResultSamples, outDir: string, options: { readonly failurePattern?: string } = {}): InferOutcome {
  const { split, isFailure } = failureSplit(source, options.failurePattern);
  const learned = new Map(learnShapes(source, isFailure).map((l) => [l.operation, l]));
  const failureLearner = new ShapeLearner();
  for (const s of source.samples) if (isFailure(s)) failureLearner.add(s.operation, s.text);
  const failed = new Map(failureLearner.results().map((l) => [l.operation, l]));
  const failures: FailureShape[] = operations.flatMap(({ name }) => {
    const f = failed.get(name);
    return f ? [{ operation: name, count: f.learnedFrom + f.unread, ...(f.shape ? { shape: f.shape } : {}) }] : [];
  });
  const failureCount = (op: string) => failures.find((f) => f.operation === op)?.count ?? 0;
  const written: WrittenSchema[] = [];
  const without: Array<{ operation: string; why: string; kept?: string }> = [];
  const files: Array<{ path: string; text: string }> = [];
  for (const { name } of operations) {
    const l = learned.get(name);
    if (!l && failureCount(name) > 0) {
      without.push({ operation: name, why: `no success answer to learn from (${failureCount(name)} in-band failure${failureCount(name) === 1 ? '' : 's'})` });
      continue;
    }
    if (!l) {
      without.push({ operation: name, why: 'no result of a valid request' });
      continue;
    }
    if (!l.shape) {
      without.push({ operation: name, why: `${l.unread} result${l.unread === 1 ? '' : 's'}, none readable (${l.firstProblem})` });
      continue;
    }
    try {
      const file = schemaFile(name, l.shape, l.learnedFrom);
      files.push({ path: join(outDir, file.name), text: file.text });
      written.push({ operation: name, file: join(outDir, file.name), learnedFrom: l.learnedFrom, unread: l.unread, failures: failureCount(name) });
    } catch (err) {
      without.push({ operation: name, why: `learned from ${l.learnedFrom} results, but ${(err as Error).message}` });
    }
  }
  const allFailed = failures.reduce((n, f) => n + f.count, 0);
  if (written.length === 0 && allFailed > 0 && allFailed === source.samples.length) {
    throw new ConfigError(`shapes infer: all ${allFailed} results of valid requests in ${source.file} are in-band failures (${splitText(split)}); infer from a run whose valid requests reached the data (--values, or a target with data)`);
  }
  if (written.length === 0) {
    throw new ConfigError(`shapes infer: ${source.file} holds no result of a valid request to learn from (${source.samples.length} results read); infer from a run whose valid requests succeeded (suite positive)`);
  }
  // --result-schemas refuses an operation with both files: the one written replaces the other.
  const replaced = written.flatMap((w) => SUFFIXES.map((x) => join(outDir, `${w.operation}${x}`)).filter((f) => f !== w.file && existsSync(f)));
  const kept = without.map((w) => ({ ...w, ...withKept(outDir, w.operation) }));
  try {
    mkdirSync(outDir, { recursive: true });
    for (const f of replaced) rmSync(f);
    for (const f of files) writeFileSync(f.path, f.text);
  } catch (err) {
    throw new ConfigError(`shapes infer: cannot write to ${outDir} (${(err as Error).message}); give a writable --out folder`);
  }
  return { source, written, without: kept, replaced, split, failures };
}

/** How the failures were told apart, for messages. */
export function splitText(split: FailureSplit): string {
  if (split.by === 'run') return 'as the run classed each answer';
  if (split.by === 'none') return split.why;
  return split.signature.source === 'given' ? `matching --failure-pattern /${split.signature.pattern}/${split.signature.flags}` : `matching /${split.signature.pattern}/${split.signature.flags}, learned: ${split.signature.evidence}`;
}

/** The schema an earlier inference wrote for `operation`, if any. */
function withKept(outDir: string, operation: string): { kept?: string } {
  const file = SUFFIXES.map((x) => join(outDir, `${operation}${x}`)).find((f) => existsSync(f));
  return file ? { kept: file } : {};
}
