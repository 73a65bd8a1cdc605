/**
 * A valid case that is not sent (issue 49): its values could not be made valid from what the run
 * learned (a step with no learned record to name, a value outside its SOAP type's lexical space), or
 * the record it works on could not be made (an update or delete whose own create did not succeed).
 * Sending it anyway would judge the tool's own invalid request, or another transport's record, as
 * the service's failure. Such a record carries `skipped` with this prefix: never a finding, never a
 * valid request of the data path, counted apart as "not applicable" with its reason.
 */
export const NOT_APPLICABLE = 'not applicable';

/** The `skipped` text of a not-applicable record. */
export const notApplicable = (reason: string): string => `${NOT_APPLICABLE}: ${reason}`;

/** Whether a record's `skipped` says it was not applicable (rather than held back or not selected). */
export const isNotApplicable = (skipped: string | undefined): boolean => skipped !== undefined && skipped.startsWith(`${NOT_APPLICABLE}:`);
