/** Result shapes (src/shapes): learned from results, written as schemas that accept what they were
 * learned from and refuse a changed shape, and compared for drift. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadResultSchemas } from '../../src/checks/load-result-schemas.js';
import { describeChange, shapeDrift } from '../../src/shapes/drift.js';
import { ShapeLearner } from '../../src/shapes/learn.js';
import { schemaFile } from '../../src/shapes/render.js';
import { parseResult, shapeOf, type ResultShape } from '../../src/shapes/shape.js';
import { resultShapeDrift } from '../../src/regression/compare.js';

const shape = (text: string): ResultShape => {
  const parsed = parseResult(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return shapeOf(parsed);
};

/** Learns one operation's shape from `texts` and loads the schema it writes, as --result-schemas would. */
function learnedSchema(operation: string, texts: readonly string[]) {
  const learner = new ShapeLearner();
  for (const t of texts) learner.add(operation, t);
  const [learned] = learner.results();
  const file = schemaFile(operation, learned!.shape!, learned!.learnedFrom);
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-shapes-'));
  writeFileSync(join(dir, file.name), file.text);
  return { learned: learned!, file, schema: loadResultSchemas(dir).get(operation)! };
}

describe('JSON results', () => {
  const results = [
    '{"operation":"MobileTasksList","received":{"repnumber":1,"priority":"high","done":true,"tags":["a","b"],"note":null}}',
    '{"operation":"MobileTasksList","received":{"repnumber":2,"priority":"low","done":false,"tags":[],"note":"x","extra":1.5}}',
  ];
  const { learned, file, schema } = learnedSchema('MobileTasksList', results);

  test('learns keys, nesting, arrays, types and which keys were always present', () => {
    expect(learned).toMatchObject({ operation: 'MobileTasksList', learnedFrom: 2, unread: 0 });
    expect(file.name).toBe('MobileTasksList.schema.json');
    const written = JSON.parse(file.text);
    expect(written.properties.received).toEqual({
      type: 'object',
      properties: {
        repnumber: { type: 'number' }, priority: { type: 'string' }, done: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } }, note: { type: ['null', 'string'] }, extra: { type: 'number' },
      },
      required: ['repnumber', 'priority', 'done', 'tags', 'note'],
      additionalProperties: false,
    });
    expect(written.description).toBe('Result of MobileTasksList, learned by tsiws-conform shapes infer from 2 results; review before committing.');
  });

  test('the schema accepts what it was learned from and refuses a changed shape, with paths', () => {
    for (const r of results) expect(schema.validate(r)).toEqual([]);
    expect(schema.validate('{"operation":"MobileTasksList","received":{"repnumber":"1","prio":"high","done":true,"tags":[3],"note":null}}')).toEqual([
      "/received: must have required property 'priority'",
      '/received: must NOT have additional properties "prio"',
      '/received/repnumber: must be number',
      '/received/tags/0: must be string',
    ]);
    expect(schema.validate('not json')).toEqual([expect.stringMatching(/^the result is not JSON: /)]);
  });
});

describe('XML results', () => {
  const results = [
    '<tasks xmlns="urn:t"><task id="1"><name>a</name><due>2024-01-01</due><count>3</count><done>true</done></task><task id="2"><name>b</name><count>4.5</count><done>false</done></task></tasks>',
    '<tasks xmlns="urn:t"><task id="3"><name>c</name><count>0</count><done>true</done></task></tasks>',
  ];
  const { learned, file, schema } = learnedSchema('MobileTasksList', results);

  test('learns elements, attributes, repetition, text types and which elements were always present', () => {
    expect(learned).toMatchObject({ learnedFrom: 2, unread: 0 });
    expect(file.name).toBe('MobileTasksList.xsd');
    expect(file.text).toContain('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns:tns="urn:t" elementFormDefault="qualified">');
    expect(file.text).toContain('<xs:element name="task" minOccurs="1" maxOccurs="unbounded">');
    expect(file.text).toContain('<xs:element name="due" minOccurs="0" maxOccurs="1" type="xs:string"/>');
    expect(file.text).toContain('<xs:element name="count" minOccurs="1" maxOccurs="1" type="xs:decimal"/>');
    expect(file.text).toContain('<xs:element name="done" minOccurs="1" maxOccurs="1" type="xs:boolean"/>');
    expect(file.text).toContain('<xs:attribute name="id" type="xs:decimal" use="required"/>');
  });

  test('the XSD accepts what it was learned from and refuses a missing element, a renamed one and a retyped value', () => {
    for (const r of results) expect(schema.validate(r)).toEqual([]);
    expect(schema.validate('<tasks xmlns="urn:t"><task id="1"><name>a</name><done>true</done></task></tasks>')).toEqual([
      "line 1: Element '{urn:t}done': This element is not expected. Expected is one of ( {urn:t}due, {urn:t}count ).",
    ]);
    expect(schema.validate('<tasks xmlns="urn:t"><task id="1"><title>a</title><count>1</count><done>true</done></task></tasks>')).toEqual([
      "line 1: Element '{urn:t}title': This element is not expected. Expected is ( {urn:t}name ).",
    ]);
    expect(schema.validate('<tasks xmlns="urn:t"><task id="1"><name>a</name><count>many</count><done>true</done></task></tasks>')).toEqual([
      "line 1: Element '{urn:t}count': 'many' is not a valid value of the atomic type 'xs:decimal'.",
    ]);
    expect(schema.validate('{"tasks":[]}')).toEqual([expect.stringMatching(/^the result is not XML: /)]);
  });

  test('a .NET DataSet result (UTF-16 declaration, indentation, an inline xs:schema) is learned and validated', () => {
    const dataSet = (rows: string) => `<?xml version="1.0" encoding="utf-16"?>
<NewDataSet>
  <xs:schema id="NewDataSet" xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="NewDataSet"/></xs:schema>
${rows}
</NewDataSet>`;
    const row = (id: string, name: string) => `  <Table>\n    <ID>${id}</ID>\n    <Name>${name}</Name>\n  </Table>`;
    const { file, schema: learnedXsd } = learnedSchema('MobileAccountSearch', [dataSet(`${row('1', 'a')}\n${row('2', 'b')}`), dataSet(row('3', 'c'))]);
    expect(file.text).toContain('<xs:any namespace="##other" processContents="lax"/>');
    expect(file.text).not.toContain('mixed');
    expect(learnedXsd.validate(dataSet(row('4', 'd')))).toEqual([]);
    expect(learnedXsd.validate(dataSet('  <Table>\n    <ID>5</ID>\n  </Table>'))).toEqual([
      "line 4: Element 'Table': Missing child element(s). Expected is ( Name ).",
    ]);
  });

  test('attributes of another namespace (xml:lang) and xsi:nil are accepted, not declared', () => {
    const { schema: lang, file } = learnedSchema('MobileTasksList', ['<r xml:lang="en"><a>1</a><b xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true"/></r>']);
    expect(file.text).toContain('<xs:anyAttribute namespace="##other" processContents="lax"/>');
    expect(file.text).toContain('<xs:element name="b" minOccurs="1" maxOccurs="1" nillable="true" type="xs:string"/>');
    expect(lang.validate('<r xml:lang="de"><a>2</a><b>x</b></r>')).toEqual([]);
  });

  test('an element only some results have keeps its place in the sequence', () => {
    const { schema: placed, file } = learnedSchema('MobileTasksList', ['<r><a>1</a><b>x</b></r>', '<r><a>1</a><c>y</c><b>x</b></r>']);
    expect(file.text).toContain('<xs:sequence>');
    expect(placed.validate('<r><a>1</a><c>y</c><b>x</b></r>')).toEqual([]);
    expect(placed.validate('<r><a>1</a><b>x</b><c>y</c></r>')).toEqual(["line 1: Element 'c': This element is not expected."]);
  });

  test('elements seen in varying order are accepted in any order', () => {
    const { schema: anyOrder } = learnedSchema('MobileTasksList', ['<r><a>1</a><b>x</b></r>', '<r><b>y</b><a>2</a></r>']);
    expect(anyOrder.validate('<r><b>z</b><a>3</a><a>4</a></r>')).toEqual([]);
    expect(anyOrder.validate('<r><c/></r>')).toEqual([expect.stringMatching(/^line 1: Element 'c': This element is not expected/)]);
  });
});

describe('learning', () => {
  test('counts what it learned from and what it could not read; an operation with only unreadable results has no shape', () => {
    const learner = new ShapeLearner();
    learner.add('A', '{"x":1}');
    learner.add('A', 'OK');
    learner.add('A', '<r/>');
    learner.add('A', '{"x":2}');
    learner.add('B', 'plain text');
    expect(learner.results()).toEqual([
      { operation: 'A', shape: expect.objectContaining({ format: 'json' }), learnedFrom: 2, unread: 2, firstProblem: expect.stringMatching(/^not JSON: /) },
      { operation: 'B', learnedFrom: 0, unread: 1, firstProblem: expect.stringMatching(/^not JSON: /) },
    ]);
  });
});

describe('shape drift', () => {
  const drift = (a: string, b: string) => shapeDrift(shape(a), shape(b)).map(describeChange);

  test.each([
    ['a value changed (no drift)', '{"a":1,"b":"x"}', '{"a":2,"b":"y"}', []],
    ['a field added', '{"a":1}', '{"a":1,"b":2}', ['/b: field "b" is new']],
    ['a field removed', '{"a":1,"b":2}', '{"a":1}', ['/b: field "b" is gone']],
    ['a field renamed (same type, same place)', '{"o":{"name":"x"}}', '{"o":{"nom":"x"}}', ['/o/name: field "name" is now "nom"']],
    ['a number became a string', '{"a":1}', '{"a":"1"}', ['/a: was number, now string']],
    ['an array item retyped', '{"a":[1,2]}', '{"a":["1"]}', ['/a/*: was number, now string']],
    ['null where a string was sometimes null is no change', '{"a":null}', '{"a":null}', []],
    ['an empty array says nothing about its items', '{"a":[1]}', '{"a":[]}', []],
  ] as const)('JSON: %s', (_, a, b, want) => {
    expect(drift(a, b)).toEqual(want);
  });

  test.each([
    ['text changed (no drift)', '<r><a>1</a></r>', '<r><a>one</a></r>', []],
    ['one more item of a list (no drift)', '<r><i>1</i></r>', '<r><i>1</i><i>2</i></r>', []],
    ['an element removed', '<r><a>1</a><b>2</b></r>', '<r><a>1</a></r>', ['/r/b: element "b" is gone']],
    ['an element renamed', '<r><a>1</a><b>2</b></r>', '<r><a>1</a><c>2</c></r>', ['/r/b: element "b" is now "c"']],
    ['an attribute added', '<r><a>1</a></r>', '<r><a id="1">1</a></r>', ['/r/a/@id: attribute "id" is new']],
    ['text became child elements', '<r><a>1</a></r>', '<r><a><v>1</v></a></r>', ['/r/a: had text only, now has child elements']],
    ['the root renamed', '<r/>', '<s/>', ['/r: root element r is now s']],
  ] as const)('XML: %s', (_, a, b, want) => {
    expect(drift(a, b)).toEqual(want);
  });

  test('a result that stopped being JSON drifted; one that never was has no shape to leave', () => {
    expect(resultShapeDrift('{"a":1}', 'OK').map(describeChange)).toEqual([expect.stringMatching(/^\(root\): the result was JSON, now it is not \(/)]);
    expect(drift('{"a":1}', '<a>1</a>')).toEqual(['(root): the result was JSON, now XML']);
    expect(resultShapeDrift('OK', 'NOT OK')).toEqual([]);
  });
});
