/** The catalog: every check, in the order they are reported. Adding a check is one file and one line here. */
import { answersInTime } from './answers-in-time.js';
import { authEnforced } from './auth-enforced.js';
import { charsetConsistent } from './charset-consistent.js';
import { contentCodingAccepted } from './content-coding-accepted.js';
import { contentType } from './content-type.js';
import { echoMatches } from './echo-matches.js';
import { errorBodyReadable } from './error-body-readable.js';
import { errorMessagePerProfile } from './error-message-per-profile.js';
import { faultCodePerProfile } from './fault-code-per-profile.js';
import { faultContentType } from './fault-content-type.js';
import { faultStatus } from './fault-status.js';
import { httpStringRoot } from './http-string-root.js';
import { notAFault } from './not-a-fault.js';
import { rejectionPerProfile } from './rejection-per-profile.js';
import { rejectsInvalidInput } from './rejects-invalid-input.js';
import { responseTime } from './response-time.js';
import { resultSchema } from './result-schema.js';
import { resultFormatConsistent } from './result-format-consistent.js';
import { soapBodySingleChild } from './soap-body-single-child.js';
import { soapEnvelopeVersion } from './soap-envelope-version.js';
import { soapFaultShape } from './soap-fault-shape.js';
import { soapNoDtdOrPi } from './soap-no-dtd-or-pi.js';
import { soapResponseElement } from './soap-response-element.js';
import { matchesBaseline, type BaselineCheck } from './matches-baseline.js';
import { matchesReference, referenceOutcomeExplained, type ReferenceCheck } from './matches-reference.js';
import { status200 } from './status-200.js';
import { transportParity } from './transport-parity.js';
import { stateConsistency, type SequenceCheck } from './state-consistency.js';
import type { CaseCheck, Check, ServiceCheck } from './types.js';
import { wsdlMatchesContract } from './wsdl-matches-contract.js';
import { xmlWellFormed } from './xml-well-formed.js';
import { xmlNoExternalEntity } from './xml-no-external-entity.js';
import { xsdValid } from './xsd-valid.js';
import { wsiBasicProfile } from './wsi-basic-profile.js';
import { wsiDescription } from './wsi-description.js';

export const checks: readonly Check[] = [
  // Valid requests
  status200,
  contentType,
  charsetConsistent,
  xmlWellFormed,
  xmlNoExternalEntity,
  soapNoDtdOrPi,
  soapEnvelopeVersion,
  soapBodySingleChild,
  soapResponseElement,
  httpStringRoot,
  xsdValid,
  notAFault,
  echoMatches,
  resultSchema,
  resultFormatConsistent,
  responseTime,
  contentCodingAccepted,
  // Invalid requests and faults
  rejectsInvalidInput,
  rejectionPerProfile,
  answersInTime,
  errorBodyReadable,
  soapFaultShape,
  faultStatus,
  faultContentType,
  faultCodePerProfile,
  errorMessagePerProfile,
  authEnforced,
  // WS-I Basic Profile 1.1 (issue 51)
  wsiBasicProfile,
];

/** Checks judged once per run, on the service as a whole. */
export const serviceChecks: readonly ServiceCheck[] = [wsdlMatchesContract, wsiDescription];

/** Checks judged on all transports of one case. */
export const caseChecks: readonly CaseCheck[] = [transportParity];

/** Checks judged against a recorded baseline (run --baseline). */
export const baselineChecks: readonly BaselineCheck[] = [matchesBaseline];

/** Checks judged on what a sequence of one entity observed (a target with data). */
export const sequenceChecks: readonly SequenceCheck[] = [stateConsistency];

/** Checks judged on the run's tally against a reference deployment (run --reference-url). */
export const referenceChecks: readonly ReferenceCheck[] = [matchesReference, referenceOutcomeExplained];

/** Every check, in the order `tsiws-conform checks` and docs/checks.md list them. */
export const ALL_CHECKS: ReadonlyArray<Check | CaseCheck | ServiceCheck | BaselineCheck | ReferenceCheck | SequenceCheck> = [...checks, ...caseChecks, ...serviceChecks, ...baselineChecks, ...referenceChecks, ...sequenceChecks];

/** Every check id, for selection (--checks, --skip-checks) and the catalog. */
export const CHECK_IDS: readonly string[] = ALL_CHECKS.map((c) => c.id);

export type { CaseCheck, CaseExchange, Check, Exchange, ServiceCheck, ServiceExchange, Verdict } from './types.js';
