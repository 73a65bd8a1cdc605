/** The command line in the reports of a run that ended early: pasteable, and no secret in it. */
import { expect, test } from 'vitest';
import { shownCommandLine } from '../../src/config/shown-command-line.js';

test.each([
  [['--rate', '0', '--reports', '/tmp/r'], 'tsiws-conform run --rate 0 --reports /tmp/r'],
  [['--operations=MobileAccountSearch', '--allow-mutations', '--seed', '-12'], 'tsiws-conform run --operations=MobileAccountSearch --allow-mutations --seed -12'],
  [['--reports', '/tmp/my reports'], "tsiws-conform run --reports '/tmp/my reports'"],
  [['--env-file', 'ci.env', '--base-url', '--seed', '4'], 'tsiws-conform run --env-file ci.env --base-url --seed 4'],
  [['stray', "it's"], "tsiws-conform run stray 'it'\\''s'"],
])('%j is shown as it was given', (argv, shown) => {
  expect(shownCommandLine('run', argv)).toBe(shown);
});

test.each([
  [['--sig', 'sig-4711'], "tsiws-conform run --sig '<REDACTED>'"],
  [['--mobilekey=key-4711'], "tsiws-conform run '--mobilekey=<REDACTED>'"],
  [['--auth', 'alice:pw-4711'], "tsiws-conform run --auth '<REDACTED>'"],
  [['--header', 'X-Api-Key: hdr-4711', '--reference-header', 'Authorization: Bearer tok-4711'], "tsiws-conform run --header 'X-Api-Key: <REDACTED>' --reference-header 'Authorization: <REDACTED>'"],
  [['--base-url', 'http://alice:pw-4711@127.0.0.1:1', '--reference-url=https://bob:pw-4711@ref'], "tsiws-conform run --base-url 'http://<USER>:<PASSWORD>@127.0.0.1:1' '--reference-url=https://<USER>:<PASSWORD>@ref'"],
  [['--proxy', 'http://p:pw-4711@proxy:3128'], "tsiws-conform run --proxy '<REDACTED>'"],
  // A misspelt flag's value may be a secret all the same.
  [['--sgi', 'sig-4711', '--no-such-flag'], "tsiws-conform run --sgi '<NOT SHOWN>' --no-such-flag"],
])('%j: the secret is replaced', (argv, shown) => {
  const line = shownCommandLine('run', argv);
  expect(line).toBe(shown);
  expect(line).not.toContain('4711');
});

test('merge-reports takes --reports-dir as its alias of --reports, and a flag only run knows is hidden there', () => {
  expect(shownCommandLine('merge-reports', ['a', '--reports-dir', 'out', '--sig', 'x'])).toBe("tsiws-conform merge-reports a --reports-dir out --sig '<NOT SHOWN>'");
});
