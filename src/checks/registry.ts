/** The catalog: every check, in the order they are reported. Adding a check is one file and one line here. */
import { authEnforced } from './auth-enforced.js';
import { charsetConsistent } from './charset-consistent.js';
import { contentType } from './content-type.js';
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
import { soapBodySingleChild } from './soap-body-single-child.js';
import { soapEnvelopeVersion } from './soap-envelope-version.js';
import { soapFaultShape } from './soap-fault-shape.js';
import { soapNoDtdOrPi } from './soap-no-dtd-or-pi.js';
import { soapResponseElement } from './soap-response-element.js';
import { status200 } from './status-200.js';
import type { Check } from './types.js';
import { xmlWellFormed } from './xml-well-formed.js';
import { xsdValid } from './xsd-valid.js';

export const checks: readonly Check[] = [
  // Valid requests
  status200,
  contentType,
  charsetConsistent,
  xmlWellFormed,
  soapNoDtdOrPi,
  soapEnvelopeVersion,
  soapBodySingleChild,
  soapResponseElement,
  httpStringRoot,
  xsdValid,
  notAFault,
  responseTime,
  // Invalid requests and faults
  rejectsInvalidInput,
  rejectionPerProfile,
  errorBodyReadable,
  soapFaultShape,
  faultStatus,
  faultContentType,
  faultCodePerProfile,
  errorMessagePerProfile,
  authEnforced,
];

export const CHECK_IDS: readonly string[] = checks.map((c) => c.id);

export type { Check, Exchange, Verdict } from './types.js';
