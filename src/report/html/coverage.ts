/** The coverage section of report.html: which value classes each parameter was sent with, per
 * transport, and which negative scenarios were tried (pure). */
import { TRANSPORT_IDS, type TransportId } from '../../transports/index.js';
import type { OperationCoverage, ParamCoverage } from '../digest/coverage.js';
import { TRANSPORT_LABEL } from './matrix.js';
import { anchor, esc } from './text.js';
import { CLASS_HELP, VALUE_CLASSES } from '../../cases/value-classes.js';

const percent = (covered: number, applicable: number) => (applicable === 0 ? 100 : Math.round((100 * covered) / applicable));

const SHORT: Readonly<Record<TransportId, string>> = { soap11: '1.1', soap12: '1.2', get: 'GET', post: 'POST' };

/** One chip per applicable class with the values sent over all transports; a class sent over
 * some of the run's transports but not others is marked with the ones it missed. */
function chips(p: ParamCoverage, ran: readonly TransportId[]): string {
  return p.applicable.map((c) => {
    const per = ran.map((t) => [t, p.byTransport[t][c] ?? 0] as const);
    const n = per.reduce((sum, [, k]) => sum + k, 0);
    const missing = n > 0 ? per.filter(([, k]) => k === 0).map(([t]) => SHORT[t]) : [];
    const title = `${c}: ${per.map(([t, k]) => `${TRANSPORT_LABEL[t]} ${k}`).join(', ') || 'nothing sent'}`;
    return `<span class="chip ${n === 0 ? 'off' : missing.length > 0 ? 'partial' : 'on'}" title="${esc(title)}">${esc(c)}${n > 0 ? `<sub>${n}</sub>` : ''}${missing.length > 0 ? ` <small>not ${esc(missing.join('/'))}</small>` : ''}</span>`;
  }).join('');
}

function bar(covered: number, applicable: number): string {
  const p = percent(covered, applicable);
  return `<span class="bar" role="img" aria-label="${p}%"><span style="width:${p}%"></span></span> ${p}% <small>(${covered}/${applicable})</small>`;
}

function operationTable(op: OperationCoverage, ran: readonly TransportId[]): string {
  const rows = op.params.map((p) => `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.type)}</td><td>${chips(p, ran)}</td></tr>`);
  // One row per scenario: the parameters it spoiled and the transports it went over.
  const byScenario = new Map<string, { params: Set<string>; transports: Set<TransportId> }>();
  for (const t of TRANSPORT_IDS) {
    for (const entry of op.scenarios[t]) {
      const [, id, param] = /^([^(]+)(?:\((.*)\))?$/.exec(entry)!;
      const row = byScenario.get(id!) ?? { params: new Set<string>(), transports: new Set<TransportId>() };
      if (param) row.params.add(param);
      row.transports.add(t);
      byScenario.set(id!, row);
    }
  }
  const scenarioRows = [...byScenario].map(([id, row]) => `<tr class="scenario"><td><code>${esc(id)}</code></td><td>${row.params.size > 0 ? `<span title="${esc([...row.params].join(', '))}">${row.params.size} param${row.params.size === 1 ? '' : 's'}</span>` : ''}</td><td>${TRANSPORT_IDS.map((t) => `<span class="chip ${row.transports.has(t) ? 'on' : 'off'}">${esc(TRANSPORT_LABEL[t])}</span>`).join('')}</td></tr>`);
  const scenarios = scenarioRows.length === 0 ? ['<tr><td colspan="3"><em>no negative scenarios sent</em></td></tr>'] : [`<tr><th>negative scenario</th><th>spoiled</th><th>sent over</th></tr>`, ...scenarioRows];
  return `<table class="coverage"><thead><tr><th>parameter</th><th>type</th><th>value classes sent (count over all transports; hover for each transport)</th></tr></thead><tbody>${rows.join('')}${scenarios.join('')}</tbody></table>`;
}

/** `ran`: the transports the run sent anything over: a class missing only on an unselected one is no gap. */
export function coverageSection(coverage: readonly OperationCoverage[], ran: readonly TransportId[]): string {
  const covered = coverage.reduce((n, o) => n + o.covered, 0);
  const applicable = coverage.reduce((n, o) => n + o.applicable, 0);
  const overview = coverage.map((op) => `<tr><td><a href="#${anchor('cov', op.operation)}">${esc(op.operation)}</a></td><td class="num">${op.requests.positive}</td><td class="num">${op.requests.negative}</td><td class="num">${op.requests.fuzz}</td><td>${bar(op.covered, op.applicable)}</td></tr>`);
  const legend = VALUE_CLASSES.map((c) => `<dt><span class="chip on">${esc(c)}</span></dt><dd>${esc(CLASS_HELP[c])}</dd>`).join('');
  const perOperation = coverage.map((op) => `<details class="cov-op" id="${anchor('cov', op.operation)}"><summary><strong>${esc(op.operation)}</strong> ${op.requests.positive + op.requests.negative + op.requests.fuzz === 0 ? '<em>not run</em>' : bar(op.covered, op.applicable)}</summary>${operationTable(op, ran)}</details>`);
  return `<section id="coverage">
<h2>Coverage: what was sent</h2>
<p>Each parameter's values are sorted into classes; a class never sent is input the target was not tried with. Overall ${bar(covered, applicable)} of the (parameter, class) pairs the contract's types admit. Counts are requests over all transports; fuzzed samples include shrinking steps. Small numbers here mean a thin run: raise <code>--runs</code>.</p>
<table class="cov-overview"><thead><tr><th>operation</th><th class="num">positive</th><th class="num">negative</th><th class="num">fuzzed</th><th>value classes sent</th></tr></thead><tbody>${overview.join('')}</tbody></table>
<details class="cov-legend"><summary>What the classes mean</summary><dl>${legend}</dl></details>
${perOperation.join('\n')}
</section>`;
}
