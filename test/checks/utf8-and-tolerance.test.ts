/** Regression tests for defects found by the check table's author. */
import { describe, expect, test } from 'vitest';
import { getOperation } from '../../src/contract/index.js';
import { charsetConsistent, firstInvalidUtf8 } from '../../src/checks/charset-consistent.js';
import { rejectionPerProfile } from '../../src/checks/rejection-per-profile.js';
import type { Exchange } from '../../src/checks/types.js';
import { PROFILES, expectationFor } from '../../src/profiles/expectations.js';
import { soapFault } from '../../src/server/replies.js';
import { soap12 } from '../../src/transports/dialects.js';
import { getTransportById, type HttpResponse } from '../../src/transports/index.js';
import { bytesResponse, fromReply } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const op = getOperation('MobileAccountSearch');

function exchange(response: HttpResponse, overrides: Partial<Exchange> = {}): Exchange {
  const transport = getTransportById('soap11');
  return { operation: op, transport, namespace: NS, request: transport.encode({ namespace: NS }, op, {}), response, kind: 'positive', profile: PROFILES.asmx, ...overrides };
}

describe('firstInvalidUtf8', () => {
  test.each([
    [[0x61, 0xc3, 0x28], 1],
    [[0x61, 0xe2, 0x82, 0x3c], 1],
    [[0x61, 0xc3], 1],
    [[0xed, 0xa0, 0x80], 0], // an encoded surrogate
    [[0xc0, 0xaf], 0], // overlong
    [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
    [[...Buffer.from('café 😀')], -1],
  ])('%j -> %i', (bytes, offset) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(offset);
  });

  test('charset-consistent names the byte that starts the bad sequence', () => {
    const body = Buffer.concat([Buffer.from(`<?xml version="1.0" encoding="utf-8"?><string xmlns="${NS}">a`), Buffer.from([0xc3, 0x28]), Buffer.from('</string>')]);
    const verdict = charsetConsistent.run(exchange(bytesResponse(body, 'text/xml; charset=utf-8', 200)));
    expect(verdict).toEqual({ status: 'failed', message: `body is not valid UTF-8 (first bad byte 0xc3 at offset ${body.indexOf(0xc3)}) although the response declares charset=utf-8` });
  });

  test('a BOM before the declaration does not hide its encoding', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`<?xml version="1.0" encoding="utf-8"?><string xmlns="${NS}">a</string>`)]);
    const verdict = charsetConsistent.run(exchange(bytesResponse(body, 'text/xml; charset=iso-8859-1', 200)));
    expect(verdict).toEqual({ status: 'failed', message: 'Content-Type says charset=iso-8859-1 but the XML declaration says encoding="utf-8"' });
  });
});

test('asmx: a SOAP 1.2 envelope sent as text/xml may be answered with a SOAP 1.2 fault', () => {
  const expectation = expectationFor('asmx', 'soap12-envelope-as-soap11', 'soap11');
  const response = fromReply(soapFault(soap12, 'client', 'Server was unable to read request.'));
  const verdict = rejectionPerProfile.run(exchange(response, { kind: 'negative', scenario: 'soap12-envelope-as-soap11', expectation }));
  expect(verdict).toEqual({ status: 'passed' });
});
