/** report.html's waivers section (report/digest/waivers.ts): every waiver of the run, what it forgave,
 * which expired and which were stale, then the waived findings. Nothing without waivers. */
import { isStale, type WaiverUse } from '../../results/waivers.js';
import { waivedText, waiverText, type WaivedFinding } from '../digest/waivers.js';
import { esc } from './text.js';

export function waiversSection(uses: readonly WaiverUse[], findings: readonly WaivedFinding[], waivedCount: number): string {
  if (uses.length === 0) return '';
  const state = (u: WaiverUse) => (u.expiredMatches > 0 ? 'expired' : isStale(u) ? 'stale waiver' : 'waived');
  const rows = uses.map((u) => `<tr><td>${esc(state(u))}</td><td>${esc(waiverText(u))}</td></tr>`);
  const listed = findings.map((f) => `<li><code>${esc(f.check)}</code> ${esc(f.operation)} ${esc(f.transport)} <code>${esc(f.caseId)}</code>: waived: ${esc(f.message)} <em>(${esc(waivedText(f))})</em></li>`);
  const more = waivedCount > findings.length ? `<p class="counts">${waivedCount - findings.length} more waived findings are counted, not listed.</p>` : '';
  return `
<section id="waivers"><h2>Waivers</h2><div class="panel"><p class="counts">Findings the run was told to accept until a date (--waivers, or the config file's waivers). A waived finding does not fail the run; from its waiver's expiry on it fails again. A stale waiver matched nothing in this run (a note).</p><table class="config"><tbody>${rows.join('')}</tbody></table>${listed.length > 0 ? `<ul>${listed.join('')}</ul>` : ''}${more}</div></section>`;
}
