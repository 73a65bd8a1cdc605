/** Business failures reported as faults (src/state/business-fault.ts) and what a valid request got
 * (src/engine/data-path-of.ts): learned from the faults answered to requests that should fail; ASMX's
 * own faults about a value sent never are business failures. */
import { describe, expect, test } from 'vitest';
import { dataPathOf } from '../../src/engine/data-path-of.js';
import { ASMX_OWN_EXAMPLES, faultMessage, isAsmxOwnFault, isBusinessFault, learnBusinessFault } from '../../src/state/business-fault.js';
import { learnFailureSignature } from '../../src/state/in-band.js';

const PROCESS = 'Server was unable to process request. ---> ';
const BUSINESS = [`${PROCESS}unknown service order -2147480000`, `${PROCESS}Unknown opportunitynumber -2147480000.`, 'Authentication failed: Invalid signature.'];
// What ASMX itself answers to a value it could not read (Mono 6.8 and .NET texts, docs/cases.md,
// src/profiles/expectations.ts), and a vendor's int.Parse of a text parameter.
const OWN = [
  ...ASMX_OWN_EXAMPLES,
  'Server was unable to read request. ---> There is an error in XML document (1, 310). ---> Value was either too large or too small for an Int32.',
  'Cannot convert 12x to System.Int32.\r\nParameter name: type ---> Input string was not in a correct format.',
  'String was not recognized as a valid DateTime.',
  `${PROCESS}Input string was not in a correct format.`,
  `${PROCESS}Unknown value: Input string was not in a correct format.`,
];
// A vendor's crash: a fault, never a business failure.
const CRASHES = [`${PROCESS}Object reference not set to an instance of an object.`, `${PROCESS}String or binary data would be truncated.\r\nThe statement has been terminated.`, `${PROCESS}Login failed for user 'tsi'.`];

describe('learnBusinessFault', () => {
  test('learned from the contrasts\' faults: the business words each says, none of ASMX\'s own', () => {
    const sig = learnBusinessFault(BUSINESS);
    expect(sig).toEqual({ pattern: '\\b(?:unknown|invalid|authentication)\\b', flags: 'i', source: 'learned', evidence: `'unknown' or 'invalid' or 'authentication' in every business fault (3; first: 'unknown service order -2147480000'), in none of ASMX's own faults (${ASMX_OWN_EXAMPLES.length})` });
    expect(BUSINESS.map((r) => isBusinessFault(r, sig))).toEqual([true, true, true]);
    expect(OWN.map((r) => isBusinessFault(r, sig))).toEqual(OWN.map(() => false));
    expect(CRASHES.map((r) => isBusinessFault(r, sig))).toEqual(CRASHES.map(() => false));
  });

  test.each([
    ['one business fault', [BUSINESS[0]!]],
    ['only ASMX\'s own faults', OWN],
    ['a fault that says no business word', [BUSINESS[0]!, `${PROCESS}Order 17 has been closed.`]],
    ['crashes', CRASHES],
  ])('none from %s', (_, faults) => {
    expect(learnBusinessFault(faults)).toBeUndefined();
  });

  test('ASMX\'s own faults are told by their texts; the wrapper is not the message', () => {
    expect(OWN.map(isAsmxOwnFault)).toEqual(OWN.map(() => true));
    expect([...BUSINESS, ...CRASHES].map(isAsmxOwnFault)).toEqual([...BUSINESS, ...CRASHES].map(() => false));
    expect([faultMessage(BUSINESS[0]!), faultMessage(BUSINESS[2]!)]).toEqual(['unknown service order -2147480000', 'Authentication failed: Invalid signature.']);
    // No signature, no business failure.
    expect(isBusinessFault(BUSINESS[0], undefined)).toBe(false);
  });
});

describe('dataPathOf', () => {
  const inBand = learnFailureSignature(['<Response><Status>OK</Status><Records/></Response>'], ['<Response><Status>Error</Status><Message>x</Message></Response>', '<Response><Status>Error</Status><Message>y</Message></Response>']);
  const businessFault = learnBusinessFault(BUSINESS);
  const result = (text: string) => ({ kind: 'result' as const, text });
  const fault = (reason: string) => ({ kind: 'fault' as const, code: 'soap:Server', reason });
  test.each([
    ['a result, nothing learned', 200, result('<Response><Status>Error</Status></Response>'), {}, 'success'],
    ['an in-band failure', 200, result('<response><status>ERROR</status></response>'), { failure: inBand }, 'failure'],
    ['a success by the signature', 200, result('<Response><Status>OK</Status></Response>'), { failure: inBand }, 'success'],
    ['a result when nothing tells failures from successes', 200, result('<Response><Status>OK</Status></Response>'), { failureUnknown: 'seen' }, 'unknown'],
    ['a business fault', 500, fault(BUSINESS[0]!), { businessFault }, 'failure'],
    ['ASMX\'s conversion fault', 500, fault(OWN[0]!), { businessFault }, 'fault'],
    ['a crash', 500, fault(CRASHES[0]!), { businessFault }, 'fault'],
    ['a fault, no business-fault signature', 500, fault(BUSINESS[0]!), { failureUnknown: 'seen' }, 'fault'],
  ])('%s', (_, status, decoded, known, outcome) => {
    expect(dataPathOf(status, decoded, false, known)).toBe(outcome);
  });

  test('refused by the host before anything else', () => {
    expect(dataPathOf(200, result('x'), true, { failureUnknown: 'seen' })).toBe('refused');
  });
});
