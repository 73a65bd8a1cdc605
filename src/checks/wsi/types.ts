/**
 * WS-I Basic Profile 1.1 and Simple SOAP Binding Profile 1.0 assertions (issue 51), graded as the
 * WS-I Analyzer grades them. Its results are the Analyzer's six (org.eclipse.wst.wsi,
 * `report/AssertionResult.java`): passed, failed, warning, notApplicable, missingInput, and
 * prereqFailed (a prerequisite failed, so the assertion was not run).
 */
import type { HttpRequest, HttpResponse, TransportId } from '../../transports/index.js';
import type { XmlElement } from '../../decode/xml.js';

export const WSI_RESULTS = ['passed', 'failed', 'warning', 'notApplicable', 'missingInput', 'prereqFailed'] as const;
export type WsiResult = (typeof WSI_RESULTS)[number];

/** What an assertion reads: the SOAP envelope, the HTTP message around it, or the WSDL. */
export type WsiTarget = 'envelope' | 'message' | 'description';

/** One assertion's verdict on one subject. `detail`: why, for anything but passed; `note`: what a
 * passed verdict left out (the bindings the profile does not cover). */
export interface WsiJudgement {
  readonly result: WsiResult;
  readonly detail?: string;
  readonly note?: string;
  /** For an assertion whose failures have more than one cause (R2712: an extra Body child, a wrong
   * element, a payload the schema refuses), the catalog check that finds this failure's defect: it
   * stands for WsiAssertionInfo.sameDefectAs on this failure alone. */
  readonly sameDefectAs?: string;
}

export interface WsiAssertionInfo {
  /** The profile requirement's number (R1014), or the SSBP test assertion id where the issue names
   * one without an R number (SSBP1003, SSBP5101). Several numbers judged together are joined (R1008/R1009). */
  readonly id: string;
  /** The Analyzer's test assertion id, only where its pairing with the R number was confirmed (catalog.ts). */
  readonly tad?: string;
  readonly requirement: string;
  /** Where the requirement is written: profile and section. */
  readonly section: string;
  readonly target: WsiTarget;
  /** Assertion ids whose failure keeps this one from being run (prereqFailed). */
  readonly prereqs: readonly string[];
  /** The catalog check that judges the same requirement on the same message, always as an error (the
   * standard the spec names says it too): when that check runs, its finding is the defect's one
   * finding, and this assertion's failure is named in wsi-basic-profile's verdict as an info pointing
   * to it (wsi/recorded.ts), still failed in wsi-report.xml. A failure may name its own instead
   * (WsiJudgement.sameDefectAs). */
  readonly sameDefectAs?: string;
}

/** One exchange as the message assertions see it: our request and the target's response. */
export interface WsiMessage {
  readonly transport: TransportId;
  readonly kind: 'positive' | 'negative';
  readonly request: HttpRequest;
  readonly response: HttpResponse;
  /** The body element the contract's document-literal binding names for a result (R2712). */
  readonly resultElement: { readonly ns: string; readonly name: string };
  /** The soapAction the target's own WSDL gives this operation: null when it gives none, undefined
   * when no WSDL was read (R2744 and R2745 then miss their input). */
  readonly bindingSoapAction?: string | null;
}

/** The target's WSDL, parsed. */
export interface WsiDescription {
  readonly root: XmlElement;
}

export interface WsiAssertion<S> extends WsiAssertionInfo {
  judge(subject: S): WsiJudgement;
}

/** One assertion's result on one subject, as reports keep it. */
export interface WsiOutcome extends WsiJudgement {
  readonly id: string;
}

export const passed: WsiJudgement = Object.freeze({ result: 'passed' });
export const failed = (detail: string): WsiJudgement => ({ result: 'failed', detail });
export const warned = (detail: string): WsiJudgement => ({ result: 'warning', detail });
export const notApplicable = (detail: string): WsiJudgement => ({ result: 'notApplicable', detail });
export const missingInput = (detail: string): WsiJudgement => ({ result: 'missingInput', detail });
