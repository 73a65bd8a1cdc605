/**
 * Answers as large as --max-response-bytes are judged in time linear in their size (issue 18: a
 * 10 MB fault took 20 s per answer). Asserted as bounded output, not as wall time, which would
 * make the test flaky on a loaded machine.
 */
import { describe, expect, test } from 'vitest';
import { compactDiff, MAX_DIFFED_CHARS, MAX_PART_CHARS } from '../../src/parity/compare.js';
import { processingInstructionAt } from '../../src/checks/soap-no-dtd-or-pi.js';
import { runChecks } from '../../src/checks/runner.js';
import { clip, firstLine, MESSAGE_CHARS } from '../../src/results/clip.js';
import { redact } from '../../src/results/redact.js';

const MB = 1024 * 1024;
const totalLength = (parts: ReadonlyArray<{ text: string }>) => parts.reduce((n, p) => n + p.text.length, 0);

describe('compactDiff on megabyte texts', () => {
  test('a long differing middle is shown cut, not diffed', () => {
    const common = 'x'.repeat(MB);
    const parts = compactDiff(`${common}${'a'.repeat(3 * MB)}${common}`, `${common}${'b'.repeat(3 * MB)}${common}`);
    expect(parts.map((p) => p.op)).toEqual(['=', '-', '+', '=']);
    expect(parts[1]!.text).toBe(clip('a'.repeat(3 * MB), MAX_PART_CHARS));
    expect(totalLength(parts)).toBeLessThan(3 * MAX_PART_CHARS);
  });

  test('a short differing middle between long equal runs is diffed character by character', () => {
    const common = 'y'.repeat(MB);
    expect(compactDiff(`${common}cat${common}`, `${common}cut${common}`)).toEqual([
      { op: '=', text: `${'y'.repeat(24)}…${'y'.repeat(23)}c` }, { op: '-', text: 'a' }, { op: '+', text: 'u' }, { op: '=', text: `t${'y'.repeat(23)}…${'y'.repeat(24)}` },
    ]);
  });

  test('a middle just over the limit is not diffed', () => {
    const half = MAX_DIFFED_CHARS / 2 + 1;
    expect(compactDiff('a'.repeat(half), 'b'.repeat(half)).map((p) => p.op)).toEqual(['-', '+']);
  });

  test('a surrogate pair is never cut in two', () => {
    expect(compactDiff('a😀', 'a😁')).toEqual([{ op: '=', text: 'a' }, { op: '-', text: '😀' }, { op: '+', text: '😁' }]);
  });
});

describe('bounded quotes of target text', () => {
  test('a check message quoting a megabyte answer is cut to MESSAGE_CHARS', () => {
    const [outcome] = runChecks([{ id: 'quotes', level: 'error' }] as never, () => ({ status: 'failed', message: 'z'.repeat(10 * MB) }));
    expect(outcome!.message).toBe(`${'z'.repeat(MESSAGE_CHARS)}… (${10 * MB - MESSAGE_CHARS} more characters)`);
  });

  test('firstLine reads only the start of the text', () => {
    expect(firstLine(`${'\n'.repeat(1)}x`)).toBe('');
    expect(firstLine(`abc\r\ndef`)).toBe('abc');
    expect(firstLine('q'.repeat(MB))).toBe('q'.repeat(200));
  });
});

describe('linear scans', () => {
  test('a processing instruction is found after comments and CDATA, not inside them', () => {
    expect(processingInstructionAt('<?xml version="1.0"?><a><!-- <?pi?> --><![CDATA[<?pi?>]]><?pi x?></a>')).toBe(57);
    expect(processingInstructionAt('<?xml version="1.0"?><a/>')).toBe(-1);
  });

  test('a million unclosed comment openings are one scan', () => {
    // The former lazy regex rescanned to the end from every "<!--": quadratic, minutes here.
    expect(processingInstructionAt(`<a>${'<!--'.repeat(MB)}`)).toBe(-1);
  });

  test('redaction replaces every form of every secret in one pass', () => {
    const secrets: Array<[string, string]> = [['s3cr/t', '<SIGNATURE>'], ['k3y!', '<MOBILE_KEY>']];
    expect(redact(`${'.'.repeat(MB)}s3cr/t s3cr%2Ft k3y! k3y%21`, secrets)).toBe(`${'.'.repeat(MB)}<SIGNATURE> <SIGNATURE> <MOBILE_KEY> <MOBILE_KEY>`);
  });
});
