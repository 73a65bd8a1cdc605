/**
 * reports/wsi-report.xml: the WS-I assertions' results in the WS-I Analyzer's report format
 * (namespace http://www.ws-i.org/testing/2004/07/report/; element and attribute names as the
 * Analyzer writes them, org.eclipse.wst.wsi internal/core/report and WSIConstants.java). Fed one
 * subject at a time, it keeps per assertion only the counts by result and the first failing subject,
 * never the exchanges: a run of a million exchanges costs what a run of one does.
 * The counts are in an attribute namespace of ours, which the Analyzer's own elements leave open.
 */
import { WSI_ASSERTIONS, WSI_DESCRIPTION_ASSERTIONS, WSI_MESSAGE_ASSERTIONS } from '../../checks/wsi/catalog.js';
import { wsiOutcomesOfRecorded } from '../../checks/wsi/recorded.js';
import { WSI_RESULTS, type WsiOutcome, type WsiResult } from '../../checks/wsi/types.js';
import { heldBy, type WsiHeld } from '../../checks/wsi/grade.js';
import type { WsiProfile } from '../../contract/vocabulary.js';
import type { ExchangeRecord } from '../../results/record.js';
import { attributes, buildDocument } from '../../xml/build.js';

const MESSAGE_IDS = WSI_MESSAGE_ASSERTIONS.map((a) => a.id);
const DESCRIPTION_IDS = WSI_DESCRIPTION_ASSERTIONS.map((a) => a.id);

export const WSI_REPORT_NS = 'http://www.ws-i.org/testing/2004/07/report/';
export const WSI_COUNTS_NS = 'urn:tsiws-conformance:wsi-counts';
export const WSI_REPORT_FILE = 'wsi-report.xml';

/** The result an assertion shows for many subjects: the worst of theirs. */
const WORST_FIRST: readonly WsiResult[] = ['failed', 'warning', 'prereqFailed', 'missingInput', 'passed', 'notApplicable'];

export interface WsiTally {
  readonly counts: Record<WsiResult, number>;
  /** The first subject that failed the assertion (or got an Analyzer warning); `curl` replays it,
   * when its record kept one (a record without findings at the warning level is compacted). */
  first?: { readonly subject: string; readonly result: WsiResult; readonly detail: string; readonly curl?: string };
  note?: string;
}

export class WsiReport {
  private readonly tallies = new Map<string, WsiTally>(WSI_ASSERTIONS.map((a) => [a.id, { counts: Object.fromEntries(WSI_RESULTS.map((r) => [r, 0])) as Record<WsiResult, number> }]));
  /** Subjects added: none, and a run has no WS-I report (the wsi checks were not selected). */
  subjects = 0;
  /** The WSDL of the service's record claims Basic Profile 1.1. */
  claimFound = false;

  /** One subject's outcomes: `subject` names it for the report (the exchange's case and transport, or the WSDL's URL). */
  add(subject: string, outcomes: readonly WsiOutcome[], curl?: string): void {
    this.subjects++;
    for (const o of outcomes) {
      const tally = this.tallies.get(o.id);
      if (!tally) continue;
      tally.counts[o.result]++;
      if (!tally.first && (o.result === 'failed' || o.result === 'warning')) tally.first = { subject, result: o.result, detail: o.detail ?? '', ...(curl ? { curl } : {}) };
      if (o.note) tally.note ??= o.note;
    }
  }

  /** A record's WS-I results (results/wsi.ts), if it has any: the service's are the WSDL's. */
  addRecord(r: ExchangeRecord): void {
    if (!r.wsi) return;
    if (r.wsi.claim) this.claimFound = true;
    const service = r.kind === 'service';
    this.add(service ? r.request.url : `${r.caseId} ${r.transport}`, wsiOutcomesOfRecorded(r.wsi, service ? DESCRIPTION_IDS : MESSAGE_IDS), r.request.curl || undefined);
  }

  /** Each assertion's counts and first failure, in catalog order. */
  tally(id: string): Readonly<WsiTally> | undefined {
    return this.tallies.get(id);
  }

  /** The failed assertions, the run's verdict on the profile. */
  failedIds(): string[] {
    return [...this.tallies].filter(([, t]) => t.counts.failed > 0).map(([id]) => id);
  }

  xml(run: { readonly name: string; readonly timestamp: string; readonly held: WsiHeld; readonly claimFound: boolean }): string {
    const artifact = (type: 'message' | 'description') => ({
      ...attributes({ type }),
      entry: {
        ...attributes({ type: type === 'message' ? 'exchanges' : 'definitions' }),
        assertionResult: WSI_ASSERTIONS.filter((a) => (a.target === 'description') === (type === 'description')).map((a) => this.resultElement(a.id, a.requirement)),
      },
    });
    const failed = this.failedIds();
    return buildDocument({
      report: {
        ...attributes({ xmlns: WSI_REPORT_NS, 'xmlns:tsiws': WSI_COUNTS_NS, name: run.name, timestamp: run.timestamp }),
        artifact: [artifact('description'), artifact('message')],
        summary: {
          ...attributes({ result: failed.length === 0 ? 'passed' : 'failed', 'tsiws:heldBy': run.held ?? 'none', 'tsiws:claimFound': String(run.claimFound) }),
          '#text': this.summaryText(failed, run),
        },
      },
    });
  }

  private resultElement(id: string, requirement: string) {
    const t = this.tallies.get(id)!;
    const result = WORST_FIRST.find((r) => t.counts[r] > 0) ?? 'notApplicable';
    const counts = Object.fromEntries(WSI_RESULTS.map((r) => [`tsiws:${r}`, t.counts[r]]));
    return {
      ...attributes({ id, result, ...counts, 'tsiws:note': t.note }),
      ...(t.first ? {
        failureMessage: { ...attributes({ 'xml:lang': 'en' }), '#text': requirement },
        failureDetail: { ...attributes({ 'xml:lang': 'en', referenceType: 'exchange', referenceID: t.first.subject }), '#text': `${t.first.detail}${t.counts.failed + t.counts.warning > 1 ? ` (first of ${t.counts.failed + t.counts.warning})` : ''}` },
      } : {}),
    };
  }

  private summaryText(failed: readonly string[], run: { readonly held: WsiHeld; readonly claimFound: boolean }): string {
    const claim = run.claimFound ? "The target's WSDL claims WS-I Basic Profile 1.1 (wsi:Claim): the claim is held, a failure is an error." : run.held === 'flag' ? 'Held to WS-I Basic Profile 1.1 by --wsi bp11: a failure is an error.' : 'The target does not claim WS-I Basic Profile 1.1: a failure is a warning.';
    return `${claim} ${failed.length === 0 ? 'No assertion failed.' : `Failed: ${failed.join(', ')}.`}`;
  }
}

/** What a run held the target to under WS-I (RunInfo.wsi, results.json): what the main process read
 * of the target's ?WSDL before any test (engine/run/wsi-wsdl.ts), the grading's own input, so that the
 * reports say what graded the run even when no service record was made (--suites without service). */
export interface WsiRunInfo {
  /** The target's WSDL carries <wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1"/>. */
  readonly claimFound: boolean;
  /** --wsi as given: bp11 holds the target to Basic Profile 1.1 whatever it claims. */
  readonly asked: WsiProfile;
  /** Why a failed assertion is an error (the claim, the flag; the claim first), or `none`: a warning. */
  readonly heldBy: 'claim' | 'flag' | 'none';
  /** Why the WSDL could not be read, when it could not: then no claim could be found. */
  readonly wsdlUnread?: string;
}

export const wsiRunInfo = (read: { readonly claim: boolean; readonly unread?: string }, asked: WsiProfile): WsiRunInfo =>
  ({ claimFound: read.claim, asked, heldBy: heldBy(asked, read.claim) ?? 'none', ...(read.unread ? { wsdlUnread: read.unread } : {}) });

type RunWsi = { readonly configuration: Readonly<Record<string, unknown>>; readonly wsi?: WsiRunInfo };

/** The run's WS-I grounds: RunInfo.wsi; for reports from before it, the service record's claim and
 * the recorded configuration's --wsi (so that merge-reports grades as the run did). */
export function wsiGroundsOf(report: WsiReport, run: RunWsi): WsiRunInfo {
  return run.wsi ?? wsiRunInfo({ claim: report.claimFound }, run.configuration['wsi'] === 'bp11' ? 'bp11' : 'off');
}

/** Why the run held the target to the profile: the claim its WSDL made, or `--wsi bp11`. */
export const wsiHeldOf = (report: WsiReport, run: RunWsi): WsiHeld => {
  const held = wsiGroundsOf(report, run).heldBy;
  return held === 'none' ? undefined : held;
};

/** reports/wsi-report.xml of a run. */
export const wsiReportXml = (report: WsiReport, run: RunWsi & { readonly tool: { readonly name: string }; readonly startedAt: string }): string =>
  report.xml({ name: `${run.tool.name} run`, timestamp: run.startedAt, held: wsiHeldOf(report, run), claimFound: wsiGroundsOf(report, run).claimFound });
