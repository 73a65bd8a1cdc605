/** The "Differences from the reference" section of report.html (pure): per operation and transport
 * compared with --reference-url, each field that differed beyond the noise with the reference's and
 * the candidate's values side by side and how often, the outcome differences the profile explains,
 * and the noise learned, so a reader sees what was ignored (issue 38). */
import type { ExchangeRecord } from '../../results/record.js';
import type { FieldTally, ReferenceCounts, ReferenceSummary } from '../../results/reference.js';
import { referenceLine } from '../digest/reference.js';
import { esc } from './text.js';

const value = (v: string | null) => (v === null ? '<em>absent</em>' : `<code>${esc(v)}</code>`);

function fieldRows(tallies: readonly FieldTally[]): string {
  return tallies.map((t) => `<tr><td><code>${esc(t.field)}</code></td><td>${value(t.example.reference)}</td><td>${value(t.example.candidate)}</td><td class="num">${t.different} of ${t.compared}</td><td><code>${esc(t.example.caseId)}</code></td></tr>`).join('');
}

const FIELD_HEAD = '<thead><tr><th>field</th><th>reference</th><th>candidate</th><th class="num">differed</th><th>first case</th></tr></thead>';

function noiseList(s: ReferenceSummary): string {
  const from = s.noiseFromOtherOperations
    ? 'Noise learned from the other operations (the reference answered each case of this one once: a create, update or delete), ignored on every transport'
    : 'Noise learned for the operation (ignored on every transport)';
  if (s.noiseFields.length === 0) return s.noiseFromOtherOperations
    ? '<p class="counts">No noise learned: the reference answered each case of this operation once, and no other operation showed noise.</p>'
    : '<p class="counts">No noise learned: the reference answered every case of this operation the same way each time.</p>';
  return `<p class="counts">${from}: ${s.noiseFields.map((n) => `<code>${esc(n.field)}</code> (${n.times}×)`).join(', ')}</p>`;
}

function cell(r: ExchangeRecord): string {
  const s = r.referenceSummary!;
  const failed = r.checks.some((c) => c.id === 'matches-reference' && c.status === 'failed');
  const counts = `${s.compared} compared: ${s.same} the same, ${s.noise} only in noise, ${s.different} beyond it`;
  const differences = s.differences.length === 0 ? '' : `<table class="reference">${FIELD_HEAD}<tbody>${fieldRows(s.differences)}</tbody></table>`;
  const explained = s.explained.length === 0 ? '' : `<h5>Outcome differences the profile explains (a host refusal on one side)</h5><table class="reference">${FIELD_HEAD}<tbody>${fieldRows(s.explained)}</tbody></table>`;
  const reproduce = failed && r.request.curl ? `<h5>Reproduce the first difference with curl</h5><pre class="cmd">${esc(r.request.curl)}</pre>` : '';
  return `<details${failed ? ' open' : ''}><summary><span class="tag ${failed ? 'fail' : 'pass'}">${failed ? 'different' : s.compared === 0 ? 'not compared' : 'matches'}</span> <code>${esc(r.operation)}</code> over ${esc(r.transport)}: ${esc(counts)}</summary>
${differences}${explained}${noiseList(s)}${reproduce}</details>`;
}

/** Empty when the run had no reference. */
export function referenceSection(records: readonly ExchangeRecord[], counts: ReferenceCounts | undefined): string {
  if (!counts) return '';
  return `<section id="reference"><h2>Differences from the reference</h2><div class="panel"><p class="counts">${esc(referenceLine(counts))}. A field the reference's own answers differed in is noise for the operation and is not counted against the candidate.</p>
${records.map(cell).join('\n')}</div></section>`;
}
