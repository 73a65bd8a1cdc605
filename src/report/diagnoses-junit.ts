/** junit.xml's diagnoses: a testsuite "diagnoses", one testcase per diagnosis. A diagnosis of a
 * level that fails the run is a <failure> (its findings already fail it: the verdict is the same),
 * of another level a passing testcase with its text in <system-out>, as junit.ts treats warnings. */
import { failsRun, type FailOn } from '../results/levels.js';
import { attributes as attrs, buildFragment, buildStartTag, cdataOf as cdata } from '../xml/build.js';
import { findingFile, type Diagnosis } from './diagnoses-of.js';

/** A diagnosis in words: its level, fix, evidence and the findings it explains (also the Allure results' trace). */
export function diagnosisBody(d: Diagnosis): string {
  return [
    `level: ${d.level}`,
    `fix: ${d.fix}`,
    ...d.evidence.map((e) => `evidence: ${e}`),
    `runtime evidence: ${d.runtimeEvidence}`,
    `explains ${d.explains.length} findings:`,
    ...d.explains.map((f) => `  ${f.operation} ${f.transport} ${f.check} (case ${f.caseId}, ${findingFile(f)})`),
  ].join('\n');
}

/** The suite's lines, empty without diagnoses; `failing` counts the testcases that are failures. */
export function diagnosesSuite(diagnoses: readonly Diagnosis[], failOn: FailOn): { lines: string[]; failing: number } {
  if (diagnoses.length === 0) return { lines: [], failing: 0 };
  const failing = diagnoses.filter((d) => failsRun(d.level, failOn)).length;
  const testcases = diagnoses.map((d) => {
    const head = attrs({ classname: 'diagnoses', name: d.id });
    return failsRun(d.level, failOn)
      ? { ...head, failure: { ...attrs({ message: `${d.summary}; fix: ${d.fix}`, type: d.id }), ...cdata(diagnosisBody(d)) } }
      : { ...head, 'system-out': cdata(`${d.summary}\n${diagnosisBody(d)}`) };
  });
  const suite = attrs({ name: 'diagnoses', tests: diagnoses.length, failures: failing, errors: 0, skipped: 0 });
  return { lines: [`  ${buildStartTag({ testsuite: suite })}\n`, ...testcases.map((tc) => `    ${buildFragment({ testcase: tc })}\n`), '  </testsuite>\n'], failing };
}
