/** `shapes infer`: one schema file per operation, learned from the results of a run or baseline. */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { operations } from '../contract/index.js';
import { ShapeLearner, type LearnedShape } from '../shapes/learn.js';
import { SCHEMA_SUFFIX, schemaFile } from '../shapes/render.js';
import { resultSamples, type ResultSamples } from './result-samples.js';

export interface WrittenSchema {
  readonly operation: string;
  readonly file: string;
  readonly learnedFrom: number;
  readonly unread: number;
}

export interface InferOutcome {
  readonly source: ResultSamples;
  readonly written: readonly WrittenSchema[];
  /** Operations with no result to learn from (none in the source, or none readable), and why;
   * `kept`: the schema file of an earlier inference, left as it was. */
  readonly without: ReadonlyArray<{ readonly operation: string; readonly why: string; readonly kept?: string }>;
  /** Schema files of the other format, replaced by the one written (the results changed format). */
  readonly replaced: readonly string[];
}

const SUFFIXES = [SCHEMA_SUFFIX.json, SCHEMA_SUFFIX.xml];

export function learnShapes(source: ResultSamples): LearnedShape[] {
  const learner = new ShapeLearner();
  for (const s of source.samples) learner.add(s.operation, s.text);
  return learner.results();
}

/** Learns from `from` (reports or baseline folder) and writes `<Op>.schema.json` / `<Op>.xsd` to
 * `outDir`; an operation learned from no result gets no file. */
export function inferSchemas(from: string, outDir: string): InferOutcome {
  const source = resultSamples(from, 'shapes infer');
  const learned = new Map(learnShapes(source).map((l) => [l.operation, l]));
  const written: WrittenSchema[] = [];
  const without: Array<{ operation: string; why: string; kept?: string }> = [];
  const files: Array<{ path: string; text: string }> = [];
  for (const { name } of operations) {
    const l = learned.get(name);
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
      written.push({ operation: name, file: join(outDir, file.name), learnedFrom: l.learnedFrom, unread: l.unread });
    } catch (err) {
      without.push({ operation: name, why: `learned from ${l.learnedFrom} results, but ${(err as Error).message}` });
    }
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
  return { source, written, without: kept, replaced };
}

/** The schema an earlier inference wrote for `operation`, if any. */
function withKept(outDir: string, operation: string): { kept?: string } {
  const file = SUFFIXES.map((x) => join(outDir, `${operation}${x}`)).find((f) => existsSync(f));
  return file ? { kept: file } : {};
}
