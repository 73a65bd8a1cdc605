/**
 * A valid answer with a 10 MiB text node is a document, not "a text/xml body that is not XML"
 * (issue 41, item 3): libxml2 refuses such a node unless given XML_PARSE_HUGE, and the size a
 * response may have is the user's --max-response-bytes (16777216 here), not libxml2's.
 */
import { describe, expect, test } from 'vitest';
import { errorBodyReadable } from '../../src/checks/error-body-readable.js';
import type { Exchange } from '../../src/checks/types.js';
import { xmlWellFormed } from '../../src/checks/xml-well-formed.js';
import { xsdValid } from '../../src/checks/xsd-valid.js';
import { getOperation } from '../../src/contract/index.js';
import { PROFILES, expectationFor } from '../../src/profiles/expectations.js';
import { soapFault, stringResult } from '../../src/server/replies.js';
import { soap11 } from '../../src/transports/dialects.js';
import { getTransportById, type HttpResponse, type TransportId } from '../../src/transports/index.js';
import { fromReply } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const op = getOperation('MobileAccountSearch');
const MAX_RESPONSE_BYTES = 16_777_216;
// Built once: a 10 MiB text, over libxml2's 10,000,000-character limit on one text node.
const HUGE = 'h'.repeat(10 * 1024 * 1024);

function exchange(transportId: TransportId, response: HttpResponse, kind: Exchange['kind']): Exchange {
  const transport = getTransportById(transportId);
  const negative = kind === 'negative' ? { scenario: 'int-non-numeric' as const, expectation: expectationFor('asmx', 'int-non-numeric', transportId) } : {};
  return { operation: op, transport, namespace: NS, request: transport.encode({ namespace: NS }, op, {}), response, kind, profile: PROFILES.asmx, ...negative };
}

const answers: Array<[string, TransportId, HttpResponse]> = [
  ['a SOAP 1.1 fault with a 10 MiB faultstring', 'soap11', fromReply(soapFault(soap11, 'server', HUGE))],
  ['a GET <string> result of 10 MiB', 'get', fromReply(stringResult(NS, HUGE))],
  ['a POST <string> result of 10 MiB', 'post', fromReply(stringResult(NS, HUGE))],
];

describe.each(answers)('%s', (_name, transportId, response) => {
  test('fits under --max-response-bytes 16777216 and decodes whole', () => {
    expect(response.body.length).toBeLessThan(MAX_RESPONSE_BYTES);
    const decoded = getTransportById(transportId).decode({ namespace: NS }, op, response);
    if (transportId === 'soap11') expect(decoded.kind === 'fault' && decoded.reason.length).toBe(HUGE.length);
    else expect(decoded.kind === 'result' && decoded.text?.length).toBe(HUGE.length);
  });

  test('xml-well-formed and error-body-readable pass', () => {
    const ran = new Set<string>();
    for (const kind of ['positive', 'negative'] as const) {
      const ex = exchange(transportId, response, kind);
      for (const check of [xmlWellFormed, errorBodyReadable]) {
        if (!check.applies(ex)) continue;
        ran.add(check.id);
        expect(check.run(ex), `${check.id}, ${kind}`).toEqual({ status: 'passed' });
      }
    }
    expect([...ran].sort()).toEqual(['error-body-readable', 'xml-well-formed']);
  });
});

test.each(['get', 'post'] as const)('%s: the 10 MiB result validates against the XSD (libxml2 reads it again, as a document)', (transportId) => {
  expect(xsdValid.run(exchange(transportId, fromReply(stringResult(NS, HUGE)), 'positive'))).toEqual({ status: 'passed' });
});
