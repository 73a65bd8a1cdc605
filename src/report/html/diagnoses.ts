/** report.html's Diagnoses section, at the top: each root cause with its fix and evidence, and the
 * findings it explains folded under it, each linked to its cell and failure file (pure). */
import { cellId } from './details.js';
import { esc } from './text.js';
import { findingFile, findingsCount, type Diagnosis } from '../digest/diagnoses-of.js';

const LISTED = 200;

function article(d: Diagnosis): string {
  const items = d.explains.slice(0, LISTED).map((f) => `<li><a href="#${cellId(f.operation, f.transport)}">${esc(f.operation)} · ${esc(f.transport)}</a> <code>${esc(f.check)}</code> <small>${esc(f.level)}, case ${esc(f.caseId)}, <a href="${esc(findingFile(f))}">${esc(findingFile(f))}</a></small></li>`);
  const more = d.explains.length > LISTED ? `<li>… and ${d.explains.length - LISTED} more (results.json, <code>diagnoses</code>)</li>` : '';
  return `<article class="finding diagnosis" id="diagnosis-${esc(d.id)}"><h4><span class="tag ${d.level === 'error' ? 'fail' : 'skipped'}">${esc(d.level)}</span> <code>${esc(d.id)}</code> ${esc(d.summary)}</h4>
<p><b>Fix:</b> ${esc(d.fix)}</p>
<ul>${d.evidence.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>
<p class="counts">Runtime evidence: ${esc(d.runtimeEvidence)}</p>
<details><summary>Explains ${esc(findingsCount(d.explains.length))}</summary><ul>${items.join('')}${more}</ul></details></article>`;
}

export function diagnosesSection(diagnoses: readonly Diagnosis[], findings: number): string {
  if (diagnoses.length === 0) return '';
  const explained = diagnoses.reduce((n, d) => n + d.explains.length, 0);
  return `<section id="diagnoses"><h2>Diagnoses</h2><div class="panel"><p class="counts">${diagnoses.length === 1 ? 'One root cause explains' : `${diagnoses.length} root causes explain`} ${explained} of ${findings} findings. The findings stay in the report and in the verdict; fix the cause and run again.${explained < findings ? ` ${findings - explained} findings no diagnosis explains are listed first in the console and below.` : ''}</p>${diagnoses.map(article).join('\n')}</div></section>`;
}
