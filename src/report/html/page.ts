/**
 * reports/report.html: one self-contained page for people (pure `(records, run) => string`). The
 * verdict, the run's facts and configuration, the 20 x 4 matrix, details of every failure and
 * parity difference, the WSDL drift, and what the run covered. Every piece of target text is
 * escaped, and a Content-Security-Policy allows only the page's own inline script and style.
 */
import { waiversSection } from './waivers.js';
import { findingsOf, noticesOf } from '../../results/findings.js';
import type { FailOn } from '../../results/levels.js';
import type { ExchangeRecord } from '../../results/record.js';
import { LEFT_OUT_TEXT, type LeftOutKind } from '../../traffic/summary.js';
import { INHERENT } from '../../parity/inherent.js';
import { TRANSPORT_IDS } from '../../transports/index.js';
import { coverageSection } from './coverage.js';
import { cellId, cellSection, diagnosisTag, FULL_PER_REPORT } from './details.js';
import { matrixOf, STATE_HELP, STATE_LABEL, TRANSPORT_LABEL, type Cell, type CellState } from './matrix.js';
import { CSP, SCRIPT, STYLE } from './style.js';
import { esc } from './text.js';
import { filterBar } from './filter.js';
import type { ParitySummary } from '../digest/parity-tally.js';
import { asDigest, type Reported, type RunDigest } from '../digest/digest.js';
import { heldRecords, type RecordSource } from '../../results/exchange-log.js';
import { notCoveredGroups } from '../digest/not-covered.js';
import { failuresOf, notesOf, sampledNote, type RunInfo, type Summary, warningCount, warningsNote } from '../digest/summary.js';
import { judgedText } from '../digest/judged.js';
import { withoutSuccess } from '../digest/data-path.js';
import { dataPathSection } from './data-path.js';
import { anchorsSection } from './anchors.js';
import { sequencesSection } from './sequences.js';
import { referenceSection } from './reference.js';
import { diagnosesOf, explainedBy, findingKey } from '../digest/diagnoses-of.js';
import { diagnosesSection } from './diagnoses.js';
import { runFailureSection } from './run-failure.js';
import { wsiSection } from './wsi.js';
import { wsiGroundsOf } from '../digest/wsi-report.js';

const VERDICT_TEXT = { conforms: 'Conforms', 'conforms-partially': 'Conforms partially: not every selected cell was sent', 'does-not-conform': 'Does not conform', error: 'Error: the tool could not vouch for a verdict' } as const;
const CELL_MARK: Readonly<Record<CellState, string>> = { pass: '✓ pass', fail: '✗ fail', error: '! error', inherent: '≈ inherent', skipped: '– skipped' };

function banner(s: Summary, run: RunInfo): string {
  const profile = String(run.configuration['profile'] ?? 'asmx');
  const facts = [
    ['Target', esc(run.target)],
    ['Profile', `<code>${esc(profile)}</code>`],
    ['Fails on', `<code>${esc(s.failOn)}</code>`],
    ['Seed', `<code>${esc(run.seed)}</code>`],
    ['Started', esc(run.startedAt)],
    ['Duration', `${esc((run.durationMs / 1000).toFixed(1))} s`],
    ['Tool', `${esc(run.tool.name)} ${esc(run.tool.version)}`],
    ...(run.observed ? [['Judged', esc(judgedText(run.observed.exchanges, run.observed))]] : []),
    ...(run.traffic ? [['Traffic', `${esc(run.traffic.replayed)} of ${esc(run.traffic.entries)} captured entries replayed from <code>${esc(run.traffic.source)}</code>`]] : []),
  ].map(([k, v]) => `<span><b>${k}</b> ${v}</span>`).join('');
  return `<header class="banner ${s.verdict}" id="verdict"><div class="inner"><h1>tsiWS.asmx conformance report</h1><div class="verdict">${esc(VERDICT_TEXT[s.verdict])}${esc(sampledNote(s))}${esc(warningsNote(s))}${run.incomplete ? ' <small>(incomplete run)</small>' : ''}</div><div class="facts">${facts}</div></div></header>`;
}

function stats(s: Summary, p: ParitySummary): string {
  const items: Array<[string | number, string, string]> = [
    [s.exchanges.total, 'exchanges', ''],
    [s.exchanges.passed, 'passed', 'good'],
    [s.exchanges.failed, 'failed', s.exchanges.failed > 0 ? 'bad' : ''],
    [s.exchanges.error, 'could not complete', s.exchanges.error > 0 ? 'bad' : ''],
    [s.exchanges.skipped, 'not sent', ''],
    [warningCount(s), s.failOn === 'warning' ? 'warnings (failing: --fail-on warning)' : 'warnings (not failing)', warningCount(s) > 0 ? (s.failOn === 'warning' ? 'bad' : 'warn') : ''],
    [`${p.agreeing}/${p.compared}`, 'cases agree across transports', p.withDefects > 0 ? 'bad' : ''],
  ];
  return `<div class="stats">${items.map(([n, l, cls]) => `<div class="stat ${cls}"><div class="n">${esc(n)}</div><div class="l">${esc(l)}</div></div>`).join('')}</div>`;
}

function notices(digest: RunDigest, s: Summary, run: RunInfo): string {
  const out: string[] = [];
  if (run.incomplete) out.push(`<strong>Incomplete run:</strong> ${esc(run.incomplete.reason)}; ${esc(run.incomplete.casesNotRun)} cases not run, ${esc(run.incomplete.fuzzPropertiesInterrupted)} fuzz properties stopped early.`);
  if (s.sampled && run.observed) out.push(`<strong>Sampled:</strong> ${esc(judgedText(run.observed.exchanges, run.observed))}; the verdict is over the judged exchanges alone (<code>--judge all</code> judges every one).`);
  for (const line of trafficLeftOut(run)) out.push(`<strong>Traffic left out:</strong> ${esc(line)}`);
  for (const e of run.toolErrors) out.push(`<strong>Tool error:</strong> ${esc(e)}`);
  for (const n of notesOf(digest.kept)) out.push(`<strong>Not checked:</strong> <code>${esc(n.check)}</code>: ${esc(n.message)}`);
  for (const [operation] of withoutSuccess(s.dataPath)) {
    out.push(`<strong>Warning:</strong> no valid request to <code>${esc(operation)}</code> succeeded (see <a href="#data-path">Data path</a>); give known-good values with <code>--values FILE</code>.`);
  }
  for (const g of notCoveredGroups(s.cells.notCovered)) {
    out.push(`<strong>Not sent:</strong> ${g.operations.map((o) => `<code>${esc(o)}</code>`).join(', ')} over ${esc(g.transports.join(', '))}: ${esc(g.reason)}`);
  }
  return out.map((n) => `<div class="notice">${n}</div>`).join('');
}

/** Each kind of captured entry a replay left out, with its first entries and why. */
function trafficLeftOut(run: RunInfo): string[] {
  return Object.entries(run.traffic?.leftOutBy ?? {}).map(([kind, v]) =>
    `${v.count} ${LEFT_OUT_TEXT[kind as LeftOutKind]}: ${v.first.map((e) => `entry ${e.entry} (${e.reason})`).join('; ')}${v.count > v.first.length ? '; …' : ''}`);
}

function legend(): string {
  return `<div class="legend">${(Object.keys(STATE_LABEL) as CellState[]).map((s) => `<span title="${esc(STATE_HELP[s])}"><i class="swatch ${s}"></i>${esc(STATE_LABEL[s])}</span>`).join('')}</div>`;
}

function matrix(cells: readonly Cell[][], failOn: FailOn): string {
  const head = `<tr><th class="op">operation</th>${TRANSPORT_IDS.map((t) => `<th>${esc(TRANSPORT_LABEL[t])}</th>`).join('')}</tr>`;
  const rows = cells.map((row) => `<tr><td class="opname" title="${esc(row[0]!.operation)}">${esc(row[0]!.operation)}</td>${row.map((c) => {
    const title = `${c.operation} over ${TRANSPORT_LABEL[c.transport]}: ${STATE_LABEL[c.state]}`;
    const { sent, withFindings: failing } = c;
    const badge = c.warnings > 0 ? ` <span class="badge warning" title="${esc(`${c.warnings} warning${c.warnings === 1 ? '' : 's'}: ASMX behaviour where the contract is silent`)}">⚠ ${c.warnings}</span>` : '';
    const count = sent === 0 ? '' : ` <small>${failing > 0 ? `${failing}/${sent}` : sent}</small>`;
    return `<td><a class="cell ${c.state}" data-state="${c.state}" data-operation="${esc(c.operation)}" data-transport="${c.transport}" href="#${cellId(c.operation, c.transport)}" title="${esc(c.skippedBecause ? `${title}: ${c.skippedBecause}` : `${title}; ${failing} of ${sent} exchanges with findings`)}">${c.state !== 'skipped' ? CELL_MARK[c.state] : c.skippedBecause ? '– held back' : '– not run'}${count}${badge}</a></td>`;
  }).join('')}</tr>`);
  return `<section id="matrix"><h2>Operations × transports</h2><div class="panel">${legend()}<table class="matrix"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table><p class="counts">Each cell shows the worst outcome of that operation over that transport and how many exchanges were sent (failing/sent when some failed), and ⚠ with the number of warnings; click it for the details. Hover the legend for what each colour means.</p>${checksThatFired(cells, failOn, 'error')}</div></section>
${warningsSection(cells, failOn)}`;
}

/** Warnings that did not fail the run, by check and where: never silent. */
function warningsSection(cells: readonly Cell[][], failOn: FailOn): string {
  if (failOn === 'warning' || cells.every((row) => row.every((c) => c.warnings === 0))) return '';
  return `<section id="warnings"><h2>Warnings</h2><div class="panel"><p class="counts">Differences from the behaviour of real ASMX runtimes where the contract is silent (wording, the shape of an error or of a host's own rejection). They do not fail the run; <code>--fail-on warning</code> makes them fail it.</p>${checksThatFired(cells, failOn, 'warning')}</div></section>`;
}

/** Which checks fired, how often and where: the first thing to read about a broken target.
 * `which`: the findings that fail the run, or the warnings that do not. */
function checksThatFired(cells: readonly Cell[][], failOn: FailOn, which: 'error' | 'warning'): string {
  const byCheck = new Map<string, { count: number; cells: Cell[] }>();
  for (const cell of cells.flat()) {
    const ids = which === 'warning'
      ? cell.failing.flatMap((r) => noticesOf(r, failOn).filter((c) => c.level === 'warning').map((c) => c.id))
      : [...cell.failing.flatMap((r) => findingsOf(r, failOn).map((f) => f.split(':')[0]!)), ...cell.differences.filter((d) => !d.difference.inherent).map(() => 'transport-parity')];
    for (const id of ids) {
      const entry = byCheck.get(id) ?? { count: 0, cells: [] };
      entry.count++;
      if (!entry.cells.includes(cell)) entry.cells.push(cell);
      byCheck.set(id, entry);
    }
  }
  if (byCheck.size === 0) return '';
  const rows = [...byCheck].sort((a, b) => b[1].count - a[1].count).map(([id, e]) => {
    const where = e.cells.slice(0, 8).map((c) => `<a href="#${cellId(c.operation, c.transport)}">${esc(c.operation)} · ${esc(TRANSPORT_LABEL[c.transport])}</a>`).join(', ');
    return `<tr><td><code>${esc(id)}</code></td><td class="num">${e.count}</td><td>${where}${e.cells.length > 8 ? ` and ${e.cells.length - 8} more cells` : ''}</td></tr>`;
  });
  const title = which === 'warning' ? 'Checks that warned' : 'Checks that failed';
  return `<h3 class="failing">${title}</h3><table class="failing"><thead><tr><th>check</th><th>${which === 'warning' ? 'warnings' : 'findings'}</th><th>where</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function service(kept: readonly ExchangeRecord[], cause: ReadonlyMap<string, string>): string {
  const service = kept.filter((r) => r.kind === 'service');
  if (service.length === 0) return '';
  const items = service.flatMap((r) => r.checks.map((c) => `<article class="finding"><h4><span class="tag ${c.status === 'passed' ? 'pass' : c.status === 'skipped' ? 'skipped' : 'fail'}">${esc(c.status)}</span> <code>${esc(c.id)}</code>${diagnosisTag(cause.get(findingKey({ caseId: r.caseId, transport: r.transport, check: c.id })))} · ${esc(r.request.method)} <code>${esc(r.request.url)}</code></h4>${c.message ? `<pre class="msg">${esc(c.message)}</pre>` : '<p>The published WSDL matches the contract: no drift.</p>'}</article>`));
  return `<section id="wsdl"><h2>Service description (?WSDL) and drift</h2><div class="panel">${items.join('')}</div></section>`;
}

function details(cells: readonly Cell[][], run: RunInfo, cause: ReadonlyMap<string, string>): string {
  const all = cells.flat();
  const budget = { left: FULL_PER_REPORT };
  const noteworthy = all.filter((c) => c.state === 'fail' || c.state === 'error' || c.state === 'inherent' || c.warnings > 0);
  const quiet = all.filter((c) => !noteworthy.includes(c));
  const inherent = INHERENT.map((b) => `<li><code>${esc(b.id)}</code>: ${esc(b.description)}</li>`).join('');
  return `<section id="details"><h2>Findings and differences</h2>
${noteworthy.length === 0 ? '' : filterBar()}
${noteworthy.length === 0 ? '<p>No findings and no transport differences.</p>' : noteworthy.map((c) => cellSection(c, run, budget, cause)).join('\n')}
${noteworthy.some((c) => c.differences.some((d) => d.difference.inherent)) ? `<details><summary>Inherent ASMX behaviours recognised under the ${esc(String(run.configuration['profile'] ?? 'asmx'))} profile</summary><ul>${inherent}</ul></details>` : ''}
</section>
<section id="other-cells"><h2>Other cells</h2><p class="counts">Cells that passed or sent nothing: counts only.</p><div class="panel compact">${quiet.map((c) => cellSection(c, run, budget)).join('\n')}</div></section>`;
}

/** The resolved configuration, each value with where it came from (reports before issue 60 say no source). */
function configuration(run: RunInfo): string {
  const sources = run.configurationSources;
  const from = (k: string) => (sources ? `<td>${esc(sources[k] ?? (k === 'scoped' ? 'config file' : 'default'))}</td>` : '');
  const rows = Object.entries(run.configuration).filter(([, v]) => v !== undefined).map(([k, v]) => `<tr><td>${esc(k)}</td><td><code>${esc(typeof v === 'string' ? v : JSON.stringify(v))}</code></td>${from(k)}</tr>`);
  return `<section id="configuration"><h2>Configuration</h2><div class="panel"><p class="counts">As resolved from defaults, a config file, .env, environment and flags (each value's source beside it); secrets are shown as placeholders. Namespace <code>${esc(run.namespace)}</code>.</p><table class="config"><tbody>${rows.join('')}</tbody></table></div></section>`;
}

/** `reported`: the run's digest (or its records, for tests and small callers); `source`: the
 * records a digest was made from, for those it does not hold (the differing parity records). */
export function reportHtml(reported: Reported, run: RunInfo, source?: RecordSource): string {
  const digest = asDigest(reported, run);
  const s = digest.summary(run);
  // A run that sent nothing: why, the fix and the command line, and no matrix of 80 empty cells.
  if (run.failure) return page(s, run, `${runFailureSection(run.failure)}\n${configuration(run)}`);
  const records = source ?? (Array.isArray(reported) ? heldRecords(reported as readonly ExchangeRecord[]) : undefined);
  if (!records && digest.differingAt.length > 0) throw new Error('reportHtml: a digest with differing parity records needs the records it was made from');
  const cells = matrixOf(digest, records ? records.at(digest.differingAt) : []);
  // Transports the run sent anything over: a class missing only on an unselected one is no gap.
  const ran = TRANSPORT_IDS.filter((t) => digest.sentOver.has(t));
  const diagnoses = diagnosesOf(digest, run);
  return page(s, run, `${stats(s, digest.parity.summary())}
${diagnosesSection(diagnoses, failuresOf(digest.kept).length)}
${notices(digest, s, run)}
${matrix(cells, s.failOn)}${waiversSection(digest.waivers.uses(run), digest.waivers.findings, s.checks.waived ?? 0)}
${service(digest.kept, explainedBy(diagnoses))}
${referenceSection(digest.reference.records, s.reference)}
${details(cells, run, explainedBy(diagnoses))}
${dataPathSection(s.dataPath)}${anchorsSection(run)}
${wsiSection(digest.wsi, wsiGroundsOf(digest.wsi, run))}
${sequencesSection(digest.sequences)}
${coverageSection(digest.coverage.coverage(), ran)}
${configuration(run)}`);
}

/** The document around `main`: head, verdict banner, footer and script. */
function page(s: Summary, run: RunInfo, main: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(CSP)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(VERDICT_TEXT[s.verdict])}${esc(sampledNote(s))} · tsiWS conformance · ${esc(run.target)}</title>
<style>${STYLE}</style>
</head>
<body>
${banner(s, run)}
<main>
${main}
<footer>Generated by ${esc(run.tool.name)} ${esc(run.tool.version)}. Machine-readable results: <a href="results.json">results.json</a>, <a href="junit.xml">junit.xml</a>, <a href="parity.json">parity.json</a>; failure files in <a href="failures/">failures/</a>.</footer>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
