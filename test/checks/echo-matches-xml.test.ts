/**
 * echo-matches when the reference server writes its results as XML documents in text
 * (--result-format xml): it passes on the server's own answers over every transport, values exact
 * (white space, CR/LF, markup characters, null versus ""), and fires on an XML echo whose element
 * text, element set or root differs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectedEcho, familyOf } from '../../src/asmx/echo.js';
import { echoMatches } from '../../src/checks/echo-matches.js';
import type { Exchange } from '../../src/checks/types.js';
import { getOperation } from '../../src/contract/index.js';
import { PROFILES } from '../../src/profiles/expectations.js';
import { soapResult, stringResult } from '../../src/server/replies.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById, TRANSPORT_IDS, type HttpResponse, type TransportId } from '../../src/transports/index.js';
import { fromReply, send } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const op = getOperation('MobileContactEmailCreate');
const values = {
  accountnumber: ' 12 ', contactnumber: '-34', email: '  <a&b>\r\n"q"\t\u00e9\u{1F600} ', primary: 'true',
  repnumber: '7', timestamp: 'T', sig: 'SIG', mobilekey: 'KEY',
};

let server: ReferenceServer;
const answers = new Map<TransportId, HttpResponse>();
beforeAll(async () => {
  server = await startReferenceServer({ resultFormat: 'xml' });
  for (const t of TRANSPORT_IDS) answers.set(t, await send(server.url, getTransportById(t).encode({ namespace: NS }, op, values)));
});
afterAll(() => server.close());

function exchange(t: TransportId, response: HttpResponse, sent: Record<string, string> = values): Exchange {
  const expected = expectedEcho(op, sent, familyOf(t));
  if (!expected.ok) throw new Error('the values are valid');
  const transport = getTransportById(t);
  return { operation: op, transport, namespace: NS, request: transport.encode({ namespace: NS }, op, sent), response, kind: 'positive', profile: PROFILES.asmx, echo: expected.received, resultFormat: 'xml' };
}

/** A success answer over `t` whose result text is `text`. */
const withResult = (t: TransportId, text: string) => fromReply(t === 'get' || t === 'post' ? stringResult(NS, text) : soapResult(getTransportById(t).dialect!, NS, op, text));
const resultOf = (t: TransportId) => {
  const decoded = getTransportById(t).decode({ namespace: NS }, op, answers.get(t)!);
  return decoded.kind === 'result' ? decoded.text ?? '' : '';
};

describe.each(TRANSPORT_IDS)('echo-matches, XML results, %s', (t) => {
  test('the server answers an XML document with the typed values as XmlSerializer writes them', () => {
    expect(resultOf(t)).toMatch(/^<EchoResult xmlns:xsi="http:\/\/www.w3.org\/2001\/XMLSchema-instance"><operation>MobileContactEmailCreate<\/operation><received><accountnumber>12<\/accountnumber><contactnumber>-34<\/contactnumber>/);
    expect(resultOf(t)).toContain('<primary>true</primary>');
    expect(echoMatches.run(exchange(t, answers.get(t)!))).toEqual({ status: 'passed' });
  });

  test('a boolean written the .NET ToString way ("True") fails', () => {
    const text = resultOf(t).replace('<primary>true</primary>', '<primary>True</primary>');
    expect(echoMatches.run(exchange(t, withResult(t, text)))).toEqual({ status: 'failed', message: 'the service received other values than were sent: primary: sent "true", received "True"' });
  });

  test('a missing element fails', () => {
    const text = resultOf(t).replace(/<contactnumber>[^<]*<\/contactnumber>/, '');
    expect(echoMatches.run(exchange(t, withResult(t, text)))).toEqual({ status: 'failed', message: 'the service received other values than were sent: contactnumber: sent "-34", received undefined' });
  });

  test('an empty string where null was received fails (xsi:nil keeps them apart)', () => {
    const { email: _, ...withoutEmail } = values;
    const sent = t === 'get' || t === 'post' ? { ...values, email: '' } : withoutEmail; // SOAP: absent element is null
    const wanted = expectedEcho(op, sent, familyOf(t));
    const email = wanted.ok ? wanted.received['email'] : undefined;
    const text = resultOf(t).replace(/<email>[^<]*<\/email>/, email === null ? '<email></email>' : '<email xsi:nil="true"></email>');
    expect(echoMatches.run(exchange(t, withResult(t, text), sent))).toEqual({ status: 'failed', message: `the service received other values than were sent: email: sent ${JSON.stringify(email)}, received ${JSON.stringify(email === null ? '' : null)}` });
  });

  test('a JSON echo, or another root, is not the XML echo', () => {
    expect(echoMatches.run(exchange(t, withResult(t, '{"operation":"MobileContactEmailCreate","received":{}}')))).toMatchObject({ status: 'failed', message: /^the result is not the reference echo \(not XML\)/ });
    expect(echoMatches.run(exchange(t, withResult(t, '<Result><received/></Result>')))).toMatchObject({ status: 'failed', message: /^the result is not the reference echo \(no <EchoResult> root element\)/ });
  });
});
