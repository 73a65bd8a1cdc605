/** The Anchors section of report.html (pure): per selected operation, the request its probes were
 * built from, or that it had none (engine/learn/anchors.ts). Empty where the run kept no anchors, so a
 * page without them reads byte for byte as before; otherwise it starts on a line of its own. */
import { anchorText, madePerProbe, type AnchorsInfo } from '../digest/anchors.js';
import type { RunInfo } from '../digest/summary.js';
import { esc } from './text.js';

/** The run's selected operations, as its configuration lists them. */
const operationsOf = (run: RunInfo): readonly string[] => (Array.isArray(run.configuration['operations']) ? (run.configuration['operations'] as string[]) : []);

export function anchorsSection(run: RunInfo): string {
  const anchors = run.discovery?.anchors;
  if (!anchors) return '';
  const operations = operationsOf(run);
  const rows = operations.map((op) => {
    const a = anchors[op];
    const made = madePerProbe(op);
    return a ? `<tr><td><code>${esc(op)}</code></td><td>${esc(anchorText(a))}</td></tr>`
      : made ? `<tr><td><code>${esc(op)}</code></td><td>${esc(made)} (where that fails, a refused probe is inconclusive)</td></tr>`
      : `<tr class="warn"><td><code>${esc(op)}</code></td><td>none: a refused probe is inconclusive (info)</td></tr>`;
  });
  return `
<section id="anchors">
<h2>Anchors: what the probes were built from</h2>
<div class="panel"><p class="counts">Each invalid-input and authentication probe is a request the target answered with success (its anchor) with exactly one change, so a refusal is that change's doing. An operation with no anchor is probed with the hand-picked values as before; a refusal of such a probe proves nothing and is inconclusive, an acceptance is still a finding. sig, timestamp and mobilekey are made for each request and are never part of an anchor.</p>
<table class="anchors"><thead><tr><th>operation</th><th>anchor (values, where it succeeded, transport)</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>
</section>`;
}
