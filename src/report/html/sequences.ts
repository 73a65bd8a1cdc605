/** The Sequences section of report.html (pure): each sequence of one entity step by step, with the
 * ids it made and what state-consistency observed (report/sequences.ts). */
import { esc } from './text.js';
import type { SequenceTally, SequenceView } from '../sequences.js';

const ids = (v: Readonly<Record<string, string>>) => Object.entries(v).filter(([, id]) => id !== '').map(([k, id]) => `${esc(k)} <code>${esc(id)}</code>`).join(', ');

function observed(step: SequenceView['steps'][number]): string {
  const o = step.observed;
  if (!o) return '';
  if (o.status === 'passed') return '<span class="tag pass">held</span>';
  return `<span class="tag level-${esc(o.level ?? 'warning')}">${esc(o.status === 'failed' ? 'did not hold' : o.status)}</span>${o.message ? `<pre class="msg">${esc(o.message)}</pre>` : ''}`;
}

function sequence(v: SequenceView): string {
  const rows = v.steps.map((s) => `<tr><td class="num">${s.step}</td><td>${esc(s.action)}</td><td><code>${esc(s.operation)}</code></td><td>${ids(s.ids)}</td><td>${esc(s.outcome ?? '')}</td><td>${observed(s)}</td></tr>`);
  const broken = v.steps.some((s) => s.observed && s.observed.status !== 'passed');
  return `<details${broken ? ' open' : ''}><summary><code>${esc(v.id)}</code>: ${esc(v.name)} over ${esc(v.transport)}, ${v.steps.length} step${v.steps.length === 1 ? '' : 's'}${broken ? ' <span class="badge warning">⚠ an expectation did not hold</span>' : ''}</summary>
<table class="sequence"><thead><tr><th class="num">step</th><th>action</th><th>operation</th><th>ids</th><th>answer</th><th>state-consistency</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`;
}

/** Empty when the run made no sequence (the echo server, or a run without mutations). */
export function sequencesSection(tally: SequenceTally): string {
  const all = tally.sequences();
  if (all.length === 0) return '';
  return `<section id="sequences"><h2>Sequences: create, find, update, delete</h2><div class="panel"><p class="counts">Each sequence follows one entity it made or took over one transport: the ids are the target's own. An expectation that did not hold is a <code>state-consistency</code> warning (the spec states no semantics).${tally.more > 0 ? ` ${tally.more} further sequences are in records.jsonl.` : ''}</p>
${all.map(sequence).join('\n')}</div></section>`;
}
