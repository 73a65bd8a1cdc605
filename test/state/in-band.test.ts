/** In-band failure signatures (src/state/in-band.ts): learned from the target's failure and success
 * answers, verified on them, and none where nothing tells them apart. */
import { describe, expect, test } from 'vitest';
import { describeFailureSignature, givenFailureSignature, isInBandFailure, kindOf, learnFailureSignature, learnFailureSignatureFromRun } from '../../src/state/in-band.js';

const JSON_OK = ['{"ok":true,"records":[]}', '{"ok":true,"records":[{"accountnumber":1001,"accountname":"Acme"}]}', '{"ok":true,"id":3042}'];
const JSON_FAIL = ['{"ok":false,"error":"Unknown emailid 5"}', '{"ok":false,"error":"bad sig"}'];
const XML_OK = ['<Result><ok>true</ok><records><record><accountnumber>1001</accountnumber></record></records></Result>', '<Result><ok>true</ok><records/></Result>'];
const XML_FAIL = ['<Result><ok>false</ok><error>Unknown emailid 5</error></Result>', '<Result>\n  <ok> false </ok><error>bad sig</error></Result>'];

describe('learnFailureSignature', () => {
  test.each([
    ['the stateful reference\'s JSON', JSON_OK, JSON_FAIL, '"ok"\\s*:\\s*false', '', `"ok":false in every failure answer (2; first: '{"ok":false,"error":"Unknown emailid 5"}'), in no success answer (3)`],
    ['JSON whose failures only add a key', ['{"records":[]}'], ['{"error":"Unknown emailid 5"}', '{"error":"Unknown emailid 6","code":4}'], '"error"\\s*:', '', `"error" in every failure answer (2; first: '{"error":"Unknown emailid 5"}'), in no success answer (1)`],
    // The same message in every failure is an instance, not a marker: the key is the feature.
    ['JSON failures with a status', ['{"status":"ok","data":[]}'], ['{"status":"error","message":"Unknown emailid 5"}', '{"message":"bad sig","status":"error"}'], '"status"\\s*:\\s*"error"', '', `"status":"error" in every failure answer (2; first: '{"status":"error","message":"Unknown emailid 5"}'), in no success answer (1)`],
    ['JSON failures with one message', ['{"records":[]}'], ['{"error":"bad sig"}', '{"error":"bad sig"}'], '"error"\\s*:', '', `"error" in every failure answer (2; first: '{"error":"bad sig"}'), in no success answer (1)`],
    ['the stateful reference\'s XML', XML_OK, XML_FAIL, '', '', `<Result><ok>false</ok> (any case) in every failure answer (2; first: '<Result><ok>false</ok><error>Unknown emailid 5</error></Resu…'), in no success answer (2)`],
    ['XML failures with another root', ['<a:Result xmlns:a="urn:x"><a:records/></a:Result>'], ['<a:Error xmlns:a="urn:x">Unknown emailid 5</a:Error>'], '', '', `<Error> (any case) in every failure answer (1; first: '<a:Error xmlns:a="urn:x">Unknown emailid 5</a:Error>'), in no success answer (1)`],
    ['plain Error: texts', ['accountnumber=1001;accountname=Acme', ''], ['Error: Unknown emailid 5', '  Error: bad signature'], '^\\s*Error:', '', `'Error:' at the start in every failure answer (2; first: 'Error: Unknown emailid 5'), in no success answer (2)`],
    ['plain texts sharing a word in two cases', ['all fine'], ['that did not work: unknown id', 'Unknown ID 5'], '\\bunknown\\b', 'i', `'unknown' in every failure answer (2; first: 'that did not work: unknown id'), in no success answer (1)`],
  ])('%s', (_, successes, failures, pattern, flags, evidence) => {
    const sig = learnFailureSignature(successes, failures);
    expect(sig).toMatchObject({ pattern, flags, source: 'learned', evidence });
    expect(failures.map((t) => isInBandFailure(t, sig))).toEqual(failures.map(() => true));
    expect(successes.map((t) => isInBandFailure(t, sig))).toEqual(successes.map(() => false));
  });

  test.each([
    ['no successes', [], JSON_FAIL],
    ['no failures', JSON_OK, []],
    ['the same texts', ['OK', 'done'], ['OK']],
    ['failures with nothing in common', JSON_OK, ['{"a":1}', '<b/>', 'c']],
    // "ok":false is in a success too (nested), and every other feature is as well.
    ['a success that has the failure\'s feature', ['{"ok":false,"records":[]}'], ['{"ok":false}']],
    ['failures that are successes by every feature', ['{"ok":true,"records":[]}'], ['{"ok":true,"records":[] }']],
    // One answer's own words are no pattern ("Unknown" would be any answer that names an unknown thing).
    ['one plain-text failure', ['all fine'], ['Unknown opportunitynumber 5']],
  ])('none from %s', (_, successes, failures) => {
    expect(learnFailureSignature(successes, failures)).toBeUndefined();
  });

  test('never a pattern that matches a success, even one its features missed', () => {
    // Each failure's ok:false is top level; a success holds it nested, so that feature is refused
    // on verification and the key only failures have is chosen.
    const sig = learnFailureSignature(['{"ok":true,"records":[{"ok":false}]}'], ['{"ok":false,"error":"x"}']);
    expect(sig?.pattern).toBe('"error"\\s*:');
  });

  test('large texts: bounded work, still verified on every text', () => {
    const big = JSON.stringify({ ok: true, records: Array.from({ length: 100_000 }, (_, i) => ({ accountnumber: i, accountname: 'Acme' })) });
    const started = Date.now();
    const long = `Denied: ${'x'.repeat(5_000_000)}`;
    // The long failure is no JSON: the JSON features are not every failure's, nor is a word; of
    // three failures, two (a majority) show "ok":false, of two, both must.
    expect(learnFailureSignature([big, ...JSON_OK], [JSON_FAIL[0]!, long])).toBeUndefined();
    expect(learnFailureSignature([big, ...JSON_OK], [...JSON_FAIL, long])?.evidence).toMatch(/^"ok":false in 2 of 3 failure answers /);
    expect(learnFailureSignature([big], JSON_FAIL)?.pattern).toBe('"ok"\\s*:\\s*false');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

// A vendor's PascalCase XML (issue 49): a record deep in a success may hold the failure's words.
const PASCAL_OK = [
  '<Response><Status>OK</Status><Records><Record><SONumber>17</SONumber><Status>Error</Status></Record></Records></Response>',
  '<Response><Status>OK</Status><Records/></Response>',
];
const PASCAL_FAIL = [
  '<Response><Status>Error</Status><ErrorCode>404</ErrorCode><Message>unknown service order 17</Message></Response>',
  '<?xml version="1.0" encoding="utf-8"?>\n<Response>\n  <Status>ERROR</Status>\n  <ErrorCode>401</ErrorCode><Message>bad sig</Message>\n</Response>',
];

describe('learnFailureSignature in every result format, at any depth', () => {
  test.each([
    ['PascalCase XML, Status in any case', PASCAL_OK, PASCAL_FAIL, '<Response><Status>Error</Status> (any case)'],
    ['XML with prefixes and a Result word', ['<t:Answer xmlns:t="urn:t"><t:Result>Succeeded</t:Result><t:Items/></t:Answer>'], ['<t:Answer xmlns:t="urn:t"><t:Result>Failed</t:Result><t:Text>no such id</t:Text></t:Answer>', '<t:Answer xmlns:t="urn:t"><t:Result>Failed</t:Result><t:Text>bad sig</t:Text></t:Answer>'], '<Answer><Result>Failed</Result> (any case)'],
    ['XML attributes', ['<Result success="true"><Item id="1"/></Result>', '<Result success="true"/>'], ['<Result success="false"><Error>unknown id</Error></Result>', '<Result success="False" code="7"/>'], '<Result success="false"> (any case)'],
    ['XML whose failures only add an element deep down', ['<Envelope><Body><Items/></Body></Envelope>'], ['<Envelope><Body><Fault><Text>unknown id</Text></Fault></Body></Envelope>', '<Envelope><Body><Fault><Text>bad sig</Text></Fault></Body></Envelope>'], '<Envelope><Body><Fault> (any case)'],
    ['JSON in a wrapper, Success false', ['{"d":{"Success":true,"Items":[{"Id":1,"Success":false}]}}'], ['{"d":{"Success":false,"Message":"unknown id"}}', '{"d":{"Success":false,"Message":"bad sig"}}'], '"d"."Success": false (any case)'],
    ['JSON nested status, a record with the same status in a success', ['{"result":{"status":"ok","items":[{"status":"error"}]}}'], ['{"result":{"status":"error","message":"unknown id"}}', '{"result":{"status":"Error","message":"bad sig"}}'], '"result"."status": error (any case)'],
    ['name=value text', ['status=ok;records=2', 'status=OK'], ['status=error;message=unknown service order 17', 'Status = ERROR ; message=bad sig'], '/(?:^|[;&\\r\\n])\\s*status\\s*=\\s*error\\s*(?:$|[;&\\r\\n])/i'],
    ['name=value lines', ['result=success\nid=5'], ['result=failure\nmessage=unknown id', 'result=failure\nmessage=bad sig'], '/(?:^|[;&\\r\\n])\\s*result\\s*=\\s*failure\\s*(?:$|[;&\\r\\n])/i'],
    ['plain ERROR: texts', ['17|Acme|Boston', 'OK'], ['ERROR: unknown service order 17', 'ERROR: bad sig'], '/^\\s*ERROR:/'],
  ])('%s', (_, successes, failures, shown) => {
    const sig = learnFailureSignature(successes, failures);
    expect(sig && describeFailureSignature(sig)).toBe(shown);
    expect(failures.map((t) => isInBandFailure(t, sig))).toEqual(failures.map(() => true));
    expect(successes.map((t) => isInBandFailure(t, sig))).toEqual(successes.map(() => false));
  });

  test('a contrast that succeeded after all (a lenient delete answering OK) does not hide the others', () => {
    const failures = [...PASCAL_FAIL, '<Response><Status>OK</Status></Response>'];
    const sig = learnFailureSignature(PASCAL_OK, failures);
    expect(sig?.evidence).toBe(`<Response><Status>Error</Status> (any case) in 2 of 3 failure answers (first: '<Response><Status>Error</Status><ErrorCode>404</ErrorCode><M…'), in no success answer (2)`);
    expect(failures.map((t) => isInBandFailure(t, sig))).toEqual([true, true, false]);
  });

  test('a structural signature crosses as plain data', () => {
    const sig = learnFailureSignature(PASCAL_OK, PASCAL_FAIL)!;
    const copy = JSON.parse(JSON.stringify(sig));
    expect(copy).toEqual({ pattern: '', flags: '', structure: { kind: 'xml-path', path: ['Response', 'Status'], value: 'Error', caseInsensitive: true }, source: 'learned', evidence: expect.any(String) });
    expect([isInBandFailure(PASCAL_FAIL[1], copy), isInBandFailure(PASCAL_OK[0], copy), isInBandFailure('{"Response":{"Status":"Error"}}', copy)]).toEqual([true, false, false]);
  });
});

describe('isInBandFailure and a given pattern', () => {
  test.each([
    ['{"ok":false}', true],
    ['{"ok":true}', false],
    [null, false],
    [undefined, false],
  ])('%s', (text, failed) => {
    expect(isInBandFailure(text, givenFailureSignature('"ok"\\s*:\\s*false'))).toBe(failed);
  });

  test('a given pattern says where it came from; no signature, no failure', () => {
    expect(givenFailureSignature('^Error')).toEqual({ pattern: '^Error', flags: '', source: 'given', evidence: "--failure-pattern '^Error'" });
    expect(isInBandFailure('Error', undefined)).toBe(false);
  });

  test('a signature with the g flag answers the same every time', () => {
    const sig = { pattern: 'fail', flags: 'g', source: 'given' as const, evidence: '' };
    expect([isInBandFailure('fail', sig), isInBandFailure('fail', sig), isInBandFailure('fail', sig)]).toEqual([true, true, true]);
  });
});

// The vendor-pairs personality (src/server/stateful/render.ts): one record a line under a header.
const PAIRS_OK = ['result=ok;count=2\naccountnumber=1000001;accountname=Acme;status=error\naccountnumber=1000002;accountname=Beta', 'result=ok;count=0', 'result=ok;id=3041'];
const PAIRS_FAIL = ['result=error;code=404;message=Unknown opportunitynumber -2147480000.', 'result=error;code=404;message=Unknown sonumber -2147480000.'];

describe('learnFailureSignatureFromRun: valid answers that are themselves failures', () => {
  test.each([
    ['{"ok":false,"error":"Unknown emailid 5"}', 'json:error,ok=false'],
    ['{"records":[],"ok":true}', 'json:ok=true,records'],
    ['<Result><ok>false</ok><error>x</error><error>y</error></Result>', 'xml:Result:error,ok=false'],
    ['Error: bad sig', 'text:Error:'],
    ['[1,2]', 'text:['],
    // name=value text: the header line's names with its status words, as the JSON branch keeps them.
    ['result=ok;count=2\naccountnumber=1000001;accountname=Acme', 'pairs:count,result=ok'],
    ['result=error;code=404;message=Unknown emailid 999.', 'pairs:code,message,result=error'],
    ['Status = OK\r\nrecords=2', 'pairs:status=ok'],
    ['accountnumber=1001;accountname=Acme;completed=false', 'pairs:accountname,accountnumber,completed=false'],
  ])('kindOf(%s)', (text, kind) => {
    expect(kindOf(text)).toBe(kind);
  });

  test('answers of a failure\'s kind stand for no success; the others separate them', () => {
    const answers = [...JSON_OK, '{"ok":false,"error":"Unknown accountnumber 9"}'];
    // learnFailureSignature alone sees "ok":false in a "success" and finds nothing.
    expect(learnFailureSignature(answers, JSON_FAIL)).toBeUndefined();
    const sig = learnFailureSignatureFromRun(answers, JSON_FAIL);
    expect(sig?.pattern).toBe('"ok"\\s*:\\s*false');
    expect(answers.map((t) => isInBandFailure(t, sig))).toEqual([false, false, false, true]);
  });

  test('name=value answers: a failure is not of a success\'s kind, an empty list is', () => {
    const [ok, empty, created, failed] = [PAIRS_OK[0]!, 'result=ok;count=0', 'result=ok;id=3041', PAIRS_FAIL[0]!].map(kindOf);
    expect(failed).not.toBe(ok);
    expect([empty, created === ok]).toEqual([ok, false]);
  });

  test('name=value answers of the vendor-pairs service: result=error learned, the valid answers that failed counted', () => {
    const answers = [...PAIRS_OK, 'result=error;code=404;message=Unknown emailid 999.'];
    const sig = learnFailureSignatureFromRun(answers, PAIRS_FAIL);
    expect(sig && describeFailureSignature(sig)).toBe('/(?:^|[;&\\r\\n])\\s*result\\s*=\\s*error\\s*(?:$|[;&\\r\\n])/i');
    expect(answers.map((t) => isInBandFailure(t, sig))).toEqual([false, false, false, true]);
  });

  test('every answer of a failure\'s kind: none learned', () => {
    expect(learnFailureSignatureFromRun(JSON_FAIL, ['{"ok":false,"error":"bad sig"}'])).toBeUndefined();
  });
});
