/** The console's line on what the discovery step learned (src/report/digest/summary.ts, discoveryLine). */
import { expect, test } from 'vitest';
import { discoveryLine } from '../../src/report/digest/summary.js';

test.each([
  [{ sent: 29, probes: 5, records: 628, resultFormat: 'json' as const, failurePattern: { pattern: '"ok"\\s*:\\s*false', flags: '', source: 'learned' as const, evidence: '"ok":false in every failure answer (5)' } },
    'Discovery: 628 records learned from 29 requests, results in JSON; in-band failures match /"ok"\\s*:\\s*false/ (learned: "ok":false in every failure answer (5))'],
  [{ sent: 24, probes: 0, records: 12, failurePattern: { pattern: '^Error:', flags: 'i', source: 'given' as const, evidence: '' } },
    'Discovery: 12 records learned from 24 requests; in-band failures match /^Error:/i (--failure-pattern)'],
  [{ sent: 40, probes: 9, records: 300, resultFormat: 'xml' as const, failurePattern: { pattern: '', flags: '', structure: { kind: 'xml-path' as const, path: ['Response', 'Status'], value: 'Error', caseInsensitive: true }, source: 'learned' as const, evidence: '<Response><Status>Error</Status> (any case) in every failure answer (3)' } },
    'Discovery: 300 records learned from 40 requests, results in XML; in-band failures match <Response><Status>Error</Status> (any case) (learned: <Response><Status>Error</Status> (any case) in every failure answer (3))'],
  [{ sent: 40, probes: 9, records: 300, failureUnknown: "2 HTTP 200 answers to requests that should fail, unlike any success, and nothing tells them from successes (first: 'x')", businessFault: { pattern: '^thrown: ', flags: '', evidence: 'SoapExceptions the web method threw (2 of the 2 faults)' } },
    "Discovery: 300 records learned from 40 requests; no in-band failure pattern: 2 HTTP 200 answers to requests that should fail, unlike any success, and nothing tells them from successes (first: 'x'); such answers count as unknown (give --failure-pattern REGEX); business failures reported as faults (learned: SoapExceptions the web method threw (2 of the 2 faults))"],
  [{ sent: 30, probes: 4, records: 500, weakRecords: 67, failurePattern: { pattern: '^Error:', flags: 'i', source: 'given' as const, evidence: '' } },
    'Discovery: 500 records learned (and 67 by fuzzy field name, used only where no exact field serves) from 30 requests; in-band failures match /^Error:/i (--failure-pattern)'],
  [{ sent: 12, probes: 0, records: 0 },
    'Discovery: 0 records learned from 12 requests; no in-band failure pattern (every HTTP 200 with a result counts as a success; give --failure-pattern REGEX)'],
])('%#', (info, line) => {
  expect(discoveryLine(info)).toBe(line);
});
