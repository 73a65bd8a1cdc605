/**
 * The details of report.html: one section per matrix cell; for each failure the check, the
 * expectation, the request and response, a curl command and the replay command; for each parity
 * difference its class and character diff. Passing exchanges get counts only, to keep the file small.
 */
import { join } from 'node:path';
import { findingsOf } from '../../results/findings.js';
import type { ExchangeRecord } from '../../results/record.js';
import { failureFile, failureId } from '../digest/failure-files.js';
import { STATE_LABEL, TRANSPORT_LABEL, type Cell } from './matrix.js';
import { anchor, esc, visible } from './text.js';
import { requestText, responseText } from '../digest/wire-text.js';
import type { RunInfo } from '../digest/summary.js';
import { findingData } from './filter.js';
import type { DiffPart, ParityDifference } from '../../results/differences.js';
import { findingKey } from '../digest/diagnoses-of.js';

/** Failures shown in full per cell, and in the whole file; the rest are listed by name and link. */
export const FULL_PER_CELL = 10;
export const FULL_PER_REPORT = 200;

export const cellId = (operation: string, transport: string) => anchor('cell', operation, transport);

const pre = (text: string, cls = '') => `<pre${cls ? ` class="${cls}"` : ''}>${esc(text)}</pre>`;

function caseLine(r: ExchangeRecord): string {
  const parts = [`<span class="tag kind-${esc(r.kind)}">${esc(r.kind)}</span>`, `<code>${esc(r.caseId)}</code>`];
  if (r.scenario) parts.push(`scenario <code>${esc(r.scenario)}</code>${r.param ? ` on <code>${esc(r.param)}</code>` : ''}`);
  if (r.traffic) parts.push(`captured entry <code>${esc(r.traffic.entry)}</code>${r.traffic.startedDateTime ? ` of ${esc(r.traffic.startedDateTime)}` : ''}, sent by the client over ${esc(r.traffic.captured)}${r.traffic.clientErrors ? ` (client checks: ${r.traffic.clientErrors.map((c) => `<code>${esc(c)}</code>`).join(', ')})` : ''}`);
  const ladder = r.fuzz?.ladder;
  if (ladder) parts.push(`ladder rung <code>${esc(ladder.rung)}</code>: <code>${esc(ladder.param)}</code> with ${esc(ladder.what)}, the one change from ${esc(ladder.base)}`);
  else if (r.fuzz) parts.push(`fuzz seed <code>${esc(r.fuzz.seed)}</code>${r.fuzz.path ? `, path <code>${esc(r.fuzz.path)}</code>` : ''} after ${esc(r.fuzz.runs)} runs${r.fuzz.shrinks ? `, ${esc(r.fuzz.shrinks)} shrinks` : ''}${r.fuzz.shrinkCutShort ? ' (shrinking cut short: may not be minimal)' : ''}`);
  return parts.join(' · ');
}

function valuesTable(values: Readonly<Record<string, string>> | undefined, spoiled?: string): string {
  const rows = Object.entries(values ?? {});
  if (rows.length === 0) return '';
  return `<table class="values"><thead><tr><th>parameter</th><th>value sent</th></tr></thead><tbody>${rows.map(([k, v]) => `<tr${k === spoiled ? ' class="spoiled" title="the value this negative case spoiled"' : ''}><td><code>${esc(k)}</code></td><td><code class="value">${v === '' ? '<em>(empty)</em>' : esc(visible(v.length > 300 ? `${v.slice(0, 300)}… (${v.length} characters)` : v))}</code></td></tr>`).join('')}</tbody></table>`;
}

function exchange(r: ExchangeRecord): string {
  const response = r.response ? responseText(r.response) : '(no response)';
  return `<div class="exchange"><div><h5>Request</h5>${pre(requestText(r.request), 'wire')}</div><div><h5>Response</h5>${pre(response, 'wire')}</div></div>`;
}

/** A finding a diagnosis explains links to it (report.html's Diagnoses section). */
export const diagnosisTag = (id: string | undefined) => (id ? ` <a class="tag diagnosis" href="#diagnosis-${esc(id)}">explained: ${esc(id)}</a>` : '');

/** `cause`: the diagnosis explaining each finding (diagnoses-of.ts findingKey), marked beside it. */
function failureArticle(r: ExchangeRecord, run: RunInfo, cause: ReadonlyMap<string, string>): string {
  const id = failureId(r);
  const dir = String(run.configuration['reportsDir'] ?? 'reports');
  // The failure file says "<target>" (it may be replayed elsewhere); here the run's own target helps more.
  const replay = failureFile(r, run, join(dir, 'failures', `${id}.json`)).replay.replace('<target>', run.target);
  const fired = r.checks.filter((c) => c.status === 'error' || (c.status === 'failed' && c.level !== 'info'));
  const findings = r.error
    ? [`<li><strong class="check">${esc(r.error.code)}</strong> <span class="msg">${esc(r.error.message)}</span></li>`]
    : fired.map((c) => `<li><strong class="check">${esc(c.id)}</strong>${diagnosisTag(cause.get(findingKey({ caseId: r.caseId, transport: r.transport, check: c.id })))}${c.status === 'error' ? ' <span class="tag error">check crashed</span>' : ` <span class="tag level-${esc(c.level ?? 'error')}">${esc(c.level ?? 'error')}</span>`}${pre(c.message ?? '', 'msg')}</li>`);
  // An exchange not completed, or a crashed check, is an error whatever --fail-on says.
  const data = findingData({
    checks: r.error ? [r.error.code] : fired.map((c) => c.id), operation: r.operation, transport: r.transport,
    levels: r.error ? ['error'] : fired.map((c) => (c.status === 'error' ? 'error' : c.level ?? 'error')),
  });
  const expectation = r.expectation
    ? `<p class="expect"><strong>Expected</strong> (${esc(r.expectation.profile)} profile): ${esc(r.expectation.summary)}<br><small>Evidence: ${esc(r.expectation.evidence)}</small></p>`
    : '';
  return `<article class="finding" id="${anchor('f', id)}" ${data}>
<h4>${caseLine(r)}</h4>
<ul class="checks">${findings.join('')}</ul>
${expectation}
${valuesTable(r.values, r.scenario ? r.param : undefined)}
${exchange(r)}
<h5>Reproduce with curl</h5>${pre(r.request.curl, 'cmd')}
<h5>Replay and re-check</h5>${pre(replay, 'cmd')}
<p class="file">Saved as <a href="failures/${esc(id)}.json"><code>failures/${esc(id)}.json</code></a></p>
</article>`;
}

function diffHtml(parts: readonly DiffPart[]): string {
  return `<pre class="diff">${parts.map((p) => {
    const text = esc(visible(p.text));
    return p.op === '+' ? `<ins>${text}</ins>` : p.op === '-' ? `<del>${text}</del>` : `<span>${text}</span>`;
  }).join('')}</pre>`;
}

function differenceArticle(record: ExchangeRecord, d: ParityDifference, cause: ReadonlyMap<string, string>): string {
  const mine = record.parity!.outcomes.find((o) => o.transport === d.transport);
  const label = d.inherent ? `<span class="tag inherent">inherent: ${esc(d.inherent.id)}</span>` : `<span class="tag fail">defect</span>${diagnosisTag(cause.get(findingKey({ caseId: record.caseId, transport: record.transport, check: 'transport-parity' })))}`;
  const parity = record.checks.find((c) => c.id === 'transport-parity');
  const level = d.inherent ? 'info' : parity?.status === 'failed' ? parity.level ?? 'error' : 'error';
  return `<article class="difference" ${findingData({ checks: ['transport-parity'], operation: record.operation, transport: d.transport, levels: [level] })}>
<h4>${label} <code>${esc(record.caseId)}</code> · ${esc(TRANSPORT_LABEL[d.transport])} differs from ${esc(TRANSPORT_LABEL[d.reference])}: <strong>${esc(d.class)}</strong></h4>
<p>${esc(d.detail)}</p>
${d.diff ? `<p class="legend-inline"><del>only in ${esc(TRANSPORT_LABEL[d.reference])}</del> <ins>only in ${esc(TRANSPORT_LABEL[d.transport])}</ins> (normalised result texts)</p>${diffHtml(d.diff)}` : ''}
${d.inherent ? `<p class="evidence"><small>Evidence: ${esc(d.inherent.evidence)}</small></p>` : ''}
${valuesTable(record.values)}
${mine ? `<h5>Reproduce with curl</h5>${pre(mine.curl, 'cmd')}` : ''}
</article>`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function counts(cell: Cell): string {
  if (cell.exchanges === 0) return 'nothing sent in this run';
  if (cell.skippedBecause) return esc(cell.skippedBecause);
  const parts = [`${plural(cell.exchanges, 'exchange')} (${esc([...cell.byKind].map(([k, n]) => `${n} ${k}`).join(', '))})`];
  parts.push(cell.withFindings > 0 ? `${cell.withFindings} with findings` : 'all passed');
  if (cell.warnings > 0) parts.push(plural(cell.warnings, 'warning'));
  if (cell.differences.length > 0) parts.push(plural(cell.differences.length, 'parity difference'));
  return parts.join('; ');
}

/** One section per cell; `budget` counts the failures still shown in full across the report. */
export function cellSection(cell: Cell, run: RunInfo, budget: { left: number }, cause: ReadonlyMap<string, string> = new Map()): string {
  // Warnings are shown like failures (each with its level), so a vendor can reproduce them too.
  const failing = cell.failing;
  const shown = failing.slice(0, Math.max(0, Math.min(FULL_PER_CELL, budget.left)));
  budget.left -= shown.length;
  const rest = failing.slice(shown.length);
  const more = rest.length > 0
    ? `<details class="more"><summary>${rest.length} more failures in this cell (full details in their failure files)</summary><ul>${rest.map((r) => `<li><a href="failures/${esc(failureId(r))}.json"><code>${esc(r.caseId)}</code></a>: ${esc(findingsOf(r, 'warning').map((f) => f.split(':')[0]).join(', '))}</li>`).join('')}</ul></details>`
    : '';
  const heading = `<h3><span class="dot ${cell.state}"></span>${esc(cell.operation)} · ${esc(TRANSPORT_LABEL[cell.transport])} <span class="tag ${cell.state}">${esc(STATE_LABEL[cell.state])}</span></h3>`;
  return `<section class="cell-detail state-${cell.state}" id="${cellId(cell.operation, cell.transport)}">
${heading}
<p class="counts">${counts(cell)} · <a href="#matrix">back to the matrix</a></p>
${shown.map((r) => failureArticle(r, run, cause)).join('\n')}
${more}
${cell.differences.map(({ record, difference }) => differenceArticle(record, difference, cause)).join('\n')}
</section>`;
}
