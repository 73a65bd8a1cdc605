/** report.html of a run that sent nothing (run-failure.ts): the reason, the fix and the command
 * line, and no matrix, no "Other cells", no coverage; the same page of a run that did send has them. */
import { expect, test } from 'vitest';
import { reportHtml } from '../../../src/report/html/page.js';
import type { RunInfo } from '../../../src/report/digest/summary.js';

const base: RunInfo = {
  tool: { name: 'tsiws-conformance', version: '0.0.0' },
  target: 'embedded reference server',
  embedded: true,
  namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 12,
  configuration: {},
  toolErrors: [],
  seed: 0,
};
const message = '--rate: expected a positive whole number, got "0"';
const failed: RunInfo = {
  ...base,
  toolErrors: [message],
  failure: { code: 'TSIWS_CONFIG', exitCode: 2, message, fix: 'Correct the flag <named>.', commandLine: "tsiws-conform run --rate 0 --sig '<REDACTED>'" },
};

/** The text of the element with this class inside the run-failure section, tags and entities undone. */
function cell(html: string, cls: string): string | undefined {
  const section = /<section id="run-failure">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
  const m = new RegExp(`<(\\w+) class="[^"]*\\b${cls}\\b[^"]*">([\\s\\S]*?)</\\1>`).exec(section);
  return m?.[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

test('a run that sent nothing: why, the fix, the command line and the exit code; no matrix and no other cells', () => {
  const html = reportHtml([], failed);
  expect(cell(html, 'reason')).toBe(message);
  expect(cell(html, 'fix')).toBe('Correct the flag <named>.');
  expect(cell(html, 'command-line')).toBe("tsiws-conform run --rate 0 --sig '<REDACTED>'");
  expect(html).toContain('<tr><th>Exit code</th><td><code>2</code> (<code>TSIWS_CONFIG</code>)</td></tr>');
  expect(html).toContain('<div class="verdict">Error: the tool could not vouch for a verdict</div>');
  for (const absent of ['id="matrix"', 'id="other-cells"', 'id="coverage"', 'class="cell ', '– not run', 'class="stats"']) expect(html, absent).not.toContain(absent);
  // Target text and the command line are escaped like everything else.
  expect(html).not.toContain('<named>');
  expect(html).toContain('id="configuration"');
});

test('reports written before the fix and command line were recorded: the reason alone', () => {
  const html = reportHtml([], { ...failed, failure: { code: 'TSIWS_UNREACHABLE', exitCode: 3, message: 'target unreachable' } });
  expect(cell(html, 'reason')).toBe('target unreachable');
  expect([cell(html, 'fix'), cell(html, 'command-line')]).toEqual([undefined, undefined]);
  expect(html).not.toContain('id="matrix"');
});

test('a run that sent something keeps its matrix and other cells, and has no run-failure section', () => {
  const html = reportHtml([], base);
  expect(html).toContain('id="matrix"');
  expect(html).toContain('id="other-cells"');
  expect(html).not.toContain('id="run-failure"');
});
