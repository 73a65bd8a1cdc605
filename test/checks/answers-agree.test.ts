/** answers-agree (issue 59, item 4): two of the target's own answers about one id, side by side. */
import { describe, expect, test } from 'vitest';
import { answersAgree, type IdAnswer, type IdAnswers } from '../../src/checks/answers-agree.js';
import { sequenceChecks } from '../../src/checks/registry.js';

const KNOWN = 'no read of this run listed it';
const update = (said: IdAnswer['said'], text: string): IdAnswer => ({ operation: 'MobileContactEmailUpdate', transport: 'soap11', step: 8, said, text });
const del = (said: IdAnswer['said'], text: string): IdAnswer => ({ operation: 'MobileContactEmailDelete', transport: 'soap11', step: 9, said, text });
const about = (first: IdAnswer, second: IdAnswer): IdAnswers => ({ id: 'emailid 100007', known: KNOWN, answers: [first, second] });

const UNKNOWN = '{"ok":false,"error":"Unknown emailid 100007."}';
const OK = '{"ok":true}';

describe('answers-agree', () => {
  test.each([
    {
      name: 'the update refuses the id as unknown, the delete claims success on it: a warning, the refusal first',
      observed: about(update('refused', UNKNOWN), del('success', OK)),
      verdict: { status: 'failed', message: `the target contradicts itself about emailid 100007 (${KNOWN}): MobileContactEmailUpdate over soap11 (step 8) refused it: ${UNKNOWN}; MobileContactEmailDelete over soap11 (step 9) answered success: ${OK}` },
    },
    {
      name: 'the update claims success, the delete refuses: a warning, the refusal first',
      observed: about(update('success', OK), del('refused', 'soap:Client: Unknown emailid 100007.')),
      verdict: { status: 'failed', message: `the target contradicts itself about emailid 100007 (${KNOWN}): MobileContactEmailDelete over soap11 (step 9) refused it: soap:Client: Unknown emailid 100007.; MobileContactEmailUpdate over soap11 (step 8) answered success: ${OK}` },
    },
    { name: 'both refuse the id: consistent, silent', observed: about(update('refused', UNKNOWN), del('refused', UNKNOWN)), verdict: { status: 'passed' } },
    // Nothing the target said disagrees: an id that exists after all, or a target that accepts any.
    { name: 'both succeed: consistent, silent', observed: about(update('success', OK), del('success', OK)), verdict: { status: 'passed' } },
    {
      name: 'one crashed: inconclusive, at info',
      observed: about(update('refused', UNKNOWN), del('other', 'fault soap:Server: Server was unable to process request.')),
      verdict: { status: 'failed', level: 'info', message: `inconclusive: emailid 100007 (${KNOWN}): MobileContactEmailUpdate over soap11 (step 8) refused it: ${UNKNOWN}; MobileContactEmailDelete over soap11 (step 9) answered neither: fault soap:Server: Server was unable to process request.` },
    },
  ])('$name', ({ observed, verdict }) => {
    expect(answersAgree.run(observed)).toStrictEqual(verdict);
  });

  test('a warning-level check in the sequence catalog, judging two answers', () => {
    expect(sequenceChecks.map((c) => [c.id, c.observes, c.level])).toEqual([['state-consistency', 'state', 'warning'], ['answers-agree', 'answers', 'warning']]);
  });
});
