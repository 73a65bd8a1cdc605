/** Issue 60, item 1: the GitHub Action's inputs, read as a runner gives them, and its outputs. */
import { describe, expect, test } from 'vitest';
import { outputLines, runArgvOf, splitArgs } from '../../src/cli/action-inputs.js';

describe('the inputs', () => {
  test('args split as a shell splits words and quotes, nothing expanded', () => {
    expect(splitArgs(` --operations  MobileTasksList\n--header 'X-A: $HOME b' --note "say \\"hi\\" \\\\ \\n" a\\ b ''`)).toEqual(['--operations', 'MobileTasksList', '--header', 'X-A: $HOME b', '--note', 'say "hi" \\ \\n', 'a b', '']);
    expect(splitArgs('')).toEqual([]);
    expect(() => splitArgs('--note "open')).toThrow(/double quote is not closed/);
  });

  test('each input maps to its run flag; the hyphen or underscore form; empty inputs add nothing', () => {
    expect(runArgvOf({ 'INPUT_BASE-URL': 'http://t', INPUT_FAIL_ON: 'warning', 'INPUT_ALLOW-MUTATIONS': 'TRUE', INPUT_TARGET: '', INPUT_ARGS: '--runs 2' }))
      .toEqual(['run', '--base-url', 'http://t', '--fail-on', 'warning', '--reports', 'reports', '--allow-mutations', '--runs', '2']);
    expect(runArgvOf({ INPUT_CONFIG: 'c.json', INPUT_TARGET: 'staging', 'INPUT_ALLOW-MUTATIONS': 'false' })).toEqual(['run', '--config', 'c.json', '--target', 'staging', '--reports', 'reports']);
  });

  test('a secret in args or a malformed boolean is refused, naming what to do', () => {
    expect(() => runArgvOf({ INPUT_ARGS: '--sig=abc' })).toThrow(/--sig is a secret; pass it through the step's env:/);
    expect(() => runArgvOf({ INPUT_ARGS: '--runs 1 --mobilekey k' })).toThrow(/--mobilekey is a secret/);
    expect(() => runArgvOf({ 'INPUT_ALLOW-MUTATIONS': 'yes' })).toThrow(/allow-mutations: expected true or false, got "yes"/);
  });

  test('outputs use the delimiter form, safe for any value', () => {
    expect(outputLines({ verdict: 'conforms', reports: '/a\nb' }, 'EOF1')).toBe('verdict<<EOF1\nconforms\nEOF1\nreports<<EOF1\n/a\nb\nEOF1\n');
  });
});

