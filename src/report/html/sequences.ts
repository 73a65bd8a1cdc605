/** The Sequences section of report.html (pure): each sequence of one entity step by step, with the
 * ids it made and what state-consistency observed (report/digest/sequences.ts). */
import { esc } from './text.js';
import type { SequenceTally, SequenceView } from '../digest/sequences.js';

const ids = (v: Readonly<Record<string, string>>) => Object.entries(v).filter(([, id]) => id !== '').map(([k, id]) => `${esc(k)} <code>${esc(id)}</code>`).join(', ');

type Step = SequenceView['steps'][number];

/** A warning-level verdict: the target showed a relation and then broke it. */
const broke = (s: Step) => s.observed?.status === 'failed' && (s.observed.level ?? 'warning') !== 'info';

function observed(step: Step): string {
  const o = step.observed;
  if (!o) return '';
  if (o.status === 'passed') return '<span class="tag pass">held</span>';
  const label = o.status !== 'failed' ? o.status : o.level === 'info' ? 'inconclusive' : 'did not hold';
  return `<span class="tag level-${esc(o.level ?? 'warning')}">${esc(label)}</span>${o.message ? `<pre class="msg">${esc(o.message)}</pre>` : ''}`;
}

/** The answer's outcome, or why the step was not sent. */
const answer = (s: Step) => (s.skipped ? `<span class="tag">not applicable</span> ${esc(s.skipped.replace(/^not applicable: /, ''))}` : esc(s.outcome ?? ''));

function sequence(v: SequenceView): string {
  const rows = v.steps.map((s) => `<tr><td class="num">${s.step}</td><td>${esc(s.action)}</td><td><code>${esc(s.operation)}</code></td><td>${ids(s.ids)}</td><td>${answer(s)}</td><td>${observed(s)}</td></tr>`);
  const broken = v.steps.some(broke);
  return `<details${broken ? ' open' : ''}><summary><code>${esc(v.id)}</code>: ${esc(v.name)} over ${esc(v.transport)}, ${v.steps.length} step${v.steps.length === 1 ? '' : 's'}${broken ? ' <span class="badge warning">⚠ an expectation did not hold</span>' : ''}</summary>
<table class="sequence"><thead><tr><th class="num">step</th><th>action</th><th>operation</th><th>ids</th><th>answer</th><th>observed</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`;
}

/** Empty when the run made no sequence (the echo server, or a run without mutations). */
export function sequencesSection(tally: SequenceTally): string {
  const all = tally.sequences();
  if (all.length === 0) return '';
  return `<section id="sequences"><h2>Sequences: create, find, update, delete</h2><div class="panel"><p class="counts">Each sequence follows one entity it made or took over one transport: the ids are the target's own. Which read shows an entity is observed, never assumed: where a read showed it and then did not show the change (or still showed it deleted), that is a <code>state-consistency</code> warning; where no read was seen to show it, the step is inconclusive (info). The update and the delete are sent once more with an id no read listed: one refusing it and the other answering success is an <code>answers-agree</code> warning. A step that could not be filled from what was learned, or that follows a step that did not succeed, is not applicable and was not sent.${tally.more > 0 ? ` ${tally.more} further sequences are in records.jsonl.` : ''}</p>
${all.map(sequence).join('\n')}</div></section>`;
}
