/** The field engine: a result text as path -> value, differences field by field, noise among answers. */
import { describe, expect, test } from 'vitest';
import { differingFields, fieldDifferences, fieldsOf, MAX_FIELDS, REST_FIELD } from '../../src/parity/fields.js';

const entries = (text: string) => [...fieldsOf(text).values];

describe('fieldsOf', () => {
  test('JSON: paths to every leaf, values as JSON', () => {
    const f = fieldsOf('{"ok":true,"records":[{"id":3041,"modified":"2024-01-01","tags":[]},{"id":"7"}],"odd key":null,"e":{}}');
    expect(f.format).toBe('json');
    expect([...f.values]).toEqual([
      ['$.ok', 'true'], ['$.records[0].id', '3041'], ['$.records[0].modified', '"2024-01-01"'], ['$.records[0].tags', '[]'],
      ['$.records[1].id', '"7"'], ["$['odd key']", 'null'], ['$.e', '{}'],
    ]);
  });

  test('XML: element paths, an index only where a name repeats, attributes, no prefixes', () => {
    const f = fieldsOf('<Result xmlns:a="urn:a" lang="en"><ok>true</ok><records>\n  <record><a:id>1</a:id></record>\n  <record><a:id>2</a:id><note> x </note></record>\n</records><empty/></Result>');
    expect(f.format).toBe('xml');
    expect([...f.values]).toEqual([
      ['/Result/@lang', 'en'], ['/Result/ok', 'true'], ['/Result/records/record[1]/id', '1'], ['/Result/records/record[2]/id', '2'],
      ['/Result/records/record[2]/note', ' x '], ['/Result/empty', ''],
    ]);
  });

  test('name=value lines and query strings, a repeated name numbered', () => {
    expect(entries('modified=2024-01-01\nid = 7\nid=8\n')).toEqual([['name:modified', '2024-01-01'], ['name:id', '7'], ['name:id[2]', '8']]);
    expect(entries('a=1&b=two')).toEqual([['name:a', '1'], ['name:b', 'two']]);
  });

  test('anything else: lines and tokens', () => {
    const f = fieldsOf('Saved 3 rows\n\nat  noon');
    expect(f.format).toBe('lines');
    expect([...f.values]).toEqual([['line 1 token 1', 'Saved'], ['line 1 token 2', '3'], ['line 1 token 3', 'rows'], ['line 3 token 1', 'at'], ['line 3 token 2', 'noon']]);
  });

  test('JSON that does not parse and XML that is not well-formed are read as lines', () => {
    expect(fieldsOf('{"ok":').format).toBe('lines');
    expect(fieldsOf('<a><b></a>').format).toBe('lines');
  });

  test('JSON nested deeper than the XML reader goes is one field there, standing for the whole text, not a stack overflow', () => {
    const deep = (leaf: number) => `${'['.repeat(5000)}${leaf}${']'.repeat(5000)}`;
    const [a, b] = [fieldsOf(deep(1)), fieldsOf(deep(2))];
    expect(a.values.size).toBe(1);
    const [path, value] = [...a.values][0]!;
    expect(path).toBe(`$${'[0]'.repeat(64)}`);
    expect(value).toMatch(/^\(nested deeper than 64 levels; text digest [0-9a-f]{16}\)$/);
    expect(fieldDifferences(a, b).map((d) => d.field)).toEqual([path]);
  });

  test('a huge text is capped at MAX_FIELDS fields, the rest stood for by one digest field', () => {
    const big = (last: number) => JSON.stringify(Array.from({ length: MAX_FIELDS + 10 }, (_, i) => (i === MAX_FIELDS + 5 ? last : i)));
    const [a, b] = [fieldsOf(big(1)), fieldsOf(big(2))];
    expect(a.capped).toBe(true);
    expect(a.values.size).toBe(MAX_FIELDS + 1);
    expect(fieldDifferences(a, b).map((d) => d.field)).toEqual([REST_FIELD]);
    expect(fieldsOf('[1,2]').capped).toBe(false);
  });
});

describe('fieldDifferences and differingFields', () => {
  test('each differing field with both values, null where absent', () => {
    const reference = fieldsOf('{"ok":true,"id":1,"gone":"x"}');
    const candidate = fieldsOf('{"ok":true,"id":2,"new":"y"}');
    expect(fieldDifferences(reference, candidate)).toEqual([
      { field: '$.id', reference: '1', candidate: '2' },
      { field: '$.gone', reference: '"x"', candidate: null },
      { field: '$.new', reference: null, candidate: '"y"' },
    ]);
    expect(fieldDifferences(reference, reference)).toEqual([]);
  });

  test('the fields that differ among several answers', () => {
    const answers = ['<R><t>1</t><v>a</v></R>', '<R><t>2</t><v>a</v></R>', '<R><t>1</t><v>a</v><x/></R>'].map(fieldsOf);
    expect(differingFields(answers)).toEqual(['/R/t', '/R/x']);
    expect(differingFields(answers.slice(0, 1))).toEqual([]);
  });
});
