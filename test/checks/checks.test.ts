/**
 * Every check in the registry, table-driven (typescript-eslint valid/invalid style). A row is one
 * exchange: a valid request (kind 'positive') or a negative scenario with its profile's
 * expectation, and the response it got. Where the check applies, the row gives its exact verdict;
 * where it does not (`check.applies` is false, so the engine never runs it), the row says so.
 * Wherever a check can apply to a transport the table has a passing and a failing row, and
 * wherever it can be out of scope on a transport, a row showing that it is.
 * Conforming answers to valid requests come from the real reference server on loopback; the rest
 * are replies.ts output or literal XML, so each row shows the exact defect it stands for.
 */
import type { FailureSignature } from '../../src/state/in-band.js';
import type { LearnedFormat } from '../../src/checks/types.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NegativeCase } from '../../src/cases/case.js';
import { getScenario, negativeCases, negativeRequest } from '../../src/cases/negative.js';
import type { ScenarioId } from '../../src/results/case-labels.js';
import { checks, type Exchange } from '../../src/checks/registry.js';
import { loadResultSchemas, type ResultSchema } from '../../src/checks/load-result-schemas.js';

/** The per-exchange checks; the service-level ones have their own tests. */
const CHECK_IDS = checks.map((c) => c.id);
import { expectedEcho, familyOf } from '../../src/asmx/echo.js';
import { getOperation } from '../../src/contract/index.js';
import { evaluate } from '../../src/checks/evaluate.js';
import { expectationFor, PROFILES } from '../../src/profiles/expectations.js';
import type { Expectation, ProfileId } from '../../src/profiles/types.js';
import type { Level } from '../../src/results/levels.js';
import { empty, plainError, soapFault, soapResult, stringResult, type Reply } from '../../src/server/replies.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { soap11, soap12, type SoapDialect } from '../../src/transports/dialects.js';
import { PROFILE_IDS } from '../../src/contract/vocabulary.js';
import { getTransportById, TRANSPORT_IDS, type HttpResponse, type TransportId } from '../../src/transports/index.js';
import { bytesResponse, fromReply, response, send } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const CTX = { namespace: NS };
const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XHTML = 'http://www.w3.org/1999/xhtml';
const DECL = '<?xml version="1.0" encoding="utf-8"?>';

const op = getOperation('MobileContactEmailCreate');
const otherOp = getOperation('MobileContactSearch');
const values = {
  accountnumber: '12', contactnumber: '34', email: 'a@b.test', primary: 'true',
  repnumber: '7', timestamp: '2024-01-01T00:00:00Z', sig: 'SIG', mobilekey: 'KEY',
};

/** Response Content-Type per transport, from the spec's Transports table. */
const CONTENT_TYPE: Record<TransportId, string> = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  get: 'text/xml; charset=utf-8',
  post: 'text/xml; charset=utf-8',
};
const PLAIN = 'text/plain; charset=utf-8';
const SOAP_IDS = ['soap11', 'soap12'] as const;
const HTTP_IDS = ['get', 'post'] as const;
type SoapId = (typeof SOAP_IDS)[number];
const dialectOf = (t: SoapId): SoapDialect => (t === 'soap11' ? soap11 : soap12);
const envNsOf = (t: SoapId) => (t === 'soap11' ? SOAP11_ENV : SOAP12_ENV);
const isSoap = (t: TransportId): t is SoapId => t === 'soap11' || t === 'soap12';
const labelOf = (t: TransportId) => getTransportById(t).label;
/** The SOAP version a transport's faults come in; over GET/POST, a target that answers errors as
 * SOAP 1.1 faults (the fault checks judge any SOAP fault, whatever the transport). */
const faultDialectOf = (t: TransportId): SoapDialect => (isSoap(t) ? dialectOf(t) : soap11);

// ---- negative cases and their expectations, from src/cases and src/profiles ------------------------

const NEGATIVE_CASES = negativeCases(op, { auth: true });

/** The first negative case of a scenario (for a per-parameter scenario, its first parameter). */
function negativeCase(scenario: ScenarioId): NegativeCase {
  const found = NEGATIVE_CASES.find((c) => c.scenario === scenario);
  if (found) return found;
  // Fuzzing alone makes a *-asmx-only case: its first parameter of the type, as 1 (valid xs:boolean).
  const fuzzed = getScenario(scenario);
  const param = op.params.find((p) => p.type === fuzzed.perParam);
  if (!fuzzed.fromFuzz || !param) throw new Error(`${op.name} has no ${scenario} case`);
  return { id: `${op.name}-${scenario}`, operation: op.name, kind: 'negative', scenario, param: param.name, values: { ...NEGATIVE_CASES[0]!.values, [param.name]: '1' }, transports: fuzzed.transports };
}
const expectationOf = (t: TransportId, scenario: ScenarioId, profile: ProfileId = 'asmx'): Expectation =>
  expectationFor(profile, scenario, t, negativeCase(scenario).param);
/** The one message pattern the expectation holds, as error-message-per-profile prints it. */
function messagePatternOf(e: Expectation): string {
  const patterns = e.accept.flatMap((s) => (s.body === 'plain-text' && s.message ? [s.message] : s.body === 'soap-fault' && s.reason ? [s.reason] : []));
  if (patterns.length !== 1) throw new Error(`expected one message pattern in "${e.summary}", found ${patterns.length}`);
  return `/${patterns[0]}/`;
}

// ---- conforming answers to valid requests, from the reference server ----------------------------------

let server: ReferenceServer;
const answers = new Map<TransportId, HttpResponse>();

beforeAll(async () => {
  server = await startReferenceServer();
  for (const id of TRANSPORT_IDS) {
    answers.set(id, await send(server.url, getTransportById(id).encode(CTX, op, values)));
  }
});
afterAll(() => server.close());

const answer = (t: TransportId): HttpResponse => answers.get(t)!;

// ---- other responses -------------------------------------------------------------------------------

const withStatus = (r: HttpResponse, status: number): HttpResponse => ({ ...r, status });
const withElapsed = (r: HttpResponse, elapsedMs: number): HttpResponse => ({ ...r, elapsedMs });
const withContentType = (r: HttpResponse, contentType: string | undefined): HttpResponse =>
  bytesResponse(r.body, contentType, r.status);
/** `body` as the response of transport `t`, with the content type `t` prescribes. */
const body = (t: TransportId, text: string, status = 200): HttpResponse => response(text, CONTENT_TYPE[t], status);
const soapEnvelope = (envNs: string, bodyContent: string) =>
  `${DECL}<soap:Envelope xmlns:soap="${envNs}"><soap:Body>${bodyContent}</soap:Body></soap:Envelope>`;
/** A reply with `insert` right after its XML declaration. */
const afterDeclaration = (reply: Reply, insert: string): Reply => {
  if (!reply.body.startsWith(DECL)) throw new Error('reply does not start with the XML declaration');
  return { ...reply, body: DECL + insert + reply.body.slice(DECL.length) };
};
/** The conforming success reply of transport `t` with `text` as the result. */
const resultReply = (t: TransportId, text: string): Reply => (isSoap(t) ? soapResult(dialectOf(t), NS, op, text) : stringResult(NS, text));
/** Transport t's success reply with `bad` bytes in the middle of the result text. */
function withBytesInResult(t: TransportId, bad: readonly number[], contentType = CONTENT_TYPE[t]): { res: HttpResponse; offset: number } {
  const [before, after] = resultReply(t, 'MARK').body.split('MARK') as [string, string];
  return { res: bytesResponse(Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from(after)]), contentType), offset: Buffer.byteLength(before) };
}

const MALFORMED = `${DECL}<string xmlns="${NS}">x</strin>`;
const MALFORMED_ERROR = 'Opening and ending tag mismatch: string line 1 and strin (line 1, column 96)';
const ASMX_PLAIN_ERROR = 'System.InvalidOperationException: Missing parameter: email.\r\n';
const NOT_XML_ERROR = "Start tag expected, '<' not found (line 1, column 1)";
const WELL_FORMED_SKIP = 'response is not well-formed XML (see xml-well-formed)';
const RESPONSE = `{${NS}}MobileContactEmailCreateResponse`;
const RESULT = `{${NS}}MobileContactEmailCreateResult`;

// What ASMX answers to a non-numeric int (expectations.ts cites the sources).
const UNABLE_TO_READ = 'Server was unable to read request. ---> There is an error in XML document (1, 392). ---> Input string was not in a correct format.';
const CANNOT_CONVERT = 'System.ArgumentException: Cannot convert abc to System.Int32.\r\nParameter name: type ---> System.FormatException: Input string was not in a correct format.\r\n';
/** The rejection the asmx profile expects for a non-numeric int over transport t. */
const asmxRejection = (t: TransportId): Reply => (isSoap(t) ? soapFault(dialectOf(t), 'client', UNABLE_TO_READ) : plainError(CANNOT_CONVERT));
const MISSING = `System.InvalidOperationException: Missing parameter: ${negativeCase('missing-parameter').param}.\r\n   at System.Web.Services.Protocols.ValueCollectionParameterReader.Read(NameValueCollection collection)\r\n`;
const HTML_ERROR_PAGE = `<html xmlns="${XHTML}"><head><title>Runtime Error</title></head><body><h1>Server Error in '/' Application.</h1></body></html>`;
const HTML_NOT_XML = '<!DOCTYPE html><html><body><p>Server Error<br></body></html>';

// ---- the table -------------------------------------------------------------------------------------

type Expected =
  | { readonly status: 'passed' }
  /** `level`: when the verdict names its own level (the check's applies otherwise). */
  | { readonly status: 'failed'; readonly message: string | RegExp; readonly level?: Level }
  | { readonly status: 'skipped'; readonly message: string }
  /** `check.applies` is false: the engine never runs the check on this exchange. */
  | { readonly status: 'not-applicable' };

/** What the exchange was meant to test; without a scenario, a valid request. */
interface Given {
  readonly scenario?: ScenarioId;
  readonly profile?: ProfileId;
  readonly slaMs?: number;
  /** The target echoes: the exchange carries the typed values it should have received. */
  readonly echo?: boolean;
  /** Headers added to the valid request. */
  readonly requestHeaders?: Readonly<Record<string, string>>;
  /** The operation's schema from --result-schemas. */
  readonly resultSchema?: ResultSchema;
  /** The target's in-band failure signature, learned or --failure-pattern. */
  readonly failure?: FailureSignature;
  /** The format the discovery step learned the target's results are in. */
  readonly learnedFormat?: LearnedFormat;
  /** What the target's business failures reported as faults say (learned). */
  readonly businessFault?: FailureSignature;
  /** Nothing learned tells the target's HTTP 200 failures from its successes. */
  readonly failureUnknown?: true;
  /** The probe was not built from an anchor (engine/learn/anchors.ts): which one was missing. */
  readonly anchorMissing?: string;
}

interface Row {
  readonly check: string;
  readonly transport: TransportId;
  readonly name: string;
  readonly response: () => HttpResponse;
  readonly expected: Expected;
  readonly given: Given;
}

const passed: Expected = { status: 'passed' };
const failed = (message: string | RegExp, level?: Level): Expected => ({ status: 'failed', message, ...(level ? { level } : {}) });
const skipped = (message: string): Expected => ({ status: 'skipped', message });
const notApplicable: Expected = { status: 'not-applicable' };

const rows: Row[] = [];
const add = (check: string, transport: TransportId, name: string, res: () => HttpResponse, expected: Expected, given: Given = {}) =>
  rows.push({ check, transport, name, response: res, expected, given });

const INT_NON_NUMERIC: Given = { scenario: 'int-non-numeric' };
const LENIENT_INT_NON_NUMERIC: Given = { scenario: 'int-non-numeric', profile: 'lenient' };
const CORRUPTED_SIG: Given = { scenario: 'auth-corrupted-sig' };
const NO_ANCHOR = 'no anchor for MobileContactEmailDelete: no request of it is known to succeed (deletes are never searched)';
const IN_BAND: FailureSignature = { pattern: '"ok"\\s*:\\s*false', flags: '', source: 'learned', evidence: 'test' };
const JSON_LEARNED: Given = { learnedFormat: { format: 'json', learnedFrom: 23 } };

// ---- valid requests: the first eight checks ------------------------------------------------------

for (const t of TRANSPORT_IDS) {
  add('http-status-200', t, 'reference server answer', () => answer(t), passed);
  add('http-status-200', t, 'status 500', () => withStatus(answer(t), 500), failed('expected HTTP 200, got 500'));
  add('http-status-200', t, 'status 202', () => withStatus(answer(t), 202), failed('expected HTTP 200, got 202'));

  const want = CONTENT_TYPE[t];
  const [mediaType] = want.split(';') as [string];
  add('content-type', t, 'reference server answer', () => answer(t), passed);
  add('content-type', t, 'media type and charset in other case, charset quoted', () =>
    withContentType(answer(t), `${mediaType.toUpperCase()}; Charset="UTF-8"`), passed);
  add('content-type', t, 'charset missing', () => withContentType(answer(t), mediaType),
    failed(`Content-Type is "${mediaType}"; expected "${want}"`));
  add('content-type', t, 'wrong media type', () => withContentType(answer(t), PLAIN),
    failed(`Content-Type is "${PLAIN}"; expected "${want}"`));
  add('content-type', t, 'other charset', () => withContentType(answer(t), `${mediaType}; charset=iso-8859-1`),
    failed(`Content-Type is "${mediaType}; charset=iso-8859-1"; expected "${want}"`));
  add('content-type', t, 'no Content-Type header', () => withContentType(answer(t), undefined),
    failed(`no Content-Type header; expected "${want}"`));

  add('xml-well-formed', t, 'reference server answer', () => answer(t), passed);
  add('xml-well-formed', t, 'mismatched end tag', () => body(t, MALFORMED), failed(`response is not well-formed XML: ${MALFORMED_ERROR}`));
  add('xml-well-formed', t, 'empty body', () => body(t, ''), failed('response is not well-formed XML: empty body'));
  add('xml-well-formed', t, 'ASMX text/plain error', () => response(ASMX_PLAIN_ERROR, PLAIN, 500),
    failed(`response is not well-formed XML: ${NOT_XML_ERROR}`));

  add('xsd-valid', t, 'reference server answer', () => answer(t), passed);
  add('xsd-valid', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));

  // Checks of valid requests never judge the answer to an invalid one.
  for (const id of ['http-status-200', 'content-type', 'xml-well-formed', 'xsd-valid', 'not-a-fault']) {
    add(id, t, 'non-numeric int rejected as the asmx profile expects', () => fromReply(asmxRejection(t)), notApplicable, INT_NON_NUMERIC);
  }
}

// A SOAP 1.2 answer labelled with SOAP 1.1's media type.
add('content-type', 'soap12', 'SOAP 1.1 media type', () => withContentType(answer('soap12'), 'text/xml; charset=utf-8'),
  failed('Content-Type is "text/xml; charset=utf-8"; expected "application/soap+xml; charset=utf-8"'));

for (const t of SOAP_IDS) {
  const dialect = dialectOf(t);
  const envNs = envNsOf(t);
  const otherDialect = t === 'soap11' ? soap12 : soap11;
  const otherEnvNs = envNsOf(t === 'soap11' ? 'soap12' : 'soap11');
  const version = dialect.version;
  const resultIn = (content: string) => body(t, soapEnvelope(envNs, content));
  const otherVersionEnvelope = () => body(t, soapResult(otherDialect, NS, op, 'x').body);

  add('soap-envelope-version', t, 'reference server answer', () => answer(t), passed);
  add('soap-envelope-version', t, 'fault in the right version', () => fromReply(soapFault(dialect, 'client', 'boom')), passed);
  add('soap-envelope-version', t, `SOAP ${otherDialect.version} envelope`, otherVersionEnvelope,
    failed(`root element is {${otherEnvNs}}Envelope; expected {${envNs}}Envelope for SOAP ${version}`));
  add('soap-envelope-version', t, 'GET/POST <string> root', () => body(t, stringResult(NS, 'x').body),
    failed(`root element is {${NS}}string; expected {${envNs}}Envelope for SOAP ${version}`));
  add('soap-envelope-version', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));
  add('soap-envelope-version', t, 'non-numeric int rejected as the asmx profile expects', () => fromReply(asmxRejection(t)), notApplicable, INT_NON_NUMERIC);

  add('soap-response-element', t, 'reference server answer', () => answer(t), passed);
  add('soap-response-element', t, 'replies.ts soapResult', () => fromReply(soapResult(dialect, NS, op, 'text')), passed);
  add('soap-response-element', t, 'wrong response element name', () => fromReply(soapResult(dialect, NS, otherOp, 'x')),
    failed(`Body holds {${NS}}MobileContactSearchResponse; expected ${RESPONSE}`));
  add('soap-response-element', t, 'wrong namespace', () => fromReply(soapResult(dialect, 'urn:other', op, 'x')),
    failed(`Body holds {urn:other}MobileContactEmailCreateResponse; expected ${RESPONSE}`));
  add('soap-response-element', t, 'missing Result element', () => resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"/>`),
    failed(`${RESPONSE} holds nothing; expected ${RESULT}`));
  add('soap-response-element', t, 'Result element in another namespace', () =>
    resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"><MobileContactEmailCreateResult xmlns="urn:other">x</MobileContactEmailCreateResult></MobileContactEmailCreateResponse>`),
    failed(`${RESPONSE} holds {urn:other}MobileContactEmailCreateResult; expected ${RESULT}`));
  add('soap-response-element', t, 'fault', () => fromReply(soapFault(dialect, 'server', 'boom')),
    failed(`Body holds {${envNs}}Fault; expected ${RESPONSE}`));
  add('soap-response-element', t, 'empty Body', () => body(t, `<soap:Envelope xmlns:soap="${envNs}"><soap:Body/></soap:Envelope>`),
    failed('Body is empty'));
  add('soap-response-element', t, 'no Body', () => body(t, `<soap:Envelope xmlns:soap="${envNs}"><soap:Header/></soap:Envelope>`),
    failed('Envelope has no Body'));
  add('soap-response-element', t, `SOAP ${otherDialect.version} envelope`, otherVersionEnvelope,
    failed(`root is {${otherEnvNs}}Envelope, not a SOAP ${version} Envelope`));
  add('soap-response-element', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));
  add('soap-response-element', t, 'non-numeric int rejected as the asmx profile expects', () => fromReply(asmxRejection(t)), notApplicable, INT_NON_NUMERIC);

  add('http-string-root', t, 'reference server answer', () => answer(t), notApplicable);

  add('xsd-valid', t, 'Result element absent (minOccurs 0)', () => resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"/>`), passed);
  add('xsd-valid', t, 'Result element with a child element', () =>
    resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"><MobileContactEmailCreateResult><b>x</b></MobileContactEmailCreateResult></MobileContactEmailCreateResponse>`),
    failed(`schema validation failed: Element '${RESULT}': Element content is not allowed, because the type definition is simple.`));
  add('xsd-valid', t, 'wrong namespace', () => fromReply(soapResult(dialect, 'urn:other', op, 'x')),
    failed("schema validation failed: Element '{urn:other}MobileContactEmailCreateResponse': No matching global declaration available for the validation root."));
  add('xsd-valid', t, 'no Body', () => body(t, `<soap:Envelope xmlns:soap="${envNs}"><soap:Header/></soap:Envelope>`),
    skipped('no SOAP Body element to validate: Envelope has no Body'));

  const code = `soap:${dialect.faultCodes.client}`;
  add('not-a-fault', t, 'reference server answer', () => answer(t), passed);
  add('not-a-fault', t, 'nil Result', () =>
    resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"><MobileContactEmailCreateResult xmlns:xsi="${XSI}" xsi:nil="true"/></MobileContactEmailCreateResponse>`), passed);
  add('not-a-fault', t, 'client fault, HTTP 500', () => fromReply(soapFault(dialect, 'client', 'Server was unable to read request.')),
    failed(`answered with a fault: ${code}: Server was unable to read request.`));
  add('not-a-fault', t, 'fault with HTTP 200', () => withStatus(fromReply(soapFault(dialect, 'client', 'boom')), 200),
    failed(`answered with a fault: ${code}: boom`));
  add('not-a-fault', t, 'wrong response element', () => fromReply(soapResult(dialect, NS, otherOp, 'x')),
    skipped(`response has no readable result (Body holds {${NS}}MobileContactSearchResponse, not ${RESPONSE}); the shape checks report why`));
}

for (const t of HTTP_IDS) {
  add('soap-envelope-version', t, 'reference server answer', () => answer(t), notApplicable);
  add('soap-response-element', t, 'reference server answer', () => answer(t), notApplicable);

  add('http-string-root', t, 'reference server answer', () => answer(t), passed);
  add('http-string-root', t, 'nil string', () => body(t, `${DECL}<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}"/>`), passed);
  add('http-string-root', t, 'root <string> without namespace', () => body(t, `${DECL}<string>x</string>`),
    failed(`root element is {}string; expected {${NS}}string`));
  add('http-string-root', t, 'root <string> in another namespace', () => body(t, `${DECL}<string xmlns="urn:other">x</string>`),
    failed(`root element is {urn:other}string; expected {${NS}}string`));
  add('http-string-root', t, 'SOAP envelope', () => body(t, soapResult(soap11, NS, op, 'x').body),
    failed(`root element is {${SOAP11_ENV}}Envelope; expected {${NS}}string`));
  add('http-string-root', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));
  add('http-string-root', t, 'non-numeric int rejected as the asmx profile expects', () => fromReply(asmxRejection(t)), notApplicable, INT_NON_NUMERIC);

  add('xsd-valid', t, 'nil string', () => body(t, `${DECL}<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}"/>`), passed);
  add('xsd-valid', t, 'string with a child element', () => body(t, `${DECL}<string xmlns="${NS}"><b>x</b></string>`),
    failed(`schema validation failed: Element '{${NS}}string': Element content is not allowed, because the type definition is simple.`));
  add('xsd-valid', t, 'root <string> without namespace', () => body(t, `${DECL}<string>x</string>`),
    failed("schema validation failed: Element 'string': No matching global declaration available for the validation root."));

  add('not-a-fault', t, 'reference server answer', () => answer(t), passed);
  add('not-a-fault', t, 'replies.ts stringResult', () => fromReply(stringResult(NS, 'text')), passed);
  // HTTP GET/POST have no fault shape: an ASMX error body is not a result, and the check leaves
  // it to http-status-200 and xml-well-formed.
  add('not-a-fault', t, 'ASMX text/plain error', () => response(ASMX_PLAIN_ERROR, PLAIN, 500),
    failed(`answered with a fault: ${ASMX_PLAIN_ERROR.trimEnd()}`));
}

// ---- business failures reported as faults (src/state/business-fault.ts) --------------------------

const BUSINESS: FailureSignature = { pattern: '^thrown: ', flags: '', source: 'learned', evidence: 'test' };
// A SoapException the web method threw, as ASMX writes it: unwrapped, the method's own code and message.
const THROWN = 'unknown service order 17';
// A crash (any other exception): wrapped by ASMX, a contract error however its message reads.
const CRASH = 'Server was unable to process request. ---> unknown column 17: String or binary data would be truncated.';
const OWN_FAULTS = [
  'Server was unable to read request. ---> There is an error in XML document (1, 250). ---> Input string was not in a correct format.',
  // A vendor's own int.Parse of a text parameter, thrown as a SoapException: the value sent, not a business answer.
  'Input string was not in a correct format.',
];
for (const t of SOAP_IDS) {
  const dialect = t === 'soap11' ? soap11 : soap12;
  const [client, server] = [`soap:${dialect.faultCodes.client}`, `soap:${dialect.faultCodes.server}`];
  add('not-a-fault', t, 'business fault, as the target was learned to report them', () => fromReply(soapFault(dialect, 'client', THROWN)),
    failed(`a business failure reported as a fault, as this target reports them: ${client}: ${THROWN}`, 'info'), { businessFault: BUSINESS });
  add('not-a-fault', t, 'the same fault, no business-fault signature learned', () => fromReply(soapFault(dialect, 'client', THROWN)),
    failed(`answered with a fault: ${client}: ${THROWN}`));
  add('http-status-200', t, 'business fault: judged as a fault, not as a result', () => fromReply(soapFault(dialect, 'client', THROWN)), notApplicable, { businessFault: BUSINESS });
  add('soap-response-element', t, 'business fault: judged as a fault, not as a result', () => fromReply(soapFault(dialect, 'client', THROWN)), notApplicable, { businessFault: BUSINESS });
  add('not-a-fault', t, 'a crash wrapped by ASMX is never a business failure', () => fromReply(soapFault(dialect, 'server', CRASH)),
    failed(`answered with a fault: ${server}: ${CRASH}`), { businessFault: BUSINESS });
  add('http-status-200', t, 'a crash wrapped by ASMX', () => fromReply(soapFault(dialect, 'server', CRASH)), failed('expected HTTP 200, got 500'), { businessFault: BUSINESS });
  for (const [i, own] of OWN_FAULTS.entries()) {
    add('not-a-fault', t, `ASMX's own conversion fault ${i + 1} is never a business failure`, () => fromReply(soapFault(dialect, 'client', own)),
      failed(`answered with a fault: ${client}: ${own}`), { businessFault: BUSINESS });
    add('http-status-200', t, `ASMX's own conversion fault ${i + 1}`, () => fromReply(soapFault(dialect, 'client', own)), failed('expected HTTP 200, got 500'), { businessFault: BUSINESS });
  }
}
// The runtime's refusals answer no web method, whatever they say (issue 59): a fault in the other
// SOAP version's envelope (Mono with HttpSoap12 removed), a VersionMismatch code (.NET).
add('http-status-200', 'soap12', 'a SOAP 1.1 fault to a SOAP 1.2 request is the runtime\'s, never a business failure', () => fromReply(soapFault(soap11, 'client', THROWN)), failed('expected HTTP 200, got 500'), { businessFault: BUSINESS });
add('soap-envelope-version', 'soap12', 'a SOAP 1.1 fault to a SOAP 1.2 request', () => fromReply(soapFault(soap11, 'client', THROWN)),
  failed('root element is {http://schemas.xmlsoap.org/soap/envelope/}Envelope; expected {http://www.w3.org/2003/05/soap-envelope}Envelope for SOAP 1.2'), { businessFault: BUSINESS });
add('not-a-fault', 'soap11', 'a VersionMismatch fault is the SOAP processor\'s, never a business failure', () => fromReply(soapFault(soap11, 'client', THROWN, 'VersionMismatch')),
  failed(`answered with a fault: soap:VersionMismatch: ${THROWN}`), { businessFault: BUSINESS });
for (const t of ['get', 'post'] as const) {
  const plain = 'System.Web.Services.Protocols.SoapException: unknown service order 17\r\n';
  add('not-a-fault', t, 'business fault over GET/POST: text/plain 500', () => response(plain, PLAIN, 500),
    failed(`a business failure reported as a fault, as this target reports them: System.Web.Services.Protocols.SoapException: unknown service order 17`, 'info'), { businessFault: BUSINESS });
  for (const id of ['http-status-200', 'xml-well-formed', 'http-string-root']) add(id, t, 'business fault over GET/POST: judged as a fault', () => response(plain, PLAIN, 500), notApplicable, { businessFault: BUSINESS });
  const convert = 'System.ArgumentException: Cannot convert unknown to System.Int32.\r\nParameter name: type ---> System.FormatException: Input string was not in a correct format.\r\n';
  add('not-a-fault', t, 'ASMX Cannot convert over GET/POST is never a business failure', () => response(convert, PLAIN, 500),
    failed(`answered with a fault: ${convert.replace(/^System\.ArgumentException: /, 'System.ArgumentException: ').trimEnd()}`), { businessFault: BUSINESS });
  // A crash: any exception type but SoapException, whatever its message says.
  const crash = 'System.Data.SqlClient.SqlException: unknown column: String or binary data would be truncated.\r\n';
  add('not-a-fault', t, 'a SqlException over GET/POST is never a business failure', () => response(crash, PLAIN, 500), failed(`answered with a fault: ${crash.trimEnd()}`), { businessFault: BUSINESS });
  add('http-status-200', t, 'a SqlException over GET/POST', () => response(crash, PLAIN, 500), failed('expected HTTP 200, got 500'), { businessFault: BUSINESS });
}

// ---- message-level checks, every transport -------------------------------------------------------

for (const t of TRANSPORT_IDS) {
  const [mediaType] = CONTENT_TYPE[t].split(';') as [string];

  // charset-consistent (XML 1.0 section 4.3.3, RFC 7303 section 3.2).
  add('charset-consistent', t, 'reference server answer', () => answer(t), passed);
  add('charset-consistent', t, 'charset UTF-8 in upper case', () => withContentType(answer(t), `${mediaType}; charset=UTF-8`), passed);
  add('charset-consistent', t, 'no charset parameter, no encoding declared, UTF-8 bytes', () =>
    response(resultReply(t, 'caf\u00e9').body.replace(' encoding="utf-8"', ''), mediaType), passed);
  add('charset-consistent', t, 'ISO-8859-1 in header, declaration and bytes', () => {
    const { res } = withBytesInResult(t, [0xe9], `${mediaType}; charset=iso-8859-1`);
    return bytesResponse(Buffer.from(res.body.toString('latin1').replace('encoding="utf-8"', 'encoding="ISO-8859-1"'), 'latin1'), res.headers['content-type']);
  }, passed);
  add('charset-consistent', t, 'header charset=iso-8859-1, declaration utf-8', () => withContentType(answer(t), `${mediaType}; charset=iso-8859-1`),
    failed('Content-Type says charset=iso-8859-1 but the XML declaration says encoding="utf-8"'));
  add('charset-consistent', t, 'header charset=utf-8, declaration iso-8859-1', () =>
    body(t, resultReply(t, 'x').body.replace('encoding="utf-8"', 'encoding="iso-8859-1"')),
    failed('Content-Type says charset=utf-8 but the XML declaration says encoding="iso-8859-1"'));
  const bad = withBytesInResult(t, [0xff]);
  add('charset-consistent', t, 'byte 0xFF in the result, charset=utf-8', () => bad.res,
    failed(`body is not valid UTF-8 (first bad byte 0xff at offset ${bad.offset}) although the response declares charset=utf-8`));
  const badUndeclared = withBytesInResult(t, [0xff], mediaType);
  add('charset-consistent', t, 'byte 0xFF in the result, no charset parameter', () => badUndeclared.res,
    failed(`body is not valid UTF-8 (first bad byte 0xff at offset ${badUndeclared.offset}) although the response declares UTF-8`));
  add('charset-consistent', t, 'text/plain error', () => response(ASMX_PLAIN_ERROR, PLAIN, 500), skipped('not an XML response'));
  add('charset-consistent', t, 'non-numeric int rejected with a fault or text', () => fromReply(asmxRejection(t)),
    isSoap(t) ? passed : skipped('not an XML response'), INT_NON_NUMERIC);

  // soap-no-dtd-or-pi: over GET/POST it judges a SOAP message all the same (a fault, here).
  const envelopeReply = (): Reply => (isSoap(t) ? soapResult(dialectOf(t), NS, op, 'x') : soapFault(soap11, 'server', 'boom'));
  add('soap-no-dtd-or-pi', t, 'SOAP message without DTD or PI', () => fromReply(envelopeReply()), passed);
  add('soap-no-dtd-or-pi', t, 'PI markup inside a comment', () => fromReply(afterDeclaration(envelopeReply(), '<!-- <?pi x?> -->')), passed);
  add('soap-no-dtd-or-pi', t, 'document type declaration', () => fromReply(afterDeclaration(envelopeReply(), '<!DOCTYPE soap:Envelope>')),
    failed('the SOAP message has a document type declaration (<!DOCTYPE ...>)'));
  add('soap-no-dtd-or-pi', t, 'processing instruction after the declaration', () => fromReply(afterDeclaration(envelopeReply(), '<?pi x?>')),
    failed('the SOAP message has a processing instruction at "<?pi x?><soap:Envelope xmlns:soap="http:"'));
  add('soap-no-dtd-or-pi', t, 'xml-stylesheet processing instruction', () =>
    fromReply(afterDeclaration(envelopeReply(), '<?xml-stylesheet href="s.xsl" type="text/xsl"?>')),
    failed('the SOAP message has a processing instruction at "<?xml-stylesheet href="s.xsl" type="text"'));
  add('soap-no-dtd-or-pi', t, 'not a SOAP message', () => body(t, stringResult(NS, 'x').body), skipped('not a SOAP message'));

  // wsi-basic-profile: the Basic Profile binds SOAP 1.1 only (its own assertions: test/checks/wsi/).
  if (t === 'soap11') {
    add('wsi-basic-profile', t, 'reference server answer', () => answer(t), passed);
    add('wsi-basic-profile', t, 'an element after soap:Body', () => body(t, answer(t).body.toString('utf8').replace('</soap:Body>', `</soap:Body><Trailer xmlns="${NS}"/>`)),
      failed('R1011 (BP1309): <Trailer> follows soap:Body', 'warning'));
    add('wsi-basic-profile', t, 'a fault answered HTTP 200', () => withStatus(fromReply(soapFault(soap11, 'server', 'boom')), 200), failed('R1126 (BP1305): a fault with HTTP 200', 'warning'));
    add('wsi-basic-profile', t, 'HTTP 202 for a result (a SHOULD)', () => withStatus(answer(t), 202), failed('R1124/R1111 (a SHOULD): HTTP 202, not 200 OK', 'info'));
  } else add('wsi-basic-profile', t, 'outside the profile', () => answer(t), notApplicable);

  // soap-body-single-child
  const singleEnvNs = isSoap(t) ? envNsOf(t) : SOAP11_ENV;
  const twoChildren = `<MobileContactEmailCreateResponse xmlns="${NS}"><MobileContactEmailCreateResult>x</MobileContactEmailCreateResult></MobileContactEmailCreateResponse><Extra xmlns="${NS}"/>`;
  add('soap-body-single-child', t, 'one response element', () => fromReply(resultReply(isSoap(t) ? t : 'soap11', 'x')), passed);
  add('soap-body-single-child', t, 'a fault alone', () => fromReply(soapFault(faultDialectOf(t), 'client', 'boom')), passed);
  add('soap-body-single-child', t, 'two child elements', () => body(t, soapEnvelope(singleEnvNs, twoChildren)),
    failed(`the Body has 2 child elements (${RESPONSE}, {${NS}}Extra); expected exactly one`));
  add('soap-body-single-child', t, 'fault and response element', () =>
    body(t, soapEnvelope(singleEnvNs, `<soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom</faultstring></soap:Fault><x:R xmlns:x="urn:x"/>`)),
    failed(`the Body has 2 child elements ({${singleEnvNs}}Fault, {urn:x}R); expected exactly one`));
  add('soap-body-single-child', t, 'empty Body', () => body(t, soapEnvelope(singleEnvNs, '')),
    failed('the Body has 0 child elements (none); expected exactly one'));
  add('soap-body-single-child', t, 'no Body', () => body(t, `<soap:Envelope xmlns:soap="${singleEnvNs}"><soap:Header/></soap:Envelope>`),
    failed('the Envelope has no Body'));
  add('soap-body-single-child', t, 'not a SOAP message', () => body(t, stringResult(NS, 'x').body), skipped('not a SOAP message'));

  // response-time, only with --sla-ms.
  add('response-time', t, 'within the SLA', () => withElapsed(answer(t), 120), passed, { slaMs: 1000 });
  add('response-time', t, 'exactly the SLA', () => withElapsed(answer(t), 1000), passed, { slaMs: 1000 });
  add('response-time', t, 'one ms over the SLA', () => withElapsed(answer(t), 1001), failed('answered in 1001 ms; --sla-ms allows 1000 ms'), { slaMs: 1000 });

  // content-coding-accepted: this tool's requests carry no Accept-Encoding unless a row adds one.
  const coded = (coding: string): HttpResponse => ({ ...answer(t), headers: { ...answer(t).headers, 'content-encoding': coding } });
  add('content-coding-accepted', t, 'reference server answer', () => answer(t), passed);
  add('content-coding-accepted', t, 'Content-Encoding: identity', () => coded('identity'), passed);
  add('content-coding-accepted', t, 'gzip, not asked for', () => coded('gzip'),
    failed('the answer is content-coded (Content-Encoding: gzip) although the request sent no Accept-Encoding: a client that did not ask reads gzip bytes as the body'));
  add('content-coding-accepted', t, 'gzip, asked for', () => coded('gzip'), passed, { requestHeaders: { 'Accept-Encoding': 'gzip, deflate' } });
  add('content-coding-accepted', t, 'br, only gzip asked for, and br refused by name', () => coded('br'),
    failed("the answer is content-coded with br (Content-Encoding: br), which the request's Accept-Encoding: gzip, br;q=0, *;q=1 does not accept"), { requestHeaders: { 'Accept-Encoding': 'gzip, br;q=0, *;q=1' } });
  add('response-time', t, 'negative case over the SLA', () => withElapsed(fromReply(asmxRejection(t)), 2500),
    failed('answered in 2500 ms; --sla-ms allows 2000 ms'), { ...INT_NON_NUMERIC, slaMs: 2000 });
  add('response-time', t, 'no --sla-ms', () => withElapsed(answer(t), 99_999), notApplicable);
  add('response-time', t, 'no --sla-ms, negative case', () => withElapsed(fromReply(asmxRejection(t)), 99_999), notApplicable, INT_NON_NUMERIC);
}

// ---- invalid requests, every transport -------------------------------------------------------------

for (const t of TRANSPORT_IDS) {
  const label = labelOf(t);
  const faultDialect = faultDialectOf(t);
  const asmxSummary = expectationOf(t, 'int-non-numeric').summary;
  const lenientSummary = expectationOf(t, 'int-non-numeric', 'lenient').summary;

  // rejects-invalid-input: only a success is a finding. Over SOAP the XSD type is the contract
  // under every profile; over GET/POST the parameter is text: an error under strict and asmx, a
  // warning under lenient (src/profiles/contract-rules.ts). Each message cites its rule.
  const accepted = (rule: string) => new RegExp(`^invalid input was accepted: HTTP 200 with a result; it breaks: ${rule}`);
  const soap = t === 'soap11' || t === 'soap12';
  const SOAP_TYPE = accepted('spec, Parameter order and types: over SOAP the SOAP types \\(xs:int, xs:dateTime, xs:boolean\\) are the contract, and XSD 1.0 Part 2');
  add('rejects-invalid-input', t, 'non-numeric int answered with a result', () => fromReply(resultReply(t, 'x')),
    failed(soap ? SOAP_TYPE : accepted('asmx profile: ASMX converts GET/POST text to the SOAP type'), 'error'), INT_NON_NUMERIC);
  add('rejects-invalid-input', t, 'non-numeric int answered with a result, lenient profile', () => fromReply(resultReply(t, 'x')),
    soap ? failed(SOAP_TYPE, 'error') : failed(accepted('spec, Transports note 3: over HTTP GET and POST every parameter "is transmitted as text"'), 'warning'), LENIENT_INT_NON_NUMERIC);
  add('rejects-invalid-input', t, 'non-numeric int answered with a result, strict profile', () => fromReply(resultReply(t, 'x')),
    failed(soap ? SOAP_TYPE : accepted('strict profile: the SOAP type held over GET/POST too'), 'error'), { scenario: 'int-non-numeric', profile: 'strict' });
  // A value XSD allows that only ASMX's parsing refuses (a boolean 1 over GET): a warning at most.
  add('rejects-invalid-input', t, 'boolean XSD allows, ASMX refuses, answered with a result', () => fromReply(resultReply(t, 'x')),
    failed(accepted('XSD 1.0 Part 2 allows this value \\(3.2.2.1: xs:boolean is \\{true, false, 1, 0\\}\\)'), 'warning'), { scenario: 'bool-asmx-only' });
  add('rejects-invalid-input', t, 'boolean XSD allows, ASMX refuses, answered with a result, lenient', () => fromReply(resultReply(t, 'x')),
    passed, { scenario: 'bool-asmx-only', profile: 'lenient' });
  add('rejects-invalid-input', t, 'non-numeric int rejected as the asmx profile expects', () => fromReply(asmxRejection(t)), passed, INT_NON_NUMERIC);
  add('rejects-invalid-input', t, 'non-numeric int rejected with HTTP 400 and no body', () => fromReply(empty(400)), passed, INT_NON_NUMERIC);
  add('rejects-invalid-input', t, 'valid request', () => answer(t), notApplicable);
  // A probe with no anchor: its refusal may be the other values' doing (issue 59); an acceptance is still a finding.
  add('rejects-invalid-input', t, 'non-numeric int rejected, no anchor', () => fromReply(asmxRejection(t)),
    failed(`inconclusive: a non-numeric value for an int parameter was refused, but ${NO_ANCHOR}`, 'info'), { ...INT_NON_NUMERIC, anchorMissing: NO_ANCHOR });
  add('rejects-invalid-input', t, 'non-numeric int answered with a result, no anchor', () => fromReply(resultReply(t, 'x')),
    failed(soap ? SOAP_TYPE : accepted('asmx profile: ASMX converts GET/POST text to the SOAP type'), 'error'), { ...INT_NON_NUMERIC, anchorMissing: NO_ANCHOR });
  // answers-in-time judges only a request that got no answer: the engine gives that verdict
  // (test/engine/hang-finding.test.ts shows it firing and silent).
  add('answers-in-time', t, 'an invalid request answered', () => fromReply(asmxRejection(t)), notApplicable, INT_NON_NUMERIC);
  add('rejects-invalid-input', t, 'authentication case', () => fromReply(resultReply(t, 'x')), notApplicable, CORRUPTED_SIG);

  // rejection-per-profile
  add('rejection-per-profile', t, 'non-numeric int rejected as the asmx profile expects', () => fromReply(asmxRejection(t)), passed, INT_NON_NUMERIC);
  add('rejection-per-profile', t, 'non-numeric int: HTTP 400, empty body', () => fromReply(empty(400)),
    failed(`expected ${asmxSummary} (asmx profile); got HTTP 400 with an empty body`), INT_NON_NUMERIC);
  add('rejection-per-profile', t, 'non-numeric int answered with a result', () => fromReply(resultReply(t, 'x')),
    failed(`expected ${asmxSummary} (asmx profile); got HTTP 200 with a result`), INT_NON_NUMERIC);
  add('rejection-per-profile', t, 'lenient: HTTP 400, empty body', () => fromReply(empty(400)), passed, LENIENT_INT_NON_NUMERIC);
  add('rejection-per-profile', t, 'lenient: a fault with HTTP 200', () => withStatus(fromReply(soapFault(faultDialect, 'client', 'boom')), 200), passed, LENIENT_INT_NON_NUMERIC);
  add('rejection-per-profile', t, 'lenient: answered with a result', () => fromReply(resultReply(t, 'x')),
    failed(`expected ${lenientSummary} (lenient profile); got HTTP 200 with a result`), LENIENT_INT_NON_NUMERIC);
  add('rejection-per-profile', t, 'valid request', () => answer(t), notApplicable);

  // error-body-readable
  add('error-body-readable', t, 'non-numeric int: SOAP fault', () => fromReply(soapFault(faultDialect, 'client', 'boom')), passed, INT_NON_NUMERIC);
  add('error-body-readable', t, 'non-numeric int: text/plain', () => fromReply(plainError(CANNOT_CONVERT)), passed, INT_NON_NUMERIC);
  add('error-body-readable', t, 'non-numeric int: empty body', () => fromReply(empty(400)), passed, INT_NON_NUMERIC);
  // A host's own web page: a warning, except as the 500 answer to a SOAP request, which SOAP's HTTP
  // binding says carries a fault.
  const soap500 = isSoap(t) ? ' (SOAP 1.1 section 6.2, SOAP 1.2 Part 2 section 7.5.2.2: a 500 answer to a SOAP request carries a fault)' : '';
  add('error-body-readable', t, 'non-numeric int: XHTML error page', () => response(HTML_ERROR_PAGE, 'text/html; charset=utf-8', 500),
    failed(`HTTP 500 answered with a text/html document with root {${XHTML}}html; a ${label} client cannot read it as an error${soap500}`, isSoap(t) ? 'error' : undefined), INT_NON_NUMERIC);
  add('error-body-readable', t, 'non-numeric int: XHTML error page with 400', () => response(HTML_ERROR_PAGE, 'text/html; charset=utf-8', 400),
    failed(`HTTP 400 answered with a text/html document with root {${XHTML}}html; a ${label} client cannot read it as an error`), INT_NON_NUMERIC);
  // The message embeds libxml2's parse error, whose wording is libxml2's.
  add('error-body-readable', t, 'non-numeric int: HTML error page that is not XML', () => response(HTML_NOT_XML, 'text/html', 500),
    failed(new RegExp(`^HTTP 500 answered with a text/html body that is not XML \\([^()]+\\(line 1, column \\d+\\)\\); a ${label.replace('.', '\\.')} client cannot read it as an error${soap500.replace(/[().]/g, '\\$&')}$`), isSoap(t) ? 'error' : undefined), INT_NON_NUMERIC);
  // The spec shows no error shape: any XML document but a web page can be read as an error.
  add('error-body-readable', t, 'non-numeric int: a bare SOAP Fault element with 400', () => response(`<soap:Fault xmlns:soap="${SOAP11_ENV}"><faultcode>soap:Client</faultcode><faultstring>bad</faultstring></soap:Fault>`, 'text/xml; charset=utf-8', 400), passed, INT_NON_NUMERIC);
  add('error-body-readable', t, 'non-numeric int: declared XML, not well-formed', () => response('<error>cut', 'text/xml; charset=utf-8', 400),
    failed(/^HTTP 400 answered with a text\/xml body that is not XML \(.*\); a .* client cannot read it as an error \(declared text\/xml, so XML 1\.0 applies\)$/, 'error'), INT_NON_NUMERIC);
  add('error-body-readable', t, 'valid request', () => answer(t), notApplicable);

  // The fault checks judge any SOAP fault, whatever the transport and the kind of case.
  const faultOf = (dialect: SoapDialect, content: string, status = 500, contentType = `${dialect.mediaType}; charset=utf-8`) =>
    response(soapEnvelope(dialect.envelopeNs, `<soap:Fault>${content}</soap:Fault>`), contentType, status);
  if (faultDialect.version === '1.1') {
    const codes = 'VersionMismatch, MustUnderstand, Client, Server in the SOAP 1.1 envelope namespace';
    add('soap-fault-shape', t, 'replies.ts client fault', () => fromReply(soapFault(soap11, 'client', 'boom')), passed);
    add('soap-fault-shape', t, 'replies.ts server fault', () => fromReply(soapFault(soap11, 'server', 'boom')), passed);
    add('soap-fault-shape', t, 'dotted fault code Client.Authentication', () => fromReply(soapFault(soap11, 'client', 'boom', 'Client.Authentication')), passed);
    add('soap-fault-shape', t, 'no faultstring', () => faultOf(soap11, '<faultcode>soap:Client</faultcode><detail/>'),
      failed('SOAP 1.1 fault: no unqualified <faultstring>'));
    add('soap-fault-shape', t, 'faultcode and faultstring in the envelope namespace', () =>
      faultOf(soap11, '<soap:faultcode>soap:Client</soap:faultcode><soap:faultstring>boom</soap:faultstring>'),
      failed('SOAP 1.1 fault: no unqualified <faultcode>; no unqualified <faultstring>'));
    add('soap-fault-shape', t, 'faultcode prefix bound to another namespace', () =>
      faultOf(soap11, '<faultcode xmlns:x="urn:other">x:Client</faultcode><faultstring>boom</faultstring>'),
      failed(`SOAP 1.1 fault: fault code "x:Client" is not one of ${codes}`));
    add('soap-fault-shape', t, 'unprefixed faultcode', () => faultOf(soap11, '<faultcode>Client</faultcode><faultstring>boom</faultstring>'),
      failed(`SOAP 1.1 fault: fault code "Client" is not one of ${codes}`));
    add('soap-fault-shape', t, 'SOAP 1.2 code Sender in a SOAP 1.1 fault', () => fromReply(soapFault(soap11, 'client', 'boom', 'Sender')),
      failed(`SOAP 1.1 fault: fault code "soap:Sender" is not one of ${codes}`));
  } else {
    const codes = 'VersionMismatch, MustUnderstand, DataEncodingUnknown, Sender, Receiver in the SOAP 1.2 envelope namespace';
    add('soap-fault-shape', t, 'replies.ts client fault', () => fromReply(soapFault(soap12, 'client', 'boom')), passed);
    add('soap-fault-shape', t, 'replies.ts server fault', () => fromReply(soapFault(soap12, 'server', 'boom')), passed);
    add('soap-fault-shape', t, 'Reason/Text without xml:lang', () =>
      faultOf(soap12, '<soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text>boom</soap:Text></soap:Reason>'),
      failed('SOAP 1.2 fault: env:Reason/env:Text without xml:lang'));
    add('soap-fault-shape', t, 'SOAP 1.1 code Client in a SOAP 1.2 fault', () => fromReply(soapFault(soap12, 'client', 'boom', 'Client')),
      failed(`SOAP 1.2 fault: fault code "soap:Client" is not one of ${codes}`));
    add('soap-fault-shape', t, 'Value prefix bound to another namespace', () =>
      faultOf(soap12, '<soap:Code><soap:Value xmlns:x="urn:other">x:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">boom</soap:Text></soap:Reason>'),
      failed(`SOAP 1.2 fault: fault code "x:Sender" is not one of ${codes}`));
    add('soap-fault-shape', t, 'SOAP 1.1 fault elements in a SOAP 1.2 envelope', () =>
      faultOf(soap12, '<faultcode>soap:Client</faultcode><faultstring>boom</faultstring>'),
      failed('SOAP 1.2 fault: no env:Code/env:Value; no env:Reason/env:Text'));
  }
  add('soap-fault-shape', t, 'not a fault', () => answer(t), skipped('not a SOAP fault'));

  // fault-status: the profile decides (asmx: 500 only).
  add('fault-status', t, 'fault with HTTP 500', () => fromReply(soapFault(faultDialect, 'client', 'boom')), passed);
  // Over SOAP the standard's HTTP binding is an error under every profile; what it allows but ASMX
  // does not is a warning. Over GET/POST no SOAP binding applies: only the profile speaks.
  const v = faultDialect.version;
  const required = v === '1.1' ? 'SOAP 1.1 section 6.2 requires 500' : 'SOAP 1.2 Part 2 section 7.5.2.2 requires 400 for env:Sender and 500 otherwise';
  const habit = (status: number, profile: string, allowed: string) =>
    failed(`a SOAP fault came with HTTP ${status}; ${isSoap(t) ? `SOAP ${v} allows it` : `over ${label} no SOAP binding applies`}, but the ${profile} profile expects ${allowed}`, 'warning');
  add('fault-status', t, 'fault with HTTP 200', () => withStatus(fromReply(soapFault(faultDialect, 'client', 'boom')), 200),
    isSoap(t) ? failed(`a SOAP ${v} fault came with HTTP 200; ${required}`) : habit(200, 'asmx', '500'));
  add('fault-status', t, 'Client/Sender fault with HTTP 400', () => withStatus(fromReply(soapFault(faultDialect, 'client', 'boom')), 400),
    isSoap(t) && v === '1.1' ? failed(`a SOAP 1.1 fault came with HTTP 400; ${required}`) : habit(400, 'asmx', '500'));
  add('fault-status', t, 'Server/Receiver fault with HTTP 400', () => withStatus(fromReply(soapFault(faultDialect, 'server', 'boom')), 400),
    isSoap(t) ? failed(`a SOAP ${v} fault came with HTTP 400; ${required}`) : habit(400, 'asmx', '500'));
  add('fault-status', t, 'lenient: Client/Sender fault with HTTP 400', () => withStatus(fromReply(soapFault(faultDialect, 'client', 'boom')), 400),
    isSoap(t) && v === '1.1' ? failed(`a SOAP 1.1 fault came with HTTP 400; ${required}`) : passed, { profile: 'lenient' });
  add('fault-status', t, 'lenient: fault with HTTP 200', () => withStatus(fromReply(soapFault(faultDialect, 'client', 'boom')), 200),
    isSoap(t) ? failed(`a SOAP ${v} fault came with HTTP 200; ${required}`) : habit(200, 'lenient', '400 or 500'), { profile: 'lenient' });
  add('fault-status', t, 'not a fault', () => withStatus(answer(t), 500), skipped('not a SOAP fault'));

  // fault-content-type: the fault's own SOAP version decides.
  const otherFaultDialect = faultDialect === soap11 ? soap12 : soap11;
  add('fault-content-type', t, `SOAP ${faultDialect.version} fault as ${faultDialect.mediaType}`, () => fromReply(soapFault(faultDialect, 'client', 'boom')), passed);
  add('fault-content-type', t, `SOAP ${otherFaultDialect.version} fault as ${otherFaultDialect.mediaType}`, () => fromReply(soapFault(otherFaultDialect, 'client', 'boom')), passed);
  add('fault-content-type', t, `SOAP ${faultDialect.version} fault as ${otherFaultDialect.mediaType}`, () =>
    withContentType(fromReply(soapFault(faultDialect, 'client', 'boom')), `${otherFaultDialect.mediaType}; charset=utf-8`),
    failed(`a SOAP ${faultDialect.version} fault came as "${otherFaultDialect.mediaType}; charset=utf-8"; expected ${faultDialect.mediaType}`));
  add('fault-content-type', t, 'fault as text/plain', () => withContentType(fromReply(soapFault(faultDialect, 'client', 'boom')), PLAIN),
    failed(`a SOAP ${faultDialect.version} fault came as "${PLAIN}"; expected ${faultDialect.mediaType}`));
  add('fault-content-type', t, 'fault without Content-Type', () => withContentType(fromReply(soapFault(faultDialect, 'client', 'boom')), undefined),
    failed(`a SOAP ${faultDialect.version} fault came as "(no Content-Type)"; expected ${faultDialect.mediaType}`));
  add('fault-content-type', t, 'not a fault', () => answer(t), skipped('not a SOAP fault'));

  // fault-code-per-profile
  add('fault-code-per-profile', t, 'non-numeric int: text/plain', () => fromReply(plainError(CANNOT_CONVERT)), skipped('not a SOAP fault'), INT_NON_NUMERIC);
  add('fault-code-per-profile', t, 'lenient: server fault', () => fromReply(soapFault(faultDialect, 'server', 'boom')),
    skipped('the lenient profile expects no particular fault code here'), LENIENT_INT_NON_NUMERIC);
  add('fault-code-per-profile', t, 'valid request', () => fromReply(soapFault(faultDialect, 'server', 'boom')), notApplicable);

  // error-message-per-profile
  add('error-message-per-profile', t, 'non-numeric int: empty body', () => fromReply(empty(400)),
    skipped('no message expectation for this kind of answer'), INT_NON_NUMERIC);
  add('error-message-per-profile', t, 'lenient: any message', () => fromReply(asmxRejection(t)),
    skipped('no message expectation for this kind of answer'), LENIENT_INT_NON_NUMERIC);
  add('error-message-per-profile', t, 'valid request', () => answer(t), notApplicable);

  // auth-enforced, only for the authentication scenarios.
  add('auth-enforced', t, 'corrupted sig answered with a result', () => fromReply(resultReply(t, 'x')),
    failed('a valid request whose sig is corrupted was accepted: HTTP 200 with a result'), CORRUPTED_SIG);
  add('auth-enforced', t, 'stale timestamp answered with a result', () => fromReply(resultReply(t, 'x')),
    failed('a valid request signed with a timestamp a day old was accepted: HTTP 200 with a result'), { scenario: 'auth-stale-timestamp' });
  add('auth-enforced', t, 'corrupted sig rejected with a fault', () => fromReply(soapFault(faultDialect, 'client', 'Invalid signature.')), passed, CORRUPTED_SIG);
  add('auth-enforced', t, 'corrupted sig rejected with HTTP 403', () => fromReply(empty(403)), passed, CORRUPTED_SIG);
  add('auth-enforced', t, 'corrupted sig refused in-band (HTTP 200, the failure pattern matches)', () => resultAnswer(t, '{"ok":false,"error":"Authentication failed"}'),
    failed('a valid request whose sig is corrupted was rejected in-band: "{"ok":false,"error":"Authentication failed"}"', 'info'), { ...CORRUPTED_SIG, failure: IN_BAND });
  add('auth-enforced', t, 'corrupted sig accepted, the answer no in-band failure', () => resultAnswer(t, '{"ok":true,"records":[]}'),
    failed('a valid request whose sig is corrupted was accepted: HTTP 200 with a result'), { ...CORRUPTED_SIG, failure: IN_BAND });
  // Nothing learned tells this target's HTTP 200 failures from its successes: no verdict of "accepted".
  add('auth-enforced', t, 'corrupted sig answered HTTP 200, failures not told from successes', () => resultAnswer(t, '<Response><Status>Denied</Status></Response>'),
    failed('inconclusive: a valid request whose sig is corrupted was answered HTTP 200 with a result, and nothing learned tells this target\'s failure answers from its successes (give --failure-pattern REGEX): "<Response><Status>Denied</Status></Response>"', 'info'), { ...CORRUPTED_SIG, failureUnknown: true });
  add('auth-enforced', t, 'corrupted sig rejected with a fault, failures not told from successes', () => fromReply(soapFault(faultDialect, 'client', 'Invalid signature.')), passed, { ...CORRUPTED_SIG, failureUnknown: true });
  add('auth-enforced', t, 'valid request', () => answer(t), notApplicable);
  add('auth-enforced', t, 'missing mobilekey rejected with a fault, no anchor', () => fromReply(soapFault(faultDialect, 'client', 'Invalid mobile key.')),
    failed(`inconclusive: a valid request without mobilekey was refused, but ${NO_ANCHOR}`, 'info'), { scenario: 'auth-missing-mobilekey', anchorMissing: NO_ANCHOR });
  add('auth-enforced', t, 'missing mobilekey refused in-band, no anchor', () => resultAnswer(t, '{"ok":false,"error":"Authentication failed"}'),
    failed(`inconclusive: a valid request without mobilekey was rejected in-band: "{"ok":false,"error":"Authentication failed"}", but ${NO_ANCHOR}`, 'info'), { scenario: 'auth-missing-mobilekey', failure: IN_BAND, anchorMissing: NO_ANCHOR });
  add('auth-enforced', t, 'wrong mobilekey accepted', () => resultAnswer(t, '{"ok":true,"id":7}'),
    failed('a valid request whose mobilekey is wrong was accepted: HTTP 200 with a result'), { scenario: 'auth-wrong-mobilekey', failure: IN_BAND });
  add('auth-enforced', t, 'wrong mobilekey rejected with a fault', () => fromReply(soapFault(faultDialect, 'client', 'Invalid mobile key.')), passed, { scenario: 'auth-wrong-mobilekey' });
  add('auth-enforced', t, 'missing mobilekey accepted, no anchor', () => resultAnswer(t, '{"ok":true,"id":7}'),
    failed('a valid request without mobilekey was accepted: HTTP 200 with a result'), { scenario: 'auth-missing-mobilekey', failure: IN_BAND, anchorMissing: NO_ANCHOR });
  add('auth-enforced', t, 'non-numeric int (not an authentication case)', () => fromReply(resultReply(t, 'x')), notApplicable, INT_NON_NUMERIC);
}

for (const t of SOAP_IDS) {
  const dialect = dialectOf(t);
  const client = `soap:${dialect.faultCodes.client}`;
  const server = `soap:${dialect.faultCodes.server}`;

  add('rejection-per-profile', t, 'non-numeric int: fault with HTTP 200', () => withStatus(fromReply(asmxRejection(t)), 200),
    failed(`expected ${expectationOf(t, 'int-non-numeric').summary} (asmx profile); got HTTP 200 SOAP ${dialect.version} fault ${client}`), INT_NON_NUMERIC);

  add('fault-code-per-profile', t, `non-numeric int: ${client}`, () => fromReply(asmxRejection(t)), passed, INT_NON_NUMERIC);
  add('fault-code-per-profile', t, `non-numeric int: ${server}`, () => fromReply(soapFault(dialect, 'server', UNABLE_TO_READ)),
    failed(`fault code is "${server}"; the asmx profile expects ${client}`), INT_NON_NUMERIC);
  add('fault-code-per-profile', t, 'non-numeric int: fault without a code', () =>
    response(soapEnvelope(dialect.envelopeNs, `<soap:Fault><faultstring>${UNABLE_TO_READ}</faultstring></soap:Fault>`), CONTENT_TYPE[t], 500),
    failed(`fault code is "(none)"; the asmx profile expects ${client}`), INT_NON_NUMERIC);

  const unableToRead = messagePatternOf(expectationOf(t, 'int-non-numeric'));
  add('error-message-per-profile', t, 'non-numeric int: "Server was unable to read request."', () => fromReply(asmxRejection(t)), passed, INT_NON_NUMERIC);
  add('error-message-per-profile', t, 'non-numeric int: the inner exception only', () =>
    fromReply(soapFault(dialect, 'client', 'Input string was not in a correct format.\r\n   at System.Number.ParseInt32(String s)')),
    failed(`message "Input string was not in a correct format." does not match ${unableToRead}`), INT_NON_NUMERIC);
}

// SOAP 1.1 only scenarios.
const soapActionFault = `Server did not recognize the value of HTTP Header SOAPAction: ${NS}/MobileNoSuchOperation.`;
add('fault-code-per-profile', 'soap11', 'unknown SOAPAction: soap:Client', () => fromReply(soapFault(soap11, 'client', soapActionFault)), passed, { scenario: 'unknown-soapaction' });
add('fault-code-per-profile', 'soap11', 'non-numeric int: dotted soap:Client.Deserialization', () =>
  fromReply(soapFault(soap11, 'client', UNABLE_TO_READ, 'Client.Deserialization')), passed, INT_NON_NUMERIC);
add('error-message-per-profile', 'soap11', 'unknown SOAPAction: ASMX message', () => fromReply(soapFault(soap11, 'client', soapActionFault)), passed, { scenario: 'unknown-soapaction' });
// Where the spec is silent (no required parameters shown; a SOAPAction or path naming no operation)
// accepting the request is a warning, under every profile.
const SPEC_SILENT = /^invalid input was accepted: HTTP 200 with a result; it breaks: the spec is silent: "Required\/optional status of each parameter: not shown"/;
add('rejects-invalid-input', 'get', 'missing parameter answered with a result', () => fromReply(resultReply('get', 'x')),
  failed(SPEC_SILENT, 'warning'), { scenario: 'missing-parameter' });
add('rejects-invalid-input', 'post', 'missing parameter answered with a result, lenient', () => fromReply(resultReply('post', 'x')),
  failed(SPEC_SILENT, 'warning'), { scenario: 'missing-parameter', profile: 'lenient' });
add('rejects-invalid-input', 'soap11', 'unknown SOAPAction answered with a result', () => fromReply(resultReply('soap11', 'x')),
  failed(SPEC_SILENT, 'warning'), { scenario: 'unknown-soapaction' });
add('rejects-invalid-input', 'get', 'unknown operation path answered with a result', () => fromReply(resultReply('get', 'x')),
  failed(SPEC_SILENT, 'warning'), { scenario: 'unknown-operation-path' });
// ASMX switches to the envelope's version and answers: the asmx expectation tolerates a success.
add('rejects-invalid-input', 'soap11', 'SOAP 1.2 envelope as SOAP 1.1, answered in SOAP 1.2', () => fromReply(soapResult(soap12, NS, op, 'x')),
  passed, { scenario: 'soap12-envelope-as-soap11' });
add('rejection-per-profile', 'soap11', 'SOAP 1.2 envelope as SOAP 1.1, answered in SOAP 1.2', () => fromReply(soapResult(soap12, NS, op, 'x')),
  passed, { scenario: 'soap12-envelope-as-soap11' });
add('rejection-per-profile', 'soap11', 'SOAP 1.2 envelope as SOAP 1.1, HTTP 415', () => fromReply(empty(415)), passed, { scenario: 'soap12-envelope-as-soap11' });
add('rejection-per-profile', 'soap12', 'SOAP 1.1 envelope as SOAP 1.2, HTTP 415', () => fromReply(empty(415)), passed, { scenario: 'soap11-envelope-as-soap12' });
// SOAP 1.2 Part 1, Appendix A: a SOAP 1.2 node may process a SOAP/1.1 message as SOAP/1.1; a SOAP
// 1.2 success to it is no such processing.
const VERSION_MISMATCH = /^invalid input was accepted: HTTP 200 with a result; it breaks: SOAP 1\.2 Part 1, Appendix A/;
for (const profile of PROFILE_IDS) {
  add('rejects-invalid-input', 'soap12', `SOAP 1.1 envelope as SOAP 1.2, answered in SOAP 1.1, ${profile}`, () => fromReply(soapResult(soap11, NS, op, 'x')),
    passed, { scenario: 'soap11-envelope-as-soap12', profile });
  add('rejects-invalid-input', 'soap12', `SOAP 1.1 envelope as SOAP 1.2, answered as a SOAP 1.2 success, ${profile}`, () => fromReply(soapResult(soap12, NS, op, 'x')),
    failed(VERSION_MISMATCH, 'error'), { scenario: 'soap11-envelope-as-soap12', profile });
}
add('rejection-per-profile', 'soap12', 'SOAP 1.1 envelope as SOAP 1.2, answered in SOAP 1.1, lenient', () => fromReply(soapResult(soap11, NS, op, 'x')),
  passed, { scenario: 'soap11-envelope-as-soap12', profile: 'lenient' });
add('rejection-per-profile', 'soap12', 'SOAP 1.1 envelope as SOAP 1.2, answered as a SOAP 1.2 success, lenient', () => fromReply(soapResult(soap12, NS, op, 'x')),
  failed(/^expected any rejection, or a SOAP 1\.1 answer \(lenient profile\); got HTTP 200 with a result$/), { scenario: 'soap11-envelope-as-soap12', profile: 'lenient' });
add('rejection-per-profile', 'soap12', 'SOAP 1.1 envelope as SOAP 1.2, SOAP 1.2 fault', () => fromReply(soapFault(soap12, 'client', 'boom')),
  failed(`expected ${expectationOf('soap12', 'soap11-envelope-as-soap12').summary} (asmx profile); got HTTP 500 SOAP 1.2 fault soap:Sender`), { scenario: 'soap11-envelope-as-soap12' });

for (const t of HTTP_IDS) {
  const missing = { scenario: 'missing-parameter' } as const;
  const missingPattern = messagePatternOf(expectationOf(t, 'missing-parameter'));
  add('rejection-per-profile', t, 'missing parameter: ASMX text/plain 500', () => fromReply(plainError(MISSING)), passed, missing);
  add('rejection-per-profile', t, 'non-numeric int: text/plain with HTTP 400', () => fromReply(plainError(CANNOT_CONVERT, 400)),
    failed(`expected ${expectationOf(t, 'int-non-numeric').summary} (asmx profile); got HTTP 400 text/plain "System.ArgumentException: Cannot convert abc to System.Int32."`), INT_NON_NUMERIC);

  // No profile expects a fault code over GET/POST (asmx answers text/plain), so the check skips.
  add('fault-code-per-profile', t, 'non-numeric int: a SOAP fault', () => fromReply(soapFault(soap11, 'server', 'boom')),
    skipped('the asmx profile expects no particular fault code here'), INT_NON_NUMERIC);

  add('error-message-per-profile', t, 'missing parameter: ASMX message', () => fromReply(plainError(MISSING)), passed, missing);
  add('error-message-per-profile', t, 'non-numeric int: ASMX message', () => fromReply(plainError(CANNOT_CONVERT)), passed, INT_NON_NUMERIC);
  add('error-message-per-profile', t, 'missing parameter: another parameter named', () =>
    fromReply(plainError('System.InvalidOperationException: Missing parameter: wrong.\r\n   at System.Web.Services.Protocols.ValueCollectionParameterReader.Read(NameValueCollection collection)\r\n')),
    failed(`message "System.InvalidOperationException: Missing parameter: wrong." does not match ${missingPattern}`), missing);

  add('auth-enforced', t, 'missing mobilekey: ASMX text/plain 500', () =>
    fromReply(plainError('System.InvalidOperationException: Missing parameter: mobilekey.\r\n')), passed, { scenario: 'auth-missing-mobilekey' });
}

// ---- the tests -------------------------------------------------------------------------------------

function exchangeOf(t: TransportId, res: HttpResponse, given: Given): Exchange {
  const transport = getTransportById(t);
  const profile = PROFILES[given.profile ?? 'asmx'];
  const sla = given.slaMs === undefined ? {} : { slaMs: given.slaMs };
  if (given.scenario === undefined) {
    const expected = expectedEcho(op, values, familyOf(t));
    const echo = given.echo && expected.ok ? { echo: expected.received } : {};
    const request = transport.encode(CTX, op, values);
    const schema = given.resultSchema ? { resultSchema: given.resultSchema } : {};
    const learned = given.learnedFormat ? { learnedFormat: given.learnedFormat } : {};
    const business = given.businessFault ? { businessFault: given.businessFault } : {};
    return { operation: op, transport, namespace: NS, request: { ...request, headers: { ...request.headers, ...given.requestHeaders } }, response: res, kind: 'positive', profile, ...sla, ...echo, ...schema, ...learned, ...business };
  }
  const c = negativeCase(given.scenario);
  if (!c.transports.includes(t)) throw new Error(`scenario ${c.scenario} is not sent over ${t}`);
  return {
    operation: op, transport, namespace: NS, request: negativeRequest(c, t, CTX, op, c.values), response: res,
    kind: 'negative', scenario: c.scenario, expectation: expectationFor(profile.id, c.scenario, t, c.param), profile, ...sla,
    ...(given.failure ? { failure: given.failure } : {}),
    ...(given.failureUnknown ? { failureUnknown: true as const } : {}),
    ...(given.anchorMissing !== undefined ? { anchorMissing: given.anchorMissing } : {}),
  };
}

const checkById = (id: string) => {
  const check = checks.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id} in the registry`);
  return check;
};

// ---- external entities ---------------------------------------------------------------------------

const XXE_MESSAGE = 'the response refers to external entity "xxe" ("file:///etc/passwd"); its content depends on a resource outside the message, which this tool never fetches';
function withExternalEntity(t: TransportId): HttpResponse {
  const text = answer(t).body.toString('utf8');
  const root = t === 'get' || t === 'post' ? 'string' : 'soap:Envelope';
  // A DOCTYPE declaring an external entity, used inside the result text.
  const poisoned = text.replace(/(<\?xml[^>]*\?>\s*)/, `$1<!DOCTYPE ${root} [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`).replace(/(Result>|<string[^>]*>)/, '$1&xxe;');
  return response(poisoned, CONTENT_TYPE[t]);
}

for (const t of TRANSPORT_IDS) {
  add('xml-no-external-entity', t, 'reference server answer', () => answer(t), passed);
  add('xml-no-external-entity', t, 'an external entity pointing at a local file', () => withExternalEntity(t), failed(XXE_MESSAGE));
}

// ---- the echo property ---------------------------------------------------------------------------

const ECHO: Given = { echo: true };
/** The reference answer with one received value changed in the echoed JSON. */
function tamperedEcho(t: TransportId): HttpResponse {
  const transport = getTransportById(t);
  const decoded = transport.decode(CTX, op, answer(t));
  const text = decoded.kind === 'result' ? decoded.text ?? '' : '';
  const echoed = JSON.parse(text) as { received: Record<string, unknown> };
  const changed = JSON.stringify({ ...echoed, received: { ...echoed.received, email: 'someone-else@example.com' } });
  return t === 'get' || t === 'post' ? fromReply(stringResult(NS, changed)) : fromReply(soapResult(getTransportById(t).dialect!, NS, op, changed));
}

for (const t of TRANSPORT_IDS) {
  add('echo-matches', t, 'reference server answer', () => answer(t), passed, ECHO);
  add('echo-matches', t, 'a value arrives changed', () => tamperedEcho(t),
    failed(`the service received other values than were sent: email: sent ${JSON.stringify(values.email)}, received "someone-else@example.com"`), ECHO);
  add('echo-matches', t, 'a result that is not the echo', () => (t === 'get' || t === 'post' ? fromReply(stringResult(NS, 'OK')) : fromReply(soapResult(getTransportById(t).dialect!, NS, op, 'OK'))),
    failed('the result is not the reference echo (not JSON): "OK"'), ECHO);
  add('echo-matches', t, 'target does not echo', () => answer(t), notApplicable);
}

// ---- result schemas (--result-schemas) -----------------------------------------------------------

const schemaDir = mkdtempSync(join(tmpdir(), 'tsiws-result-schemas-'));
writeFileSync(join(schemaDir, `${op.name}.schema.json`), JSON.stringify({
  type: 'object', required: ['operation', 'received'], additionalProperties: false,
  properties: { operation: { type: 'string' }, received: { type: 'object', required: ['repnumber', 'email'], properties: { repnumber: { type: 'number' }, email: { type: 'string' } } } },
}));
writeFileSync(join(schemaDir, `${otherOp.name}.xsd`), `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="contact"><xs:complexType><xs:sequence><xs:element name="email" type="xs:string"/><xs:element name="primary" type="xs:boolean"/></xs:sequence></xs:complexType></xs:element>
</xs:schema>`);
const resultSchemas = loadResultSchemas(schemaDir);
const JSON_SCHEMA: Given = { resultSchema: resultSchemas.get(op.name)! };
const XSD: Given = { resultSchema: resultSchemas.get(otherOp.name)! };
/** An answer of `t` whose result text is `text`. */
const resultAnswer = (t: TransportId, text: string) => (t === 'get' || t === 'post' ? fromReply(stringResult(NS, text)) : fromReply(soapResult(getTransportById(t).dialect!, NS, op, text)));
/** The reference answer with its echoed repnumber turned into a string and one key renamed. */
function retypedEcho(t: TransportId): HttpResponse {
  const decoded = getTransportById(t).decode(CTX, op, answer(t));
  const echoed = JSON.parse(decoded.kind === 'result' ? decoded.text ?? '' : '') as { received: Record<string, unknown> };
  const { email, ...rest } = echoed.received;
  return resultAnswer(t, JSON.stringify({ ...echoed, received: { ...rest, repnumber: String(rest['repnumber']), mail: email } }));
}

for (const t of TRANSPORT_IDS) {
  add('result-schema', t, 'reference server answer, JSON schema', () => answer(t), passed, JSON_SCHEMA);
  add('result-schema', t, 'a number as a string, a key renamed', () => retypedEcho(t),
    failed(`2 violations of ${join(schemaDir, `${op.name}.schema.json`)}: /received: must have required property 'email'; /received/repnumber: must be number`), JSON_SCHEMA);
  add('result-schema', t, 'a result that is not JSON', () => resultAnswer(t, 'OK'),
    failed(`1 violation of ${join(schemaDir, `${op.name}.schema.json`)}: the result is not JSON: Unexpected token 'O', "OK" is not valid JSON`), JSON_SCHEMA);
  add('result-schema', t, 'an XML result as declared, XSD', () => resultAnswer(t, '<contact><email>a@b.test</email><primary>true</primary></contact>'), passed, XSD);
  add('result-schema', t, 'an XML result with an element renamed', () => resultAnswer(t, '<contact><mail>a@b.test</mail><primary>true</primary></contact>'),
    failed(/^1 violation of .*MobileContactSearch\.xsd: line 1: Element 'mail': This element is not expected\. Expected is \( email \)\.$/), XSD);
  add('result-schema', t, 'a JSON result where XML is declared', () => answer(t), failed(/^1 violation of .*MobileContactSearch\.xsd: the result is not XML: /), XSD);
  add('result-schema', t, 'no schema for the operation', () => answer(t), notApplicable);

  // result-format-consistent, against a target whose result format the run learned.
  add('result-format-consistent', t, 'a JSON result where JSON was learned', () => resultAnswer(t, '{"ok":false,"error":"Unknown emailid 5."}'), passed, JSON_LEARNED);
  add('result-format-consistent', t, 'an XML result where XML was learned', () => resultAnswer(t, '<Result><ok>true</ok></Result>'), passed, { learnedFormat: { format: 'xml', learnedFrom: 3 } });
  add('result-format-consistent', t, 'a plain-text error where JSON was learned', () => resultAnswer(t, 'Error: Unknown emailid 5.'),
    failed('the target\'s results are JSON (learned from 23 answers), this one is not: "Error: Unknown emailid 5."'), JSON_LEARNED);
  add('result-format-consistent', t, 'an XML result where JSON was learned', () => resultAnswer(t, '<error>x</error>'),
    failed('the target\'s results are JSON (learned from 23 answers), this one is not (it is XML): "<error>x</error>"'), JSON_LEARNED);
  add('result-format-consistent', t, 'name=value text where name=value text was learned', () => resultAnswer(t, 'result=ok;count=1\naccountnumber=1001;accountname=Acme'), passed, { learnedFormat: { format: 'pairs', learnedFrom: 9 } });
  add('result-format-consistent', t, 'a plain-text error where name=value text was learned', () => resultAnswer(t, 'Error: Unknown emailid 5.'),
    failed('the target\'s results are name=value text (learned from 9 answers), this one is not: "Error: Unknown emailid 5."'), { learnedFormat: { format: 'pairs', learnedFrom: 9 } });
  add('result-format-consistent', t, 'nothing learned (an echo target)', () => resultAnswer(t, 'Error: x'), notApplicable);
  add('result-format-consistent', t, 'an invalid request', () => resultAnswer(t, 'Error: x'), notApplicable, { ...INT_NON_NUMERIC, learnedFormat: { format: 'json', learnedFrom: 23 } });
}

/** Checks that apply over a transport but can only skip there; the coverage test names why. */
const ONLY_SKIPS: Readonly<Record<string, string>> = {
  // asmx expects text/plain over GET/POST and lenient any rejection: no fault code to compare.
  'fault-code-per-profile/get': 'no profile expects a fault code over HTTP GET',
  'fault-code-per-profile/post': 'no profile expects a fault code over HTTP POST',
};

describe('checks', () => {
  test.each(rows)('$check over $transport: $name', (row) => {
    const check = checkById(row.check);
    const exchange = exchangeOf(row.transport, row.response(), row.given);
    const { expected } = row;
    if (expected.status === 'not-applicable') {
      expect(check.applies(exchange)).toBe(false);
      expect(evaluate(exchange, [check])).toEqual([]);
      return;
    }
    expect(check.applies(exchange)).toBe(true);
    const verdict = check.run(exchange);
    if (expected.status === 'failed' && expected.message instanceof RegExp) {
      expect(verdict).toStrictEqual({ status: 'failed', message: expect.stringMatching(expected.message), ...(expected.level ? { level: expected.level } : {}) });
    } else {
      expect(verdict).toStrictEqual(expected);
    }
  });

  test('the reference server answered every transport with 200 and its content type', () => {
    for (const t of TRANSPORT_IDS) {
      expect([t, answer(t).status, answer(t).headers['content-type']]).toEqual([t, 200, CONTENT_TYPE[t]]);
    }
  });

  test('the table covers exactly the checks in the registry', () => {
    expect(new Set(rows.map((r) => r.check))).toEqual(new Set(checks.map((c) => c.id)));
    expect(CHECK_IDS).toHaveLength(new Set(CHECK_IDS).size);
  });

  test('row names are unique per check and transport', () => {
    const keys = rows.map((r) => `${r.check}/${r.transport}: ${r.name}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  // Where a check can apply over a transport is found by probing it with every kind of exchange
  // sent over that transport (a valid request and each negative case, with and without --sla-ms),
  // so a check whose scope widens or narrows shows up here as a gap in the table.
  test('per check and transport: a passing and a failing row where it applies, a not-applicable row where it may not', () => {
    const gaps: string[] = [];
    for (const t of TRANSPORT_IDS) {
      const givens: Given[] = [{}, ...NEGATIVE_CASES.filter((c) => c.transports.includes(t)).map((c) => ({ scenario: c.scenario }))];
      const probes = givens.flatMap((g) => [exchangeOf(t, answer(t), g), exchangeOf(t, answer(t), { ...g, slaMs: 1000 }), exchangeOf(t, answer(t), { ...g, echo: true })]);
      for (const id of CHECK_IDS) {
        const check = checkById(id);
        const here = rows.filter((r) => r.check === id && r.transport === t);
        const statuses = new Set(here.map((r) => r.expected.status));
        const applied = new Set([...statuses].filter((s) => s !== 'not-applicable'));
        const shown = `${[...statuses].join(', ') || 'no'} rows`;
        if (probes.some((ex) => check.applies(ex))) {
          const onlySkips = ONLY_SKIPS[`${id}/${t}`];
          if (onlySkips) {
            if (applied.size !== 1 || !applied.has('skipped')) gaps.push(`${id}/${t}: only skips (${onlySkips}), yet has ${shown}`);
          } else if (!applied.has('passed') || !applied.has('failed')) {
            gaps.push(`${id}/${t}: applies, but has ${shown}`);
          }
        }
        if (probes.some((ex) => !check.applies(ex)) && !statuses.has('not-applicable')) {
          gaps.push(`${id}/${t}: may not apply, but has no not-applicable row`);
        }
      }
    }
    expect(gaps).toEqual([]);
  });
});
