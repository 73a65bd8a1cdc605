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
import { answersAgree } from './answers-agree.js';
import type { CaseCheck, Check, ClientCheck, ServiceCheck } from './types.js';
import { clientAuthParameters } from './client/auth-parameters.js';
import { clientContentType } from './client/content-type.js';
import { clientEnvelope } from './client/envelope.js';
import { clientHttpParameterNames } from './client/http-parameter-names.js';
import { clientLexicalValues } from './client/lexical-values.js';
import { clientOperation } from './client/operation.js';
import { clientParameterOrder } from './client/parameter-order.js';
import { clientParametersComplete } from './client/parameters-complete.js';
import { clientParametersKnown } from './client/parameters-known.js';
import { clientParametersOnce } from './client/parameters-once.js';
import { clientSoapAction } from './client/soap-action.js';
import { clientSoapXml } from './client/soap-xml.js';
import { clientTransport } from './client/transport.js';
import { clientUtf8 } from './client/utf8.js';
import { wsdlMatchesContract } from './wsdl-matches-contract.js';
import { xmlWellFormed } from './xml-well-formed.js';
import { xmlNoExternalEntity } from './xml-no-external-entity.js';
import { xsdValid } from './xsd-valid.js';
import { wsiBasicProfile } from './wsi-basic-profile.js';
import { wsiDescription } from './wsi-description.js';
import { transportReachesService, type TransportCheck } from './transport-reaches-service.js';

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
export const sequenceChecks: readonly SequenceCheck[] = [stateConsistency, answersAgree];

/** Checks judged once per transport on what its valid requests got, when the run is done. */
export const transportChecks: readonly TransportCheck[] = [transportReachesService];

/** Checks judged on the run's tally against a reference deployment (run --reference-url). */
export const referenceChecks: readonly ReferenceCheck[] = [matchesReference, referenceOutcomeExplained];

/** Checks judged on what a client sent (the proxy, issue 53), in the order a request is read:
 * transport, message, operation, parameters. Not in ALL_CHECKS: a run sends its own requests. */
export const clientChecks: readonly ClientCheck[] = [
  clientTransport,
  clientContentType,
  clientSoapAction,
  clientUtf8,
  clientSoapXml,
  clientEnvelope,
  clientOperation,
  clientParametersKnown,
  clientHttpParameterNames,
  clientParametersComplete,
  clientAuthParameters,
  clientParameterOrder,
  clientParametersOnce,
  clientLexicalValues,
];

export const CLIENT_CHECK_IDS: readonly string[] = clientChecks.map((c) => c.id);

/** Every check a run judges, in the order `tsiws-conform checks` and docs/checks.md list them
 * (the client checks follow, in a group of their own). */
export const ALL_CHECKS: ReadonlyArray<Check | CaseCheck | ServiceCheck | TransportCheck | BaselineCheck | ReferenceCheck | SequenceCheck> = [...checks, ...caseChecks, ...serviceChecks, ...transportChecks, ...baselineChecks, ...referenceChecks, ...sequenceChecks];

/** Every check id, for selection (--checks, --skip-checks) and the catalog. */
export const CHECK_IDS: readonly string[] = ALL_CHECKS.map((c) => c.id);

export type { CaseCheck, CaseExchange, Check, ClientCheck, ClientExchange, Exchange, ServiceCheck, ServiceExchange, Verdict } from './types.js';
