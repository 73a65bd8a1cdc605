/**
 * reports/tsiws.postman_collection.json (issue 40, part 1): the failing exchanges (every exchange
 * with --export-all) as a Postman collection v2.1, so a vendor re-sends a finding in Postman or
 * `newman run` without this tool. Pure: the records in, the file's text out (write.ts writes it).
 *
 * Built with Postman's own SDK, `postman-collection` (a runtime dependency for this file only):
 * its Collection model is what Postman and newman read, so what it serialises is the v2.1 shape
 * they expect, not our reading of the schema.
 *
 * Each request is the record's shown request (method, URL, headers and body as sent, secrets as the
 * spec's placeholders, results/record.ts); each placeholder becomes a collection variable declared
 * empty, never a value, and the scheme and host become {{baseUrl}} so the collection can be
 * pointed at another target.
 *
 * Each request's tests assert, in Postman's sandbox, the contract point of each check the exchange
 * failed (the XML ones in postman-xsd.ts, postman-structure.ts and postman-fault.ts); a check with
 * no assertion there is a skipped test that says why (postman-unasserted.ts), so the collection
 * passes against a conforming target and fails the exchanges the run failed.
 */
import { createRequire } from 'node:module';
import type sdkType from 'postman-collection';
import { findOperation, resultElementName, responseElementName, SECRET_PLACEHOLDERS, type Operation, type TransportId } from '../../contract/index.js';
import { findingsOf } from '../../results/findings.js';
import { failsRun, type FailOn } from '../../results/levels.js';
import type { ExchangeRecord } from '../../results/record.js';
import { getTransportById } from '../../transports/index.js';
import { DEFAULTS } from '../../config/settings.js';
import { PROFILES } from '../../profiles/expectations.js';
import type { Profile, ProfileId } from '../../profiles/types.js';
import { failingExchanges } from './har.js';
import { faultContentTypeTest, faultStatusTest, soapFaultShapeTest, soapNoDtdOrPiTest } from './postman-fault.js';
import { httpStringRootTest, resultPlaceTest, soapBodySingleChildTest, soapEnvelopeVersionTest } from './postman-structure.js';
import { sandboxXmlTest } from './postman-sandbox.js';
import { notAssertedWhy } from './postman-unasserted.js';
import { xsdAssertionOf, xsdValidTest } from './postman-xsd.js';
import type { RunInfo } from '../digest/summary.js';

export const POSTMAN_FILE = 'tsiws.postman_collection.json';

// Postman's SDK (and the faker it loads) is required only when a collection is written: importing
// it with the reports was 0.13 s of every run's start-up, which writes none when nothing fails
// (CPU profile of the bench's run, issue 52).
let sdk: typeof sdkType | undefined;
const postmanSdk = (): typeof sdkType => (sdk ??= createRequire(import.meta.url)('postman-collection') as typeof sdkType);

const BASE_URL = 'baseUrl';

/** Exchanges the collection holds: sent ones (not parity or reference comparisons, not skipped). */
/** The ?WSDL fetch is left out: it is no operation's request, and failures.har holds it. */
export const exportedExchanges = (records: readonly ExchangeRecord[], failOn: FailOn, all: boolean): ExchangeRecord[] =>
  (all ? records.filter((r) => r.kind !== 'parity' && r.kind !== 'reference' && !r.skipped) : failingExchanges(records, failOn)).filter((r) => r.transport !== 'wsdl');

/** Placeholders of the shown request replaced by Postman variables of the parameter's name. */
function withVariables(text: string): string {
  let out = text;
  for (const [name, placeholder] of Object.entries(SECRET_PLACEHOLDERS)) {
    // As shown in a query or form (percent-encoded), in an XML body (escaped) or as it is.
    const forms = [encodeURIComponent(placeholder), placeholder.replace('<', '&lt;').replace('>', '&gt;'), placeholder];
    for (const form of forms) out = out.split(form).join(`{{${name}}}`);
  }
  return out;
}

/** The URL with its origin as {{baseUrl}}; one that does not parse is kept whole. */
function urlWithBase(url: string): string {
  try {
    const origin = new URL(url).origin;
    return withVariables(`{{${BASE_URL}}}${url.slice(origin.length)}`);
  } catch {
    return withVariables(url);
  }
}

const js = (value: string): string => JSON.stringify(value);

/** pm.test lines asserting the contract point each failed check stands for. */
function testLines(record: ExchangeRecord, failOn: FailOn, namespace: string, profile: Profile): string[] {
  if (record.error) return [`pm.test(${js(`answers (this run got ${record.error.code})`)}, function () { pm.expect(pm.response.code).to.be.above(0); });`];
  // A record of an operation the contract does not name (an older run's, merged) still names its elements.
  const op = findOperation(record.operation) ?? ({ name: record.operation } as Operation);
  const failed = record.checks.filter((c) => findingsOf({ ...record, checks: [c] }, failOn).length > 0);
  // --export-all: a passing exchange's test pins the status the run judged conforming (a negative
  // case may be accepted where its profile allows it, so no one status fits them all).
  if (failed.length === 0) {
    const status = record.response?.status ?? 200;
    return [`pm.test(${js(`status is ${status}, as in the run`)}, function () { pm.response.to.have.status(${status}); });`];
  }
  const transport = getTransportById(record.transport as TransportId);
  const envelopeNs = transport.dialect?.envelopeNs;
  return failed.map((c) => c.id).map((id) => {
    const message = failed.find((c) => c.id === id)?.message ?? '';
    switch (id) {
      case 'http-status-200':
        return `pm.test('http-status-200: status is 200', function () { pm.response.to.have.status(200); });`;
      case 'content-type': {
        const want = transport.responseContentType;
        return `pm.test(${js(`content-type: ${want.mediaType}; charset=${want.charset}`)}, function () { var ct = (pm.response.headers.get('Content-Type') || '').toLowerCase(); pm.expect(ct).to.include(${js(want.mediaType)}); pm.expect(ct).to.include(${js(`charset=${want.charset}`)}); });`;
      }
      case 'not-a-fault':
      case 'soap-response-element': {
        // SOAP: <OpResponse> holding <OpResult> in the Body (spec, Response shapes 1); GET and
        // POST: a <string> document (Response shapes 2).
        return resultPlaceTest(id, envelopeNs ? { envelopeNs, namespace, response: responseElementName(op), result: resultElementName(op) } : { namespace, root: 'string' });
      }
      case 'xml-well-formed':
        // The sandbox's XML parser (strict sax, under xml2js) refuses what is not well-formed.
        return sandboxXmlTest('xml-well-formed: the body is a well-formed XML document', {}, '');
      case 'rejects-invalid-input':
        return `pm.test('rejects-invalid-input: status is not 200 or the body is a fault', function () { var t = pm.response.text(); pm.expect(pm.response.code !== 200 || /<([A-Za-z_][\\w.-]*:)?Fault[\\s>]/.test(t)).to.be.true; });`;
      case 'soap-envelope-version':
        return soapEnvelopeVersionTest(envelopeNs ?? '');
      case 'soap-body-single-child':
        return soapBodySingleChildTest();
      case 'http-string-root':
        return httpStringRootTest(namespace);
      case 'xsd-valid':
        return xsdValidTest(xsdAssertionOf(op, namespace, envelopeNs));
      case 'fault-status':
        // The profile's statuses are a warning (checks/fault-status.ts): asserted only when the
        // run's --fail-on counts warnings, so the test fails where the run's finding does.
        return faultStatusTest(envelopeNs !== undefined, failsRun('warning', failOn) ? profile : undefined);
      case 'fault-content-type':
        return faultContentTypeTest();
      case 'soap-fault-shape':
        return soapFaultShapeTest();
      case 'soap-no-dtd-or-pi':
        return soapNoDtdOrPiTest();
      default:
        // A check with no assertion here is listed as skipped (newman counts it neither passed nor
        // failed): a test that always fails would fail against a conforming server too.
        return `pm.test.skip(${js(`${id}: ${notAssertedWhy(id)}; see report.html (the run: ${message})`)}, function () {});`;
    }
  });
}

function item(record: ExchangeRecord, failOn: FailOn, namespace: string, profile: Profile) {
  const { request } = record;
  const contentType = Object.entries(request.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const form = contentType.toLowerCase().startsWith('application/x-www-form-urlencoded');
  const body = request.body === undefined ? undefined
    : form ? { mode: 'urlencoded', urlencoded: [...new URLSearchParams(request.body)].map(([key, value]) => ({ key, value: withVariables(value) })) }
    : { mode: 'raw', raw: withVariables(request.body) };
  return {
    name: `${record.transport} ${record.caseId}`,
    request: {
      method: request.method,
      url: urlWithBase(request.url),
      header: Object.entries(request.headers).map(([key, value]) => ({ key, value: withVariables(value) })),
      ...(body ? { body } : {}),
      description: findingsOf(record, failOn).join('\n') || 'passed in the run',
    },
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: testLines(record, failOn, namespace, profile) } }],
  };
}

/** The collection's text: one folder per operation, in the records' (report) order. */
export function postmanCollection(records: readonly ExchangeRecord[], run: RunInfo, failOn: FailOn, all = false): string {
  const folders = new Map<string, ReturnType<typeof item>[]>();
  // The run's --profile, as recorded (so merge-reports exports as the run judged).
  const profile = PROFILES[run.configuration['profile'] as ProfileId] ?? PROFILES[DEFAULTS.profile];
  for (const r of exportedExchanges(records, failOn, all)) {
    const items = folders.get(r.operation) ?? [];
    items.push(item(r, failOn, run.namespace, profile));
    folders.set(r.operation, items);
  }
  const origin = (() => { try { return new URL(run.target).origin; } catch { return ''; } })();
  const collection = new (postmanSdk().Collection)({
    info: { name: `tsiws ${all ? 'exchanges' : 'failing exchanges'} against ${run.target}`, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable: [{ key: BASE_URL, value: origin, type: 'string' }, ...Object.keys(SECRET_PLACEHOLDERS).map((key) => ({ key, value: '', type: 'string' }))],
    item: [...folders].map(([name, items]) => ({ name, item: items })),
  });
  return `${JSON.stringify(collection.toJSON(), null, 2)}\n`;
}
