/** Values learned from result texts (src/state/learn.ts): JSON, XML and name=value records, nested
 * records, the create id mapping, names in any case, and hostile input that must not throw. */
import { describe, expect, test } from 'vitest';
import { CREATE_ID_PARAM, idParams, isPairsText, MAX_RECORDS, POOL_PARAMS, recordsOf } from '../../src/state/learn.js';

const STATEFUL_JSON = '{"ok":true,"records":[{"accountnumber":1001,"accountname":"Acme","emails":[{"emailid":3001,"email":"a@b.c","primary":true}]}]}';
const STATEFUL_XML = '<Result><ok>true</ok><records><record><accountnumber>1001</accountnumber><accountname>Acme</accountname>'
  + '<emails><email><emailid>3001</emailid><email>a@b.c</email><primary>true</primary></email></emails></record></records></Result>';

describe('recordsOf', () => {
  test.each([
    ['JSON, nested e-mails as records of their own', 'MobileContactSearch', STATEFUL_JSON, [
      { accountnumber: '1001', accountname: 'Acme' }, { emailid: '3001', email: 'a@b.c', primary: 'true' },
    ]],
    ['XML in the result text, the same records', 'MobileContactSearch', STATEFUL_XML, [
      { accountnumber: '1001', accountname: 'Acme' }, { emailid: '3001', email: 'a@b.c', primary: 'true' },
    ]],
    ['a JSON array at the root, fields that are no parameter left out', 'MobileAccountSearch', '[{"accountnumber":1,"colour":"red"},{"accountnumber":2,"ok":true}]', [
      { accountnumber: '1' }, { accountnumber: '2' },
    ]],
    ['names in any case, as the parameter is named', 'MobileAccountSearch', '{"AccountNumber":"1001","ACCOUNTNAME":"Acme"}', [{ accountnumber: '1001', accountname: 'Acme' }]],
    ['XML: prefixes dropped, attributes are fields, the five entities read', 'MobileAccountSearch',
      '<?xml version="1.0"?><a:r xmlns:a="urn:x"><a:account sonumber="7"><a:AccountName>A &amp; B &lt;C&gt;</a:AccountName></a:account></a:r>',
      [{ sonumber: '7', accountname: 'A & B <C>' }]],
    ['XML: a leaf with attributes is also a record', 'MobileContactSearch', '<r><contactnumber>2</contactnumber><email emailid="3">x@y</email></r>', [
      { contactnumber: '2', email: 'x@y' }, { emailid: '3' },
    ]],
    ['name=value pairs split by ;', 'MobileAccountSearch', 'accountnumber=1001;accountname=Acme', [{ accountnumber: '1001', accountname: 'Acme' }]],
    ['name=value, one record a line', 'MobileAccountSearch', 'accountnumber=1001;accountname=Acme\r\naccountnumber=1002;accountname=Beta', [
      { accountnumber: '1001', accountname: 'Acme' }, { accountnumber: '1002', accountname: 'Beta' },
    ]],
    ['name=value, one pair a line: a name seen again starts the next record', 'MobileAccountSearch', 'accountnumber = 1001\naccountname=Acme\naccountnumber=1002\n', [
      { accountnumber: '1001', accountname: 'Acme' }, { accountnumber: '1002' },
    ]],
    ['values that are no reusable value: null, empty, objects', 'MobileAccountSearch', '{"accountnumber":null,"accountname":"  ","sonumber":{"x":1},"city":"Oslo"}', [{ city: 'Oslo' }]],
    ['the first value of a name in one object wins (XML repeats)', 'MobileAccountSearch', '<r><sonumber>1</sonumber><sonumber>2</sonumber></r>', [{ sonumber: '1' }]],
    // Values as written (a sequence compares a stored value with what it sent): white space at both
    // ends kept; only the key's spaces, a padding space after `=` as before it, and CR go.
    ['name=value under a header, white space kept at both ends of a value', 'MobileAccountSearch',
      'result=ok;count=1\r\naccountnumber=1000011;accountname= tsiws Müller ;city=Oslo \r\n', [{ accountnumber: '1000011', accountname: ' tsiws Müller ', city: 'Oslo ' }]],
    ['name = value padded: the padding goes, a space beyond it stays', 'MobileAccountSearch', '  accountnumber = 1001\naccountname =  Acme', [{ accountnumber: '1001', accountname: ' Acme' }]],
    // The writer's documented escapes (src/server/stateful/render.ts): "%", ";", "=", CR, LF.
    ['name=value escapes read, in one pass; other %XX kept', 'MobileAccountSearch', 'accountname=A%3BB%3dC%25D%0D%0AE;city=50%25 %253B;email=x%20y', [
      { accountname: 'A;B=C%D\r\nE', city: '50% %3B', email: 'x%20y' },
    ]],
    ['JSON and XML values: white space and %XX as written', 'MobileAccountSearch', '{"accountname":" Acme%3B ","city":"a%25"}', [{ accountname: ' Acme%3B ', city: 'a%25' }]],
    ['XML: the same', 'MobileAccountSearch', '<r><accountname> Acme%3B </accountname></r>', [{ accountname: ' Acme%3B ' }]],
    // A nested list (name=a:1,b:2|a:3,b:4) is a list of records inside the line's record, as a JSON
    // array in an object is; "|", "," and ":" escaped inside it. The value is also kept as written.
    ['name=value nested list: records of their own', 'MobileServiceOrderList', 'sonumber=12;emails=email:a%3Ab@c.d,city:X%2CY|email:e@f.g', [
      { sonumber: '12' }, { email: 'a:b@c.d', city: 'X,Y' }, { email: 'e@f.g' },
    ]],
    ['name=value: text with colons that is no nested list stays text', 'MobileAccountSearch', 'city=Oslo: 12:30, west;accountname=a:b c', [
      { city: 'Oslo: 12:30, west', accountname: 'a:b c' },
    ]],
    ['plain text with no pairs', 'MobileAccountSearch', 'Error: Unknown emailid 5', []],
    ['authentication fields are not learned', 'MobileAccountSearch', '{"repnumber":1,"sig":"s","mobilekey":"k","timestamp":"t"}', []],
  ])('%s', (_, op, text, fields) => {
    expect(recordsOf(op, text)).toEqual(fields.map((f) => ({ from: op, fields: f })));
  });

  test.each([
    ['MobileContactEmailCreate', '{"ok":true,"id":3042}', [{ emailid: '3042' }]],
    ['MobileTimeLogCreate', '<Result><ok>true</ok><id>77</id></Result>', [{ sologkeyid: '77' }]],
    ['MobileContactEmailCreate', 'ok=true;id=3042', [{ emailid: '3042' }]],
    // The id is named by no parameter: kept out of the pool.
    ['MobileDocumentUpload', '{"ok":true,"id":9}', []],
    // Only the answer's own id: a nested one is some other record's.
    ['MobileContactEmailCreate', '{"ok":true,"record":{"id":5,"email":"a@b.c"}}', [{ email: 'a@b.c' }]],
    // An id of another operation's answer is no parameter's.
    ['MobileAccountSearch', '{"id":5,"accountnumber":1}', [{ accountnumber: '1' }]],
    // A named emailid wins over the id.
    ['MobileContactEmailCreate', '{"id":1,"emailid":2}', [{ emailid: '2' }]],
    // A vendor's spelling of the new row's identity, at the root (issue 49).
    ['MobileContactEmailCreate', '<Response><Status>OK</Status><NewID>520046</NewID></Response>', [{ status: 'OK', emailid: '520046' }]],
    ['MobileTimeLogCreate', '{"success":true,"created_id":12}', [{ sologkeyid: '12' }]],
    ['MobileContactEmailCreate', 'result=ok;InsertedId=7', [{ emailid: '7' }]],
    // Another id-like name is no new id: a paging id, an answer's own id.
    ['MobileContactEmailCreate', '{"ok":true,"pageid":3,"answerId":"9c1e"}', []],
  ])('the id of %s: %s', (op, text, fields) => {
    expect(recordsOf(op, text)).toEqual(fields.map((f) => ({ from: op, fields: f })));
  });

  test('the create table names parameters of the contract, and identifiers are parameters', () => {
    expect(CREATE_ID_PARAM).toEqual({ MobileContactEmailCreate: 'emailid', MobileTimeLogCreate: 'sologkeyid' });
    expect(idParams.filter((p) => !POOL_PARAMS.has(p))).toEqual([]);
    expect(POOL_PARAMS.has('repnumber') || POOL_PARAMS.has('sig')).toBe(false);
  });

  test.each([
    ['invalid JSON', '{"accountnumber":1001,'],
    ['not well-formed XML', '<r><accountnumber>1</r>'],
    ['JSON nested 200,000 deep', '['.repeat(200_000) + ']'.repeat(200_000)],
    ['XML nested 100,000 deep', '<a>'.repeat(100_000) + '</a>'.repeat(100_000)],
    ['a DOCTYPE with entities', '<!DOCTYPE r [<!ENTITY x "1001">]><r><accountnumber>&x;</accountnumber></r>'],
    ['a lone surrogate and NULs', '\ud800\u0000accountnumber=\u0000'],
  ])('%s gives no record and does not throw', (_, text) => {
    expect(recordsOf('MobileAccountSearch', text)).toEqual([]);
  });

  test('JSON nested deeper than MAX_DEPTH gives the records above it', () => {
    const text = '{"accountnumber":1,"x":'.repeat(100) + '{}' + '}'.repeat(100);
    expect(recordsOf('MobileAccountSearch', text)).toHaveLength(65);
  });

  test('a 10 MB answer gives at most MAX_RECORDS records, in time', () => {
    const text = JSON.stringify({ records: Array.from({ length: 200_000 }, (_, i) => ({ accountnumber: i, accountname: 'x'.repeat(20) })) });
    expect(text.length).toBeGreaterThan(10_000_000);
    const started = Date.now();
    const records = recordsOf('MobileAccountSearch', text);
    expect([records.length, records[499]]).toEqual([MAX_RECORDS, { from: 'MobileAccountSearch', fields: { accountnumber: '499', accountname: 'x'.repeat(20) } }]);
    expect(Date.now() - started).toBeLessThan(5_000);
    // XML of that size is not parsed at all (MAX_XML_CHARS), and name=value text is capped too.
    expect(recordsOf('MobileAccountSearch', `<r>${'<accountnumber>1</accountnumber>'.repeat(400_000)}</r>`)).toEqual([]);
    expect(recordsOf('MobileAccountSearch', 'accountnumber=1\n'.repeat(700_000))).toHaveLength(MAX_RECORDS);
  });
});

describe('isPairsText', () => {
  test('name=value text throughout, and nothing else', () => {
    expect(isPairsText('result=ok;count=1\r\naccountnumber=1001;accountname=A b\n')).toBe(true);
    expect(isPairsText('result=error;code=404;message=Unknown sonumber 17.')).toBe(true);
    for (const text of ['Error: Unknown emailid 5.', '{"ok":true}', '<Result/>', '', 'result=ok\nplain line']) expect(isPairsText(text)).toBe(false);
  });
});
