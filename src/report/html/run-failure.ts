/** report.html of a run that ended before its first test (bad usage, an unreachable target, a crash
 * of this tool): why, what to do and the command line, in place of the matrix, the findings and
 * the coverage. Nothing was sent, and 80 cells each saying so would bury the one thing to read. */
import type { RunInfo } from '../digest/summary.js';
import { esc } from './text.js';

type Failure = NonNullable<RunInfo['failure']>;

export function runFailureSection(failure: Failure): string {
  const rows = [
    ['Why', `<pre class="msg reason">${esc(failure.message)}</pre>`],
    ...(failure.fix ? [['Fix', `<p class="fix">${esc(failure.fix)}</p>`]] : []),
    ...(failure.commandLine ? [['Command line', `<pre class="cmd command-line">${esc(failure.commandLine)}</pre>`]] : []),
    ['Exit code', `<code>${esc(failure.exitCode)}</code> (<code>${esc(failure.code)}</code>)`],
  ];
  return `<section id="run-failure"><h2>The run ended before its first test</h2><div class="panel"><table class="run-failure"><tbody>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</tbody></table><p class="counts">No request was sent, so there is no operation × transport matrix and no finding; secrets on the command line are shown as placeholders.</p></div></section>`;
}
