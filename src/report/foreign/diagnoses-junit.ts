/** junit.xml's diagnoses: a testsuite "diagnoses", one testcase per diagnosis. A diagnosis of a
 * level that fails the run is a <failure> (its findings already fail it: the verdict is the same),
 * of another level a passing testcase with its text in <system-out>, as junit.ts treats warnings. */
import { failsRun, type FailOn } from '../../results/levels.js';
import { attributes as attrs, buildFragment, buildStartTag, cdataOf as cdata } from '../../xml/build.js';
import { findingFile, type Diagnosis, type FindingRef } from '../digest/diagnoses-of.js';
import { caseOfRecord } from '../../results/repetition.js';

/** A diagnosis in words: its level, fix, evidence and the findings it explains (also the Allure results' trace). */
export function diagnosisBody(d: Diagnosis): string {
  return [
    `level: ${d.level}`,
    `fix: ${d.fix}`,
    ...d.evidence.map((e) => `evidence: ${e}`),
    `runtime evidence: ${d.runtimeEvidence}`,
    `explains ${d.explains.length} findings:`,
    ...explainedLines(d.explains),
  ].join('\n');
}

/** The findings a diagnosis explains, a line each, but a case's repetitions (--repeat) share the
 * first one's line, as junit.xml's testcases fold them, and so do a fuzz property's samples (each
 * repetition shows its own): the text does not grow with --repeat. */
function explainedLines(explains: readonly FindingRef[]): string[] {
  const lines = new Map<string, { readonly f: FindingRef; n: number }>();
  for (const f of explains) {
    const key = `${f.operation} ${f.transport} ${f.check} ${caseOfRecord(f.caseId, true).caseId}`;
    const held = lines.get(key);
    if (held) held.n++;
    else lines.set(key, { f, n: 1 });
  }
  return [...lines.values()].map(({ f, n }) => `  ${f.operation} ${f.transport} ${f.check} (case ${f.caseId}, ${findingFile(f)}${n > 1 ? `, found ${n} times` : ''})`);
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
