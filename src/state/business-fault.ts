/**
 * Business failures reported as faults. The spec does not say how a failure is reported ("Error
 * codes, error statuses, error body shapes, and how failures such as a bad sig are reported: not
 * shown"), and a vendor's web method may throw a SoapException for "unknown service order 17": ASMX
 * answers it as an HTTP 500 soap:Server / Receiver fault "Server was unable to process request. --->
 * unknown service order 17", over GET and POST as HTTP 500 text/plain with the message
 * (SoapServerProtocol.WriteException, HttpServerProtocol.WriteException, reference source). Such
 * faults, learned from the same contrasts as in-band failures (unknown ids, a bad signature), are
 * business failures, not contract errors.
 *
 * ASMX's own faults about a value the client sent never are: they are raised before the web method
 * runs, or by the runtime's parsing of a value (Microsoft's reference source, System.Web.Services:
 * SoapServerProtocol.ReadParameters "Server was unable to read request.", ScalarFormatter "Cannot
 * convert {0} to {1}.", ValueCollectionParameterReader "Missing parameter: {0}."; mscorlib's
 * FormatException and OverflowException, System.Xml's XmlConvert; Mono 6.8 observed by npm run
 * test:asmx, src/profiles/expectations.ts and src/asmx/values.ts). A vendor's own int.Parse of a
 * text parameter says "Input string was not in a correct format." too: a value the run sent that the
 * service could not read, never a business answer.
 */
import { isInBandFailure, type FailureSignature } from './in-band.js';

const ASMX_OWN = [
  /Server was unable to read request/i,
  /Cannot convert\b/i,
  /Input string was not in a correct format/i,
  /is not a valid \w+ value/i,
  /String was not recognized as a valid/i,
  /Value was either too large or too small/i,
  /Missing parameter/i,
  /There is an error in XML document/i,
  /Server did not recognize the value of HTTP Header/i,
  /Request format is (?:invalid|unrecognized)/i,
];

/** Whether a fault's reason is ASMX's own about a value sent (never a business failure). */
export const isAsmxOwnFault = (reason: string): boolean => ASMX_OWN.some((re) => re.test(reason));

/** ASMX's texts of its own faults, as examples no business-fault signature may match. */
export const ASMX_OWN_EXAMPLES: readonly string[] = Object.freeze([
  'Server was unable to read request. ---> There is an error in XML document (1, 250). ---> Input string was not in a correct format.',
  'Cannot convert abc to System.Int32.\r\nParameter name: type ---> Input string was not in a correct format.',
  'Cannot convert {0} to {1}.',
  'Missing parameter: accountnumber.',
  "Server was unable to read request. ---> There is an error in XML document (1, 300). ---> The string 'maybe' is not a valid Boolean value.",
]);

/** The web method's own message: after ASMX's "Server was unable to process request. --->" wrapper. */
export function faultMessage(reason: string): string {
  const at = reason.indexOf('--->');
  return (at >= 0 && /unable to process request/i.test(reason.slice(0, at)) ? reason.slice(at + 4) : reason).trim();
}

/** Words a business failure's message says it with. Not "error", "not", "exception" or "failed":
 * a crash says them too ("Object reference not set to an instance of an object", "Login failed"). */
const BUSINESS_WORDS = ['unknown', 'invalid', 'denied', 'unauthorized', 'forbidden', 'not found', 'does not exist', 'no such', 'not allowed', 'not assigned', 'authentication'];

const clip = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * A signature of the business faults among `faults` (reasons of faults answered to requests that
 * should fail), or undefined: the words of BUSINESS_WORDS that each of them (at least two, ASMX's own
 * faults left out) says, and that none of ASMX's own faults above says.
 */
export function learnBusinessFault(faults: readonly string[]): FailureSignature | undefined {
  const messages = faults.filter((f) => !isAsmxOwnFault(f)).map(faultMessage);
  if (messages.length < 2) return undefined;
  const says = (text: string, w: string) => new RegExp(`\\b${w}\\b`, 'i').test(text);
  const ownTexts = ASMX_OWN_EXAMPLES;
  const words = BUSINESS_WORDS.filter((w) => messages.some((m) => says(m, w)) && !ownTexts.some((t) => says(t, w)));
  if (!messages.every((m) => words.some((w) => says(m, w)))) return undefined;
  const used = words.filter((w) => messages.some((m) => says(m, w)));
  const pattern = `\\b(?:${used.join('|')})\\b`;
  const evidence = `${used.map((w) => `'${w}'`).join(' or ')} in every business fault (${messages.length}; first: '${clip(messages[0]!)}'), in none of ASMX's own faults (${ownTexts.length})`;
  return Object.freeze({ pattern, flags: 'i', source: 'learned', evidence });
}

/** Whether a fault's reason reports a business failure by `sig`: never one of ASMX's own. */
export function isBusinessFault(reason: string | undefined, sig: FailureSignature | undefined): boolean {
  return reason !== undefined && sig !== undefined && !isAsmxOwnFault(reason) && isInBandFailure(faultMessage(reason), sig);
}
