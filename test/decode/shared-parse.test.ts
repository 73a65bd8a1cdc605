/** Answers of the same text share one parse and one XSD verdict (decode/response.ts, xml.ts):
 * a repeated answer costs no second parse, and the verdict is still the one its own text earns. */
import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMESPACE as NS, operations } from '../../src/contract/index.js';
import { parseResponse } from '../../src/decode/response.js';
import { compileSchema, type XmlElement } from '../../src/decode/xml.js';
import { getTransportById } from '../../src/transports/index.js';
import { xsdValid } from '../../src/checks/xsd-valid.js';
import { PROFILES } from '../../src/profiles/expectations.js';
import { generateXsd } from '../../src/wsdl/generate.js';
import type { HttpResponse } from '../../src/transports/types.js';

const op = operations[0]!;
const answer = (text: string): HttpResponse => ({ status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: Buffer.from(text), elapsedMs: 1 });
const good = `<?xml version="1.0" encoding="utf-8"?><string xmlns="${NS}">text</string>`;
const bad = `<?xml version="1.0" encoding="utf-8"?><string xmlns="${NS}"><b>markup</b></string>`;
const rootOf = (r: HttpResponse): XmlElement => {
  const parsed = parseResponse(r);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.root;
};

describe('one parse per answer text', () => {
  test('two responses with the same body share one parse; a different body gets its own', () => {
    const a = parseResponse(answer(good));
    expect(parseResponse(answer(good))).toBe(a);
    expect(parseResponse(answer(bad))).not.toBe(a);
  });

  test('a long body (over 16 KiB of text) is parsed for itself each time', () => {
    const long = `<string xmlns="${NS}">${'x'.repeat(20_000)}</string>`;
    expect(parseResponse(answer(long))).not.toBe(parseResponse(answer(long)));
  });

  test('the shared parses are bounded: the least recently used goes first', () => {
    const first = parseResponse(answer(`<string xmlns="${NS}">first</string>`));
    for (let i = 0; i < 200; i++) parseResponse(answer(`<string xmlns="${NS}">${i}</string>`));
    expect(parseResponse(answer(`<string xmlns="${NS}">first</string>`))).not.toBe(first);
  });
});

describe('XSD verdicts shared by the same tree', () => {
  const schema = compileSchema(generateXsd(NS, 'string'));

  test('a shared invalid answer keeps failing, with the same errors, and a valid one keeps passing', () => {
    const errors = schema.validate(rootOf(answer(bad)));
    expect(errors.length).toBeGreaterThan(0);
    expect(schema.validate(rootOf(answer(bad)))).toEqual(errors);
    expect(schema.validate(rootOf(answer(good)))).toEqual([]);
    expect(schema.validate(rootOf(answer(good)))).toEqual([]);
  });

  test('the caller gets its own copy of the errors', () => {
    const errors = schema.validate(rootOf(answer(bad)));
    errors.length = 0;
    expect(schema.validate(rootOf(answer(bad))).length).toBeGreaterThan(0);
  });

  test('xsd-valid fires on each repeat of a broken answer and stays silent on each repeat of a correct one', () => {
    const transport = getTransportById('get');
    const judge = (text: string) => xsdValid.run({ operation: op, transport, namespace: NS, request: { method: 'GET', path: '/', headers: {} }, response: answer(text), kind: 'positive', profile: PROFILES.asmx });
    for (let i = 0; i < 3; i++) {
      expect(judge(bad).status).toBe('failed');
      expect(judge(good).status).toBe('passed');
    }
  });
});
