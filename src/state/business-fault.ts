/**
 * Business failures reported as faults. The spec does not say how a failure is reported ("Error
 * codes, error statuses, error body shapes, and how failures such as a bad sig are reported: not
 * shown"), and a vendor's web method may throw `new SoapException("unknown service order 17",
 * SoapException.ClientFaultCode)`. Such faults, once the target was learned to answer the
 * discovery's contrasts (unknown ids, a bad signature) with them, are business failures, not
 * contract errors; told by their STRUCTURE as ASMX writes it, not by what the message says:
 *
 * - SOAP. SoapServerProtocol.WriteException (Microsoft's reference source, System.Web.Services)
 *   writes a SoapException the method threw as it is: its own code and message. Any other exception
 *   (a crash: SqlException, NullReferenceException) is wrapped in a soap:Server / Receiver fault
 *   "Server was unable to process request. ---> <message>" (WebRequestUnableToProcess). Mono 6.8
 *   builds System.Web.Services from that reference source and answers the same texts (npm run
 *   test:asmx; a client on the host may see "System.Web.Services.Protocols.SoapException: " before
 *   the reason, src/profiles/expectations.ts). Mono's older own implementation (HttpSoapWebServiceHandler
 *   .SerializeFault, Mono before the reference source) wrote a crash unwrapped as a soap:Server fault
 *   with the crash's message: there a crash cannot be told from a thrown SoapException by structure.
 * - GET/POST. HttpServerProtocol.WriteException answers HTTP 500 text/plain "<type>: <message>" with
 *   the method's own exception (WebServiceHandler.Invoke unwraps the TargetInvocationException): a
 *   SoapException is one the method threw; any other type is a crash (or ASMX's own
 *   InvalidOperationException / ArgumentException about a value read).
 *
 * ASMX's own faults about a value the client sent never are business failures: they are raised before
 * the web method runs, or by the runtime's parsing of a value, and many are SoapExceptions too
 * (reference source: SoapServerProtocol.ReadParameters "Server was unable to read request.",
 * ScalarFormatter "Cannot convert {0} to {1}.", ValueCollectionParameterReader "Missing parameter:
 * {0}."; mscorlib's FormatException and OverflowException, System.Xml's XmlConvert; Mono 6.8 observed
 * by npm run test:asmx, src/profiles/expectations.ts and src/asmx/values.ts). A vendor's own
 * int.Parse of a text parameter says "Input string was not in a correct format." too: a value the
 * run sent that the service could not read, never a business answer.
 *
 * Nor are the runtime's refusals of the request itself, told first by structure (issue 59: with
 * HttpSoap12 removed from web.config every SOAP 1.2 request's fault was counted as a business failure):
 * - a VersionMismatch (or MustUnderstand, DataEncodingUnknown) fault code is the SOAP processor's,
 *   never a method's (SOAP 1.1 section 4.4.1, SOAP 1.2 Part 1 section 5.4.6): .NET's
 *   SoapServerProtocol answers a SOAP 1.2 envelope it does not take with soap:VersionMismatch
 *   "Possible SOAP version mismatch: Envelope namespace ... was unexpected. Expecting ...";
 * - a fault in another SOAP version's envelope than the request's: ASMX writes what a method threw in
 *   the version of the request it handled (SoapServerProtocol's helper), so the request never reached
 *   a method. Mono 6.8 with HttpSoap12 removed (observed, TSIWS_ASMX_WITHOUT=HttpSoap12 npm run
 *   test:asmx) reads a SOAP 1.2 request as SOAP 1.1 and answers a SOAP 1.1 soap:Client "Unable to
 *   handle request without a valid action parameter. Please supply a valid soap action.";
 * - then by the runtime's message shapes (Client faults, above and Mono's "Unable to handle request").
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
  /Possible SOAP version mismatch/i,
  /Web Service method name is not valid/i,
  // Mono's own routing refusals (Mono 6.8, src/diagnoses/namespace-differs.ts, deployment mutants).
  /Unable to handle request without a valid action parameter/i,
  /Unable to handle request\. The action '[^']*' was not recognized/i,
];

/** Fault codes only the SOAP processor raises, never a web method (SOAP 1.1 4.4.1, SOAP 1.2 5.4.6). */
const PROCESSOR_CODES = new Set(['VersionMismatch', 'MustUnderstand', 'DataEncodingUnknown']);
const localName = (code: string): string => code.slice(code.lastIndexOf(':') + 1);

/** Whether a fault's reason is ASMX's own about a value sent or the request (never a business failure). */
export const isAsmxOwnFault = (reason: string): boolean => ASMX_OWN.some((re) => re.test(reason));

/** A fault as decoded (transports/types.ts): over SOAP `code` is the faultcode (`soap:Client`); over
 * GET/POST the exception type before the text/plain message ('' when the body names none). */
export interface FaultAnswer {
  readonly code: string;
  readonly reason: string;
  /** The fault is in another SOAP version's envelope than the request's: the runtime's refusal. */
  readonly otherVersion?: boolean;
}

const SOAP_EXCEPTION = 'System.Web.Services.Protocols.SoapException';
/** An exception type name, as a text/plain error (or a local client's faultstring) starts with. */
const TYPE_NAME = /^[\w.]+(?:Exception|Error)$/;
const TYPED = /^([\w.]+(?:Exception|Error)): /;
const UNABLE_TO_PROCESS = /^Server was unable to process request\./i;

/**
 * How ASMX wrote the fault: `thrown`, a SoapException the web method threw on purpose; `unhandled`,
 * any other exception of the method (a crash), wrapped over SOAP; `asmx`, ASMX's own about a value.
 */
export type FaultForm = 'thrown' | 'unhandled' | 'asmx';

export function faultForm(fault: FaultAnswer): FaultForm {
  if (fault.otherVersion === true || PROCESSOR_CODES.has(localName(fault.code)) || isAsmxOwnFault(fault.reason)) return 'asmx';
  const plain = fault.code === '' || TYPE_NAME.test(fault.code);
  if (plain) return fault.code === SOAP_EXCEPTION && !UNABLE_TO_PROCESS.test(fault.reason) ? 'thrown' : 'unhandled';
  // A client on the host sees the exception's type first: a SoapException's is the thrown one's.
  const typed = TYPED.exec(fault.reason);
  if (typed && typed[1] !== SOAP_EXCEPTION) return 'unhandled';
  const reason = typed ? fault.reason.slice(typed[0].length) : fault.reason;
  return UNABLE_TO_PROCESS.test(reason) ? 'unhandled' : 'thrown';
}

/** The text a business-fault signature's pattern is tried on: the fault's form, then its reason. */
const formText = (fault: FaultAnswer): string => `${faultForm(fault)}: ${fault.reason}`;
/** The pattern of a target whose web methods throw SoapExceptions for business failures. */
const THROWN = '^thrown: ';

const clip = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * The signature of a target that reports business failures as SoapExceptions its web methods throw,
 * from the faults answered to the discovery's contrasts (requests that should fail), or undefined:
 * at least two of them thrown by the method, not crashes and not ASMX's own. Plain data: a pattern
 * over the fault's form (formText), it crosses to worker processes.
 */
export function learnBusinessFault(faults: readonly FaultAnswer[]): FailureSignature | undefined {
  const thrown = faults.filter((f) => faultForm(f) === 'thrown');
  if (thrown.length < 2) return undefined;
  const evidence = `SoapExceptions the web method threw (${thrown.length} of the ${faults.length} faults answered to requests that should fail; first: '${clip(thrown[0]!.reason)}'), not ASMX's wrapper of an unhandled exception nor its own faults about a value`;
  return Object.freeze({ pattern: THROWN, flags: '', source: 'learned', evidence });
}

/** Whether a fault reports a business failure by `sig`: a SoapException the web method threw, never
 * a crash nor one of ASMX's own. */
export function isBusinessFault(fault: FaultAnswer | undefined, sig: FailureSignature | undefined): boolean {
  return fault !== undefined && sig !== undefined && isInBandFailure(formText(fault), sig);
}
