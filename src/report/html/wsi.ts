/**
 * The "WS-I Basic Profile" section of report.html (issue 51, pure): per assertion its counts by
 * the Analyzer's results, and for one that failed (or warned) the first exchange that did, with its
 * curl command. Every text is escaped: a failure's detail quotes the target.
 */
import { WSI_ASSERTIONS } from '../../checks/wsi/catalog.js';
import { WSI_RESULTS } from '../../checks/wsi/types.js';
import { WSI_REPORT_FILE, type WsiReport, type WsiRunInfo } from '../digest/wsi-report.js';
import { anchor, esc } from './text.js';

const HELD: Readonly<Record<WsiRunInfo['heldBy'], string>> = {
  claim: "The target's WSDL claims WS-I Basic Profile 1.1 (<code>wsi:Claim</code>): the claim is held, a failed assertion is an error.",
  flag: 'Held to WS-I Basic Profile 1.1 by <code>--wsi bp11</code>: a failed assertion is an error.',
  none: 'The target does not claim WS-I Basic Profile 1.1 and the spec does not name it: a failed assertion is a warning (<code>--wsi bp11</code> makes it an error).',
};

/** The two grounds of the grading, each said whatever the other: the claim and the flag. */
function grounds(g: WsiRunInfo): string {
  const claim = g.claimFound ? 'found in the target\'s WSDL (<code>wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1"</code>)'
    : g.wsdlUnread ? `none known: the target's WSDL was not read (${esc(g.wsdlUnread)})` : "none in the target's WSDL";
  return `<p class="counts" id="wsi-grounds">Claim: ${claim}. <code>--wsi bp11</code>: ${g.asked === 'bp11' ? 'asked' : 'not asked'}.</p>`;
}

/** Empty when the run judged no WS-I assertion (the wsi checks left out, or a report from before them). */
export function wsiSection(report: WsiReport, g: WsiRunInfo): string {
  if (report.subjects === 0) return '';
  const rows = WSI_ASSERTIONS.map((a) => {
    const t = report.tally(a.id)!;
    const bad = t.counts.failed > 0;
    const first = t.first
      ? `<details><summary>first ${esc(t.first.result)}: <code>${esc(t.first.subject)}</code></summary><pre class="msg">${esc(t.first.detail)}</pre>${t.first.curl ? `<h5>Reproduce with curl</h5><pre class="cmd">${esc(t.first.curl)}</pre>` : '<p class="counts">Its curl command was not kept (an exchange without findings that fail or warn is kept compact).</p>'}</details>`
      : t.note ? `<small>${esc(t.note)}</small>` : '';
    return `<tr id="${anchor('wsi', a.id)}"${bad ? ' class="warn"' : ''}><td><code>${esc(a.id)}</code>${a.tad ? ` <small>${esc(a.tad)}</small>` : ''}</td><td title="${esc(`${a.section}: ${a.requirement}`)}">${esc(a.target)}</td>${WSI_RESULTS.map((r) => `<td class="num">${t.counts[r]}</td>`).join('')}<td>${first}</td></tr>`;
  });
  return `<section id="wsi"><h2>WS-I Basic Profile</h2>
<div class="panel">${grounds(g)}<p class="counts">${HELD[g.heldBy]} Basic Profile 1.1 and the Simple SOAP Binding Profile 1.0 cover SOAP 1.1 only: SOAP 1.2, HTTP GET and HTTP POST exchanges are <code>notApplicable</code>. The Analyzer's report: <a href="${WSI_REPORT_FILE}">${WSI_REPORT_FILE}</a>; the assertions: <code>tsiws-conform checks --wsi</code>.</p>
<table class="wsi"><thead><tr><th>assertion</th><th>target</th>${WSI_RESULTS.map((r) => `<th class="num">${esc(r)}</th>`).join('')}<th>first failure</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>
</section>`;
}
