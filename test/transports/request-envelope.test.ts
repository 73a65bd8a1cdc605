/** requestEnvelope: every SOAP request body it fills in is the request builder's own text. */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { operations } from '../../src/contract/index.js';
import { soap11, soap12 } from '../../src/transports/dialects.js';
import { envelope, requestElement, requestEnvelope } from '../../src/transports/soap.js';

const NS = 'http://www.tigerpawsoftware.com';
const built = (dialect: typeof soap11, ns: string, op: (typeof operations)[number], values: Record<string, string>) => envelope(dialect, requestElement(ns, op, values), 'request');

test('plain values of every operation on both dialects: the builder\'s text, twice (template made, then reused)', () => {
  for (const dialect of [soap11, soap12]) {
    for (const op of operations) {
      const values = Object.fromEntries(op.params.map((p, i) => [p.name, `v${i} text-1`]));
      expect(requestEnvelope(dialect, NS, op, values)).toBe(built(dialect, NS, op, values));
      const again = Object.fromEntries(op.params.map((p) => [p.name, `${p.name}2`]));
      expect(requestEnvelope(dialect, NS, op, again)).toBe(built(dialect, NS, op, again));
    }
  }
});

test('for any values, any parameters left out and another namespace: the builder\'s text', () => {
  const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom('&', '<', '>', '"', '\n', '\t', '\r', '\u2060', '\u20600\u2060', ']]>', ''));
  const value = fc.array(piece, { maxLength: 3 }).map((p) => p.join(''));
  const op = fc.constantFrom(...operations);
  fc.assert(fc.property(op, fc.boolean(), fc.constantFrom(NS, 'urn:other', 'http://x/?a=1&b="2"'), fc.array(fc.tuple(value, fc.boolean()), { minLength: 17, maxLength: 17 }), (o, twelve, ns, drawn) => {
    const dialect = twelve ? soap12 : soap11;
    const values: Record<string, string> = {};
    o.params.forEach((p, i) => {
      const [v, sent] = drawn[i]!;
      if (sent) values[p.name] = v;
    });
    expect(requestEnvelope(dialect, ns, o, values)).toBe(built(dialect, ns, o, values));
  }), { numRuns: 400 });
});
