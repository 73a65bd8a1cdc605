/**
 * The validity guard's unit table (issue 43): a value is a negative value only where its XSD type's
 * lexical space, on the wire of the transport it is sent over, leaves it out. Every negative value
 * the catalog and the fuzz arbitraries can produce is checked, per type and transport.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { valuesArbitrary } from '../../src/cases/arbitraries.js';
import { ASMX_ONLY_SCENARIO, INVALID_SCENARIO, negativeCases, SCENARIOS } from '../../src/cases/negative.js';
import { invalidValueOnWire, sentText } from '../../src/cases/wire-guard.js';
import { getOperation, operations, type SoapType } from '../../src/contract/index.js';
import { caseFor } from '../../src/engine/fuzz/fuzz.js';
import { getTransportById, TRANSPORT_IDS, type TransportId } from '../../src/transports/index.js';
import { inLexicalSpace, lexicalErrors } from '../../src/wsdl/lexical-space.js';

// An operation with a parameter of each typed kind: int, dateTime, boolean.
const typed: Readonly<Record<Exclude<SoapType, 'str'>, { op: string; param: string }>> = {
  int: { op: 'MobileTimeLogCreate', param: 'sonumber' },
  dt: { op: 'MobileTimeLogCreate', param: 'startdatetime' },
  bool: { op: 'MobileContactEmailCreate', param: 'primary' },
};
const example = (type: Exclude<SoapType, 'str'>, value: string) => {
  const { op, param } = typed[type];
  const operation = getOperation(op);
  const values = Object.fromEntries(operation.params.map((p) => [p.name, p.type === 'int' ? '1' : p.type === 'dt' ? '2024-01-01T00:00:00Z' : p.type === 'bool' ? 'true' : 'x']));
  return { operation, param, values: { ...values, [param]: value } };
};

// [type, text, in the lexical space]: XSD 1.0 Part 2, 3.2.2.1 (boolean: true, false, 1, 0),
// 3.3.17 (int: the range of a 32-bit two's complement integer), 3.2.7 (dateTime), 4.3.6 (collapse).
const TABLE: ReadonlyArray<readonly [Exclude<SoapType, 'str'>, string, boolean]> = [
  ['bool', 'true', true], ['bool', 'false', true], ['bool', '1', true], ['bool', '0', true], ['bool', ' true ', true], ['bool', '\r\n0\t', true],
  ['bool', 'maybe', false], ['bool', 'True', false], ['bool', 'FALSE', false], ['bool', '', false], ['bool', '2', false], ['bool', 'yes', false],
  ['int', '12', true], ['int', ' 12 ', true], ['int', '+12', true], ['int', '-0', true], ['int', '2147483647', true], ['int', '-2147483648', true], ['int', '0012', true],
  ['int', 'abc', false], ['int', '2147483648', false], ['int', '-2147483649', false], ['int', '', false], ['int', '1.0', false], ['int', '1 2', false], ['int', '0x10', false],
  ['dt', '2024-01-01T00:00:00', true], ['dt', '2024-01-01T00:00:00.1234567Z', true], ['dt', '2024-02-29T23:59:59+14:00', true], ['dt', ' 2024-01-01T00:00:00Z ', true],
  ['dt', '2024-13-45T25:61:00', false], ['dt', '2023-02-29T00:00:00', false], ['dt', '2024-01-01', false], ['dt', '2024-01-01 00:00:00', false], ['dt', '2024-01-01T00:00:00+14:45', false], ['dt', '', false],
];

describe('the lexical space of each XSD type, on every transport', () => {
  test.each(TABLE)('%s %j: in the lexical space = %s', (type, text, valid) => {
    expect(inLexicalSpace(type, text)).toBe(valid);
    const { operation, param, values } = example(type, text);
    for (const t of TRANSPORT_IDS) expect([t, invalidValueOnWire(operation, values, t, param)]).toEqual([t, !valid]);
  });

  test('a string is any run of XML characters; a character XML forbids is in no lexical space', () => {
    expect(lexicalErrors('str', ' <&> ]]> ')).toEqual([]);
    expect(lexicalErrors('str', 'a\u0001')).toEqual(['holds a character XML 1.0 does not allow (XML 1.0, 2.2)']);
    expect(lexicalErrors('int', '1\u0001')).toEqual(['holds a character XML 1.0 does not allow (XML 1.0, 2.2)']);
  });

  test('the guard judges the value as sent: XML reads CR LF as LF, a form decodes "+" as a space', () => {
    const sent = (type: Exclude<SoapType, 'str'>, value: string) => {
      const { operation, param, values } = example(type, value);
      return TRANSPORT_IDS.map((t) => sentText(getTransportById(t).encode({ namespace: 'urn:x' }, operation, values), t, param));
    };
    expect(sent('bool', ' 1\r\n')).toEqual([' 1\r\n', ' 1\r\n', ' 1\r\n', ' 1\r\n']);
    expect(sentText({ method: 'GET', path: '/x?sonumber=+12+', headers: {} }, 'get', 'sonumber')).toBe(' 12 ');
    expect(sentText({ method: 'POST', path: '/x', headers: {}, body: 'a=1' }, 'post', 'sonumber')).toBeUndefined();
    // A value that makes the envelope no XML at all is no value of its type.
    const bad = example('int', '1\u0001');
    expect(sentText(getTransportById('soap11').encode({ namespace: 'urn:x' }, bad.operation, bad.values), 'soap11', bad.param)).toBeInstanceOf(Error);
    expect(TRANSPORT_IDS.map((t) => invalidValueOnWire(bad.operation, bad.values, t, bad.param))).toEqual([true, true, true, true]);
  });
});

describe('every negative value the catalog produces is outside its lexical space, per transport', () => {
  const typedScenarios = SCENARIOS.filter((s) => s.perParam && !s.fromFuzz);
  test('each typed scenario keeps every transport it names, for every parameter of its type', () => {
    for (const op of operations) {
      const cases = negativeCases(op, { auth: true }).filter((c) => typedScenarios.some((s) => s.id === c.scenario));
      for (const s of typedScenarios) {
        const params = op.params.filter((p) => p.type === s.perParam).map((p) => p.name);
        expect(cases.filter((c) => c.scenario === s.id).map((c) => [c.param, c.transports])).toEqual(params.map((p) => [p, s.transports]));
      }
      for (const c of cases) for (const t of c.transports) expect([c.id, t, invalidValueOnWire(op, c.values, t, c.param!)]).toEqual([c.id, t, true]);
    }
  });
});

describe('the fuzz arbitraries: a negative case is a value outside the lexical space as sent', () => {
  test('1 and 0 over GET and POST are ASMX habit, not invalid booleans; over SOAP they are valid', () => {
    const { operation, values } = example('bool', '1');
    const scenarios = TRANSPORT_IDS.map((t) => { const c = caseFor(operation, values, t, 'x'); return c.kind === 'negative' ? c.scenario : c.kind; });
    expect(scenarios).toEqual(['positive', 'positive', ASMX_ONLY_SCENARIO.bool, ASMX_ONLY_SCENARIO.bool]);
    const invalid = example('bool', 'maybe');
    expect(TRANSPORT_IDS.map((t) => { const c = caseFor(invalid.operation, invalid.values, t, 'x'); return c.kind === 'negative' && c.scenario; })).toEqual(TRANSPORT_IDS.map(() => INVALID_SCENARIO.bool));
  });

  test.each(['MobileTimeLogCreate', 'MobileContactEmailCreate', 'MobileContactEmailUpdate', 'MobileDispatchUpdate'])('%s: every generated case judged invalid is outside the lexical space on its transport', (name) => {
    const op = getOperation(name);
    const invalid = new Set<string>(Object.values(INVALID_SCENARIO));
    fc.assert(fc.property(valuesArbitrary(op, { maxStringLength: 40 }), (values) => {
      for (const t of TRANSPORT_IDS) {
        const c = caseFor(op, values, t, 'x');
        if (c.kind === 'negative' && invalid.has(c.scenario) && !invalidValueOnWire(op, values, t, c.param!)) return false;
        if (c.kind === 'negative' && !invalid.has(c.scenario) && invalidValueOnWire(op, values, t, c.param!)) return false;
      }
      return true;
    }), { seed: 43, numRuns: 300 });
  });
});
