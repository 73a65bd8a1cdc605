/**
 * report/digest/
 *
 * What every report of a run is made from, taken a record at a time as records.jsonl is read: the
 * run digest (`digest.ts`) and the tallies it feeds (cells and their certificate outcome, coverage,
 * data path, sequences, parity, regression, references, WS-I, waivers, JUnit's testcases with
 * their repetitions folded), the run section and verdict (`summary.ts`), the report order, the
 * failure files, the diagnoses of the findings, and the texts several formats share (a testcase's
 * label and details, an exchange as wire text, JSON in chunks). No file format is written here.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { anchorText, anchorsLine, madePerProbe } from './anchors.js';
export type { AnchorsInfo } from './anchors.js';
export type { CellOutcome } from './cell-outcome.js';
export { coverageSummary } from './coverage.js';
export type { OperationCoverage, ParamCoverage } from './coverage.js';
export { blockedText, dataPathLine, fuzzLearnedLine, fuzzLearnedText, noSuccessText, withoutSuccess } from './data-path.js';
export type { DataPathSummary, NotApplicableCount, OperationDataPath } from './data-path.js';
export { diagnosesOf, explainedBy, findingFile, findingKey, findingsCount } from './diagnoses-of.js';
export type { Diagnosis, FindingRef } from './diagnoses-of.js';
export { RunDigest, asDigest, worstOutcome } from './digest.js';
export type { Reported } from './digest.js';
export { FAILURE_FILE_VERSION, failureFile, failureId, writeFailureFiles } from './failure-files.js';
export type { FailureFile } from './failure-files.js';
export { jsonChunks } from './json-chunks.js';
export { judgedText } from './judged.js';
export { recordCase, repetitionsText, verdictOfRank } from './junit-fold.js';
export type { FoldedTestcase } from './junit-fold.js';
export { JunitTally } from './junit-tally.js';
export type { SuiteTally } from './junit-tally.js';
export { checkDetailsOf, checkDetailsParts, failureBody, testcaseDetails, testcaseFacts, testcaseLabel, uniqueNamer } from './junit-text.js';
export { notCoveredGroups } from './not-covered.js';
export { ParityTally } from './parity-tally.js';
export type { ParitySummary } from './parity-tally.js';
export { REFERENCE_COLUMN, referenceLine } from './reference.js';
export type { RegressionData } from './regression-data.js';
export { caseIdOrder, operationOrder, reportOrder, transportOrder } from './report-order.js';
export { searchLine } from './search-line.js';
export type { SearchInfo } from './search-line.js';
export type { SequenceTally, SequenceView } from './sequences.js';
export { discoveryLine, failuresOf, notesOf, passes, sampledNote, verdictText, warningCount, warningsNote } from './summary.js';
export type { DiscoveryInfo, RunInfo, Summary, VerdictInputs } from './summary.js';
export { entriesOf, incompleteText, runTestcases, verdictOf } from './testcases.js';
export type { Entry, Verdict } from './testcases.js';
export { staleNotes, waivedText, waiverText, waiversJson } from './waivers.js';
export type { WaivedFinding } from './waivers.js';
export { requestText, responseText } from './wire-text.js';
export { WSI_REPORT_FILE, wsiGroundsOf, wsiReportXml, wsiRunInfo } from './wsi-report.js';
export type { WsiReport, WsiRunInfo } from './wsi-report.js';
