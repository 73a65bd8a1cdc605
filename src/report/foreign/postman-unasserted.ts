/**
 * Why the Postman collection (report/foreign/postman.ts) lists a failed check as a skipped test instead of
 * asserting it. A check the collection has no assertion for must not fail in Postman: a test that
 * always fails would also fail against a conforming server (issue 40: "against the clean reference
 * server it passes"), so it is `pm.test.skip`, which newman reports as skipped, and the reason
 * points to report.html, where the run's finding is.
 */

/** Checks whose verdict rests on more than this one answer: what the run sent, other answers, timing. */
const WHY_NOT: Readonly<Record<string, string>> = {
  'echo-matches': "it compares the values the service received (decoded by the run's echo reader) with the typed values the run generated",
  'result-schema': "it validates against the --result-schemas file, which the collection does not carry",
  'result-format-consistent': "it compares the result with the format the run learned from the target's other answers",
  'transport-parity': 'it compares the answers of the same call over four transports',
  'matches-reference': "it compares the answer with the reference deployment's",
  'matches-baseline': "it compares the answer with the recorded baseline's",
  'state-consistency': 'it judges a sequence of calls, not one request',
  'transport-reaches-service': 'it judges every valid request the run sent over the transport together, not one request',
  'response-time': "it judges timing, which depends on the machine and network Postman runs on",
  'answers-in-time': "it judges timing, which depends on the machine and network Postman runs on",
  // The one check judged from the text alone that stays skipped: asserting it would mean porting
  // decode/xml-guard.ts into the sandbox script.
  'xml-no-external-entity': "it judges the entities the answer uses as this tool's XML guard reads its DTD (decode/xml-guard.ts: entity declarations, references within other entities' values, refusals), which Postman's sandbox parser (sax, under xml2js) does not: it sees the DOCTYPE only as text and refuses every entity reference it was not told of, so a conforming answer using an internal entity would fail there",
};

/** Why `checkId` has no assertion in the collection. */
export const notAssertedWhy = (checkId: string): string =>
  `not asserted in Postman: ${WHY_NOT[checkId] ?? "the collection has no assertion for this check (the run's reading of the answer and the negative case's expected shape are not carried over)"}`;
