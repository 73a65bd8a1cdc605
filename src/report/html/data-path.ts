/** The Data path section of report.html: per operation, what its valid requests got (pure). An
 * operation that had valid requests and no success is marked as the warning it is (data-path.ts). */
import type { DataPathCounts } from '../../results/data-path.js';
import { blockedText, dataPathLine, fuzzLearnedText, withoutSuccess, type DataPathSummary, type NotApplicableCount, type OperationDataPath } from '../digest/data-path.js';
import { esc } from './text.js';

/** The not-applicable column is shown only in a run that had some (issue 49). */
const cells = (c: DataPathCounts & NotApplicableCount, unsent: boolean): string => [c.success, c.failure, c.unknown, c.fault, c.refused, c.total].map((n) => `<td class="num">${n}</td>`).join('')
  + (unsent ? `<td class="num"${c.notApplicableBecause ? ` title="${esc(c.notApplicableBecause)}"` : ''}>${c.notApplicable ?? 0}</td>` : '');

/** What the search for values left blocking the operation (value-search.ts), under its name. */
const blocked = (c: OperationDataPath): string => (c.blocked ? `<br><small>${esc(blockedText(c))}</small>` : '');
/** What the fuzzer learned to send instead of what it drew (fuzz-constraints.ts), under the name too. */
const learned = (c: OperationDataPath): string => {
  const text = fuzzLearnedText(c);
  return text ? `<br><small class="fuzz-learned">fuzzing learned: ${esc(text)}</small>` : '';
};

/** Empty when no record carried data-path information: a report from before it reads as it did. */
export function dataPathSection(s: DataPathSummary | undefined): string {
  if (!s) return '';
  const warned = new Set(withoutSuccess(s).map(([operation]) => operation));
  const unsent = (s.notApplicable ?? 0) > 0;
  const rows = Object.entries(s.operations).map(([operation, c]) => warned.has(operation)
    ? `<tr class="warn"><td><code>${esc(operation)}</code> <span class="badge warning" title="no valid request succeeded">⚠ no success</span>${blocked(c)}${learned(c)}</td>${cells(c, unsent)}</tr>`
    : `<tr><td><code>${esc(operation)}</code>${blocked(c)}${learned(c)}</td>${cells(c, unsent)}</tr>`);
  const advice = warned.size === 0 ? ''
    : ` An operation marked ⚠ never got a success: the run did not reach the code behind a valid value, and this is a warning (it fails the run under <code>--fail-on warning</code>). Give known-good values with <code>--values FILE</code>.`;
  return `<section id="data-path">
<h2>Data path: what the valid requests got</h2>
<div class="panel"><p class="counts">${esc(dataPathLine(s))}. A success is HTTP 200 with a result that is not an in-band business error; an in-band failure is HTTP 200 whose result reports one, or a fault that reports a business failure as the target was learned to; unknown is HTTP 200 that the run cannot class, because nothing it learned tells the target's failure answers from its successes (give <code>--failure-pattern REGEX</code>); a fault is a SOAP fault or an HTTP error from the service; refused means the host refused it before the service, or nothing answered. Counts are over all transports, fuzzed samples included.${unsent ? ' Not applicable: valid cases not sent, because the run could not make them valid from what it learned (the reason is the cell\'s title); they are no valid requests.' : ''}${advice}</p>
<table class="data-path"><thead><tr><th>operation</th><th class="num">success</th><th class="num">in-band failure</th><th class="num">unknown</th><th class="num">fault</th><th class="num">refused</th><th class="num">total</th>${unsent ? '<th class="num">not applicable</th>' : ''}</tr></thead><tbody>${rows.join('')}</tbody>
<tfoot><tr><th>all operations</th>${cells(s, unsent)}</tr></tfoot></table></div>
</section>`;
}
