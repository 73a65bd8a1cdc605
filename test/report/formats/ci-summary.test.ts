/** The escaping of the CI outputs (report/formats/ci-summary.ts, report/formats/markdown.ts): workflow commands as
 * GitHub's runner unescapes them, Markdown as a foreign parser (marked, GFM on) reads it. The run itself is tested in
 * test/cli/ci-summary.test.ts. */
import { Lexer, type Token, type Tokens } from 'marked';
import { describe, expect, test } from 'vitest';
import { commandData, commandProperty } from '../../../src/report/formats/ci-summary.js';
import { cellText, codeSpan, inlineText } from '../../../src/report/formats/markdown.js';

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

/** The inline tokens of a one-item list holding `line`, as marked (GFM on) reads it. */
function listItemTokens(line: string): Token[] {
  const tokens = Lexer.lex(`- ${line}`).filter((t) => t.type !== 'space');
  expect(tokens.map((t) => t.type)).toEqual(['list']);
  const items = (tokens[0] as Tokens.List).items;
  expect(items).toHaveLength(1);
  return (items[0]!.tokens[0] as Tokens.Text).tokens!;
}
const textOf = (tokens: Token[]) => tokens.map((t) => ("text" in t ? String(t.text) : "")).join("");

const HOSTILE = 'a | b <script>alert(1)</script> [x](javascript:alert(1)) ![i](http://evil/i.png) *em* _u_ `code` ``two`` &amp; ~~del~~ https://evil.example/a?b=1 www.evil.example x@evil.example \\ end\nsecond line\r\n- item | c';

describe('Markdown text', () => {
  test('a hostile text is plain running text: no table cell, link, image, tag, entity or emphasis, and reads back as it was', () => {
    const inline = listItemTokens(inlineText(HOSTILE));
    expect(inline.map((t) => t.type).filter((t) => t !== 'escape' && t !== 'text' && t !== 'codespan')).toEqual([]);
    expect(textOf(inline)).toBe(HOSTILE.replace(/\r\n|\n/g, ' '));
  });

  test('URLs and addresses are code spans; other punctuation is left as it is', () => {
    expect(inlineText('answered 202, not 200: see http://127.0.0.1:8080/api/rmm/tsiWS.asmx.')).toBe('answered 202, not 200: see `http://127.0.0.1:8080/api/rmm/tsiWS.asmx.`');
    expect(inlineText('Content-Type is "text/xml; charset=utf-8" (expected 1.2\'s); 100% #1 - ok!')).toBe('Content-Type is "text/xml; charset=utf-8" (expected 1.2\'s); 100% #1 - ok!');
    expect(inlineText('a <b> & *c* [d] _e_ ~f~ `g` \\')).toBe('a \\<b> \\& \\*c\\* \\[d\\] \\_e\\_ \\~f\\~ \\`g\\` \\\\');
  });

  test('a code span outlasts any backtick run in its text, and keeps a hostile text whole', () => {
    for (const text of ['a``b`c', '`edge`', ' padded ', HOSTILE]) {
      const inline = listItemTokens(codeSpan(text));
      expect(inline.map((t) => t.type)).toEqual(['codespan']);
      expect((inline[0] as Tokens.Codespan).text).toBe(text.replace(/\r\n|\n/g, ' '));
    }
  });

  test('a table cell holds a hostile text as one cell', () => {
    const table = Lexer.lex(`| a | b |\n| --- | --- |\n| ${cellText(HOSTILE)} | x |\n`).find((t): t is Tokens.Table => t.type === 'table')!;
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.map((c) => c.tokens.map((t) => t.type).filter((t) => t !== 'escape' && t !== 'text' && t !== 'codespan'))).toEqual([[], []]);
    expect(textOf(table.rows[0]![0]!.tokens)).toBe(HOSTILE.replace(/\r\n|\n/g, ' '));
  });

  test('without the escaping the same text would be markup (the tests above can fail)', () => {
    const tokens = Lexer.lex(`- ${HOSTILE.replace(/\r?\n/g, ' ')}`);
    const inline = ((tokens[0] as Tokens.List).items[0]!.tokens[0] as Tokens.Text).tokens!;
    expect(inline.map((t) => t.type)).toEqual(expect.arrayContaining(['link', 'image', 'html', 'em', 'codespan', 'del']));
  });
});
