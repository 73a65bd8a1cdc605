/**
 * reports/junit.xml: a testsuite per operation, a testcase per case, transport and check, a case's
 * repetitions (--repeat) folded into it as a fuzz property's samples are (junit-fold.ts). It
 * validates against the Jenkins JUnit schema (fixtures/junit/, test/report/junit-schema.test.ts),
 * which is what CI servers' JUnit importers are built to read:
 * - a finding that fails the run is <failure> naming the check and its level, and so is an exchange the target did not complete
 *   (reset, timeout: a finding about the target, as in the verdict); its body holds the request
 *   line, the answer's status and first lines, and the curl command (junit-text.ts);
 * - a warning (or an info observation) that does not fail the run (--fail-on) passes, with its
 *   level, check and message in <system-out>;
 * - a tool error (RunInfo.toolErrors, a check that crashed) is <error>;
 * - an exchange deliberately not sent, or a service check that could not be made, is <skipped>.
 * - an operation whose valid requests never succeeded (data-path.ts) is a testcase of the run's own
 *   suite, a warning like a check's: <failure> under --fail-on warning, else passing with its text.
 * A check that had nothing to judge in a response (a fault check on a success, say) is not a
 * testcase: thousands of <skipped> entries would bury what matters; their number is in
 * results.json.
 * That schema allows <properties> only on a testsuite, so each testcase carries its operation,
 * transport, check and seed (and, unless it passed, the curl command) as `name: value` lines in
 * <system-out>, which Jenkins, GitLab and GitHub test reporters all display.
 * Every testcase has its own (classname, name), which CI history views key tests by (uniqueNames);
 * times are what the exchanges took (busy-time.ts).
 * The document is written a testcase at a time (junitChunks), with fast-xml-parser's builder: a
 * default run has thousands of testcases, and a builder holding them all as a tree (junit-report-
 * builder, about 8 KiB each) was most of a --repeat 16 run's peak memory (117,000 testcases before
 * repetitions were folded). Each testcase is one line.
 */
import { attributes as attrs, buildFragment, buildStartTag, cdataOf as cdata, FragmentTemplate } from '../../xml/build.js';
import type { ExchangeRecord } from '../../results/record.js';
import type { RunInfo } from '../digest/summary.js';
import { failOnOf, type FailOn } from '../../results/levels.js';
import { checkDetailsOf, checkDetailsParts, failureBody, testcaseDetails, testcaseLabel, uniqueNamer } from '../digest/junit-text.js';
import { entriesOf, incompleteText, runTestcases, type Entry, type Verdict } from '../digest/testcases.js';
import { recordCase, repetitionsText, verdictOfRank, type FoldedTestcase } from '../digest/junit-fold.js';
import { heldRecords, type RecordSource } from '../../results/exchange-log.js';
import { withoutSuccess } from '../digest/data-path.js';
import type { DataPathCounts } from '../../results/data-path.js';
import type { Diagnosis } from '../digest/diagnoses-of.js';
import { diagnosesSuite } from './diagnoses-junit.js';
import { staleNotes, waivedText } from '../digest/waivers.js';
import { JunitTally, type SuiteTally } from '../digest/junit-tally.js';
import { caseIdOrder, operationOrder, transportOrder } from '../digest/report-order.js';

export { testcaseDetails } from '../digest/junit-text.js';

/** The whole document (tests, small runs); a run's reports write junitChunks to the file. */
export function junitXml(records: readonly ExchangeRecord[], run: RunInfo): string {
  return [...junitChunks(records, run)].join('');
}

type Totals = Record<Verdict, number>;

const properties = (values: ReadonlyArray<[string, string]>) => ({ properties: { property: values.map(([name, value]) => attrs({ name, value })) } });
const suiteCounts = (t: Totals) => ({ tests: t.failure + t.error + t.skipped + t.passed, failures: t.failure, errors: t.error, skipped: t.skipped });

/** A suite's testcases counted by verdict. */
function totalsOf(tally: SuiteTally): Totals {
  const totals: Totals = { failure: 0, error: 0, skipped: 0, passed: 0 };
  for (const labels of tally.classes.values()) for (const f of labels.testcases()) totals[verdictOfRank(f.rank)]++;
  return totals;
}

/** The document's text in pieces, one testcase each. Two passes over the records: the first counts
 * (JunitTally; `counted` when a digest already made it over the same records), the second reads
 * one operation's records at a time and writes its testsuite. `records` may be a records.jsonl read
 * back from disk (exchangeLogSource), so a large run's passing records need not be held. */
export function* junitChunks(records: RecordSource | readonly ExchangeRecord[], run: RunInfo, diagnoses: readonly Diagnosis[] = [], counted?: JunitTally): Generator<string> {
  const source = isSource(records) ? records : heldRecords(records);
  const failOn = failOnOf(run);
  let tally = counted;
  if (tally?.failOn !== failOn) {
    tally = new JunitTally(failOn);
    let index = 0;
    for (const r of source.records()) tally.add(r, index++);
  }
  const { suites, dataPath } = tally;
  const own = runSuite(run, withoutSuccess(dataPath.summary()), failOn, staleNotes(tally.waivers.uses(run)).map((n) => n.message));
  const total: Totals = { ...own.totals };
  const suiteTotals = new Map([...suites].map(([operation, t]) => [operation, totalsOf(t)]));
  for (const totals of suiteTotals.values()) for (const v of Object.keys(totals) as Verdict[]) total[v] += totals[v];
  // The root causes (src/diagnoses/), a testcase each, lead the document.
  const diagnosed = diagnosesSuite(diagnoses, failOn);
  total.failure += diagnosed.failing;
  total.passed += diagnoses.length - diagnosed.failing;
  const root = { tests: suiteCounts(total).tests, failures: total.failure, errors: total.error };
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  // The root carries no skipped count: the Jenkins schema does not define one there.
  if (suites.size === 0 && own.testcases.length === 0 && diagnoses.length === 0) {
    yield `${buildFragment({ testsuites: attrs(root) })}\n`;
    return;
  }
  yield `${buildStartTag({ testsuites: attrs(root) })}\n`;
  yield* diagnosed.lines;
  // In report order (report-order.ts), not in the order the suites' first records arrived.
  for (const operation of [...suites.keys()].sort(operationOrder)) yield* operationSuite(operation, suites.get(operation)!, suiteTotals.get(operation)!, source, run);
  if (own.testcases.length > 0) {
    yield `  ${buildStartTag({ testsuite: { ...attrs({ name: 'tsiws-conform', ...suiteCounts(own.totals) }), ...properties(own.properties) } })}\n`;
    for (const tc of own.testcases) yield `    ${buildFragment({ testcase: tc })}\n`;
    yield '  </testsuite>\n';
  }
  yield '</testsuites>\n';
}

const isSource = (records: RecordSource | readonly ExchangeRecord[]): records is RecordSource => !Array.isArray(records);

/** The run's own testsuite: each tool error as an <error> (typed with the code of an error that
 * ended the run early), and what an incomplete run did not do as a skipped testcase, so that a CI
 * view shows it even when the run was stopped before any operation's suite had a result. */
function runSuite(run: RunInfo, noSuccess: ReadonlyArray<[string, DataPathCounts]>, failOn: FailOn, notes: readonly string[]): { totals: Totals; properties: Array<[string, string]>; testcases: Array<Record<string, unknown>> } {
  const own = runTestcases(run, noSuccess, failOn, notes);
  const totals: Totals = { failure: 0, error: 0, skipped: 0, passed: 0 };
  const testcases = own.map((tc) => {
    totals[tc.verdict]++;
    const head = attrs({ classname: 'tsiws-conform', name: tc.name });
    if (tc.verdict === 'error') return { ...head, error: attrs({ message: tc.message, type: tc.type }) };
    const out = { 'system-out': cdata(tc.text ?? '') };
    if (tc.verdict === 'failure') return { ...head, failure: attrs({ message: tc.message, type: tc.type }), ...out };
    return tc.verdict === 'skipped' ? { ...head, skipped: '', ...out } : { ...head, ...out };
  });
  const props: Array<[string, string]> = [['target', run.target]];
  if (run.incomplete) props.push(['incomplete', incompleteText(run.incomplete)]);
  return { totals, properties: props, testcases };
}

/** One testcase's element content: attributes, then <failure>/<error>/<skipped>, then <system-out>.
 * Its keys are added in that order (the builder writes them so) rather than spread from a head:
 * spreads were most of this function's time (profiled, issue 20). */
function testcaseOf(entry: Entry, name: string, fold: FoldedTestcase, run: RunInfo): Record<string, unknown> {
  const { record: r, className, check: c } = entry;
  const verdict = verdictOfRank(fold.rank);
  // A fold's own line leads its <system-out> and ends its <failure>'s message.
  const folded = repetitionsText(fold, r.kind === 'observed' ? 'exchanges' : 'repetitions');
  const lead = folded === undefined ? '' : `${folded.line}\n`;
  const tail = folded?.tail ?? '';
  const tc: Record<string, unknown> = attrs({ classname: className, name, time: testcaseSeconds(r, fold) });
  if (r.skipped) {
    tc['skipped'] = '';
    tc['system-out'] = cdata(`${lead}${r.skipped}\n${testcaseDetails(r, run, undefined, false)}`);
    return tc;
  }
  if (r.error) {
    const message = `${r.error.code}: ${r.error.message}${tail}`;
    tc['failure'] = failureOf(message, r.error.code, r);
    tc['system-out'] = cdata(lead + testcaseDetails(r, run, r.error.code, true));
    return tc;
  }
  if (!c) return tc;
  const details = testcaseDetails(r, run, c.id, c.status !== 'passed');
  const message = `${c.id}: ${c.message ?? ''}${verdict === 'passed' ? '' : tail}`;
  const notice = c.status === 'failed' && verdict === 'passed';
  const out = cdata(lead + (c.status === 'skipped' ? `Not checked: ${c.message ?? ''}\n${details}`
    : c.status === 'waived' ? `${c.level ?? 'error'}: ${message}\n${details}`
    : notice ? `${c.level}: ${message}\n${details}`
    : c.status === 'failed' ? `level: ${c.level ?? 'error'}\n${details}` : details));
  if (verdict === 'failure') tc['failure'] = failureOf(message, c.id, r);
  else if (verdict === 'error') tc['error'] = attrs({ message, type: 'check-error' });
  // The reason as the element's text: the Jenkins schema allows <skipped> no attribute, and
  // Jenkins and GitLab show its text as the skip message.
  else if (c.status === 'waived' && c.waiver) tc['skipped'] = waivedText(c.waiver);
  else if (verdict === 'skipped') tc['skipped'] = '';
  tc['system-out'] = out;
  return tc;
}

/**
 * Times, in seconds: a testcase's is the time its exchange took, request sent to last byte read
 * (each check of one exchange judged that same exchange), a folded testcase's its repetitions'
 * summed (to the microsecond: sums of fractions of a millisecond would print their rounding
 * errors); a parity comparison, which sends nothing, has none. A suite's is the time during which
 * at least one of its exchanges was in flight (busy-time.ts): its exchanges ran concurrently, with
 * each other and with other suites', so the sum of its testcases' times, or its first-to-last span,
 * would count the same seconds many times over.
 */
function testcaseSeconds(r: ExchangeRecord, fold: FoldedTestcase): number | undefined {
  if (fold.runs === 1) return r.response ? r.response.elapsedMs / 1000 : undefined;
  return fold.ms === undefined ? undefined : Math.round(fold.ms * 1000) / 1e6;
}

/** The testcase of a check that passed on an exchange that was answered: most of a run's testcases,
 * all of one shape (FragmentTemplate). */
const passedTestcase = new FragmentTemplate(({ className, name, time, details }) => ({
  testcase: { ...attrs({ classname: className, name, time }), 'system-out': cdata(details) },
}), ['className', 'name', 'time'], ['details']);

/** An entry's testcase as one line of text: a passed check's through its template, as testcaseOf
 * would build it. */
function testcaseText(entry: Entry, name: string, fold: FoldedTestcase, run: RunInfo, details: (check: string) => string): string {
  const { record: r, check: c } = entry;
  if (fold.runs === 1 && c?.status === 'passed' && r.response && !r.skipped && !r.error) {
    return passedTestcase.fill({ className: entry.className, name, time: String(r.response.elapsedMs / 1000), details: details(c.id) });
  }
  return buildFragment({ testcase: testcaseOf(entry, name, fold, run) });
}

/** The pieces of testcase text already found verbatim for passedTestcase (check ids: a catalog's
 * dozens, or a --checks-module's). */
const verbatimIds = new Map<string, boolean>();
const verbatimId = (id: string): boolean => {
  let known = verbatimIds.get(id);
  if (known === undefined) verbatimIds.set(id, (known = passedTestcase.verbatim('name', id) && passedTestcase.verbatim('details', id) && !/[\]>]/.test(id)));
  return known;
};

/**
 * All of a record's testcases as one text, when each is a check that passed on an answered exchange
 * (nearly every record of a conforming run), else undefined (built a testcase at a time). The text
 * is testcaseText's for each of them: the pieces its dozen testcases share (class name, time, the
 * lines around `check:`, the label's head, the case id) are tested once for what the builder would
 * change, not once a testcase. With uniqueNamer's `#n` search made linear, this took junit.xml's
 * pass over the bench's 23,040 records from 2.74 to 2.09 s of CPU, records.jsonl's parse included
 * (least of three passes each, one process, old and new code; issue 52).
 */
function passedTestcasesText(r: ExchangeRecord, run: RunInfo, caseId: string, name: (className: string, label: string) => string): string | undefined {
  if (!r.response || r.skipped || r.error) return undefined;
  // entriesOf leaves out a skipped check, except on the service's record.
  // Tested before any name is taken: uniqueNamer remembers each name it gives.
  for (const c of r.checks) if (c.status === 'passed' ? !verbatimId(c.id) : c.status !== 'skipped' || r.kind === 'service') return undefined;
  const details = checkDetailsParts(r, run);
  if (!details) return undefined;
  const [before, after] = details;
  const className = `${r.operation}.${r.transport}`;
  const head = testcaseLabel(r, '');
  const time = String(r.response.elapsedMs / 1000);
  const t = passedTestcase;
  if (!t.verbatim('className', className) || !t.verbatim('time', time) || !t.verbatim('name', head) || !t.verbatim('name', caseId) || !t.verbatim('details', before) || !t.verbatim('details', after)) return undefined;
  let out = '';
  for (const c of r.checks) {
    if (c.status !== 'passed') continue;
    out += `    ${t.fillVerbatim({ className, name: name(className, `${head} ${c.id}`), time, details: before + c.id + after })}\n`;
  }
  return out;
}

/** A <failure>: its message and type, and the body failureBody writes. */
function failureOf(message: string, type: string, r: ExchangeRecord): Record<string, unknown> {
  return Object.assign(attrs({ message, type }), cdata(failureBody(r, message)));
}

/** One operation's <testsuite>, a testcase a chunk. Its records are read again one at a time, only
 * those a testcase is written from (a case's first repetition with the testcase's verdict). */
function* operationSuite(operation: string, tally: SuiteTally, totals: Totals, source: RecordSource, run: RunInfo): Generator<string> {
  const props: Array<[string, string]> = [['target', run.target], ['namespace', run.namespace], ['seed', String(run.seed)]];
  if (run.incomplete) props.push(['incomplete', incompleteText(run.incomplete)]);
  const head = attrs({ name: operation, timestamp: run.startedAt, time: tally.busy.seconds(), ...suiteCounts(totals) });
  yield `  ${buildStartTag({ testsuite: { ...head, ...properties(props) } })}\n`;
  // A label several cases share gets each one's id; a repetition is its case's, not a case of its own.
  const name = uniqueNamer((className, label) => tally.classes.get(className)?.cases(label) ?? 0);
  const shown = shownIndexes(tally);
  let k = 0;
  for (const r of source.at(shown)) yield recordTestcases(r, shown[k++]!, tally, run, name);
  yield '  </testsuite>\n';
}

/**
 * The positions of the records a suite's testcases are written from, in report order: by transport,
 * case and repetition (each record's testcases then follow its checks' order), never in the order
 * the records arrived, which the workers' scheduling decides; so two runs of one seed write the same
 * document, times aside. The folds already hold what the order needs, so no record is read for it
 * and nothing is held but these positions. Reading records.jsonl out of its order costs a read a
 * record rather than one for a run of neighbours (exchange-log.ts), about a tenth of the document's time.
 */
function shownIndexes(tally: SuiteTally): number[] {
  const shown = new Map<number, { transport: string; caseId: string; repetition: number }>();
  for (const [className, labels] of tally.classes) {
    const transport = className.slice(className.lastIndexOf('.') + 1);
    for (const f of labels.testcases()) if (!shown.has(f.shown)) shown.set(f.shown, { transport, caseId: f.caseId, repetition: f.shownRepetition });
  }
  return [...shown].sort(([i, a], [j, b]) => transportOrder(a.transport, b.transport) || caseIdOrder(a.caseId, b.caseId) || a.repetition - b.repetition || i - j).map(([i]) => i);
}

/** The testcases written from the record at `index` (those whose fold shows it), as one text: a
 * generator a record was a tenth of writing an unrepeated run's junit.xml. */
function recordTestcases(r: ExchangeRecord, index: number, tally: SuiteTally, run: RunInfo, name: ReturnType<typeof uniqueNamer>): string {
  const { caseId } = recordCase(r);
  const labels = tally.classes.get(`${r.operation}.${r.transport}`);
  const named = (className: string, label: string) => name({ className, label, caseId });
  // Nothing folded in the suite: each of the record's testcases is written from it alone.
  if (tally.folded === 0) {
    const passing = passedTestcasesText(r, run, caseId, named);
    if (passing !== undefined) return passing;
  }
  const details = checkDetailsOf(r, run);
  let out = '';
  for (const entry of entriesOf(r)) {
    const fold = labels?.get(entry.label, caseId);
    // Written from another repetition's record.
    if (fold?.shown !== index) continue;
    out += `    ${testcaseText(entry, named(entry.className, entry.label), fold, run, details)}\n`;
  }
  return out;
}
