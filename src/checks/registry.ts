/** The catalog: every check, in the order they are reported. Adding a check is one file and one line here. */
import { contentType } from './content-type.js';
import { httpStringRoot } from './http-string-root.js';
import { notAFault } from './not-a-fault.js';
import { soapEnvelopeVersion } from './soap-envelope-version.js';
import { soapResponseElement } from './soap-response-element.js';
import { status200 } from './status-200.js';
import type { Check } from './types.js';
import { xmlWellFormed } from './xml-well-formed.js';
import { xsdValid } from './xsd-valid.js';

export const checks: readonly Check[] = [
  status200,
  contentType,
  xmlWellFormed,
  soapEnvelopeVersion,
  soapResponseElement,
  httpStringRoot,
  xsdValid,
  notAFault,
];

export const CHECK_IDS: readonly string[] = checks.map((c) => c.id);

export type { Check, Exchange, Verdict } from './types.js';
