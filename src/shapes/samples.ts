/** The result texts shapes are learned from, read from a reports folder or a baseline by
 * src/regression/result-samples.ts (which reads both; shapes/ sits below regression/). */
export interface ResultSample {
  readonly operation: string;
  readonly text: string;
  /** How the run classed the answer, when it did (records.jsonl's dataPath): an in-band failure
   * says nothing about the shape of a success, nor does an answer it could not class (unknown). */
  readonly dataPath?: 'success' | 'failure' | 'unknown';
}

export interface ResultSamples {
  readonly source: 'reports' | 'baseline';
  /** The file the samples were read from, for messages. */
  readonly file: string;
  readonly samples: readonly ResultSample[];
  /** Result texts answering requests that should fail (negative cases answered HTTP 200 with a
   * result), those of the authentication scenarios first: what an in-band failure looks like. */
  readonly failures: readonly string[];
}
