/** The escaping of the CI outputs (report/ci-summary.ts): workflow commands as GitHub's runner
 * unescapes them, Markdown as a foreign parser (marked) reads it. The run itself is tested in
 * test/cli/ci-summary.test.ts. */
import { Lexer, type Tokens } from 'marked';
import { describe, expect, test } from 'vitest';
import { commandData, commandProperty, markdownText } from '../../src/report/ci-summary.js';

/** What the runner does with a command's data and properties (actions/runner, ActionCommand.Unescape). */
const unescape = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');

describe('workflow commands', () => {
  test('a message keeps one line: %, CR and LF are escaped, and read back as they were', () => {
    const message = 'HTTP 500: 100% wrong\r\nsecond line %0A';
    expect(commandData(message)).toBe('HTTP 500: 100%25 wrong%0D%0Asecond line %250A');
    expect(unescape(commandData(message))).toBe(message);
  });

  test("a property also escapes ':' and ',', which would end it", () => {
    const title = 'check, op: 50%';
    expect(commandProperty(title)).toBe('check%2C op%3A 50%25');
    expect(unescape(commandProperty(title))).toBe(title);
  });
});

describe('Markdown text', () => {
  test('a hostile message is one plain paragraph: no table cell, link, tag or emphasis', () => {
    const hostile = 'a | b <script>x</script> [link](http://evil) *em* `code` &amp; ~~del~~ www.evil.example x@evil.example \\';
    const tokens = Lexer.lex(`- ${markdownText(hostile)}`);
    const item = (tokens[0] as Tokens.List).items[0]!;
    const inline = (item.tokens[0] as Tokens.Text).tokens!;
    expect(inline.map((t) => t.type).filter((t) => t !== 'escape' && t !== 'text')).toEqual([]);
    expect(inline.map((t) => ('text' in t ? t.text : '')).join('')).toBe(hostile);
  });

  test('without the escaping the same text would be markup (the test above can fail)', () => {
    const tokens = Lexer.lex('- [link](http://evil) *em*');
    const inline = ((tokens[0] as Tokens.List).items[0]!.tokens[0] as Tokens.Text).tokens!;
    expect(inline.map((t) => t.type)).toContain('link');
  });
});
