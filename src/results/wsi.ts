/**
 * What a record keeps of the WS-I assertions' results on its exchange, or on the WSDL for the
 * service's record (checks/wsi/recorded.ts makes it, report/digest/wsi-report.ts counts it). Kept small,
 * for it is on every record: the ids of the assertions that did not apply, and every result that is
 * neither a plain pass nor that, with why; every other assertion of the subject's kind passed.
 */
export interface WsiRecordedOutcome {
  readonly id: string;
  /** One of the Analyzer's results (checks/wsi/types.ts, WSI_RESULTS), never a plain passed. */
  readonly result: string;
  readonly detail?: string;
  readonly note?: string;
}

export interface WsiRecorded {
  /** The profile does not cover the exchange (SOAP 1.2, HTTP GET and POST): every assertion notApplicable, for this reason. */
  readonly outside?: string;
  readonly notApplicable?: readonly string[];
  readonly other?: readonly WsiRecordedOutcome[];
  /** The service's record: its WSDL claims WS-I Basic Profile 1.1 (wsi:Claim). */
  readonly claim?: true;
}
