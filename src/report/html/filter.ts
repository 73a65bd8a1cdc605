/**
 * The findings filter of report.html: by check, operation, transport and level. Each finding and
 * parity difference carries its values as data attributes (findingData); a small inline script
 * fills the four lists from them and hides what does not match. Without the script the bar stays
 * hidden and every finding is shown.
 */
import { esc } from './text.js';

export const FILTERS = ['check', 'operation', 'transport', 'level'] as const;

/** The data attributes a filter reads; several checks or levels are separated by spaces. */
export function findingData(values: { checks: readonly string[]; operation: string; transport: string; levels: readonly string[] }): string {
  const uniq = (xs: readonly string[]) => [...new Set(xs)].join(' ');
  return `data-checks="${esc(uniq(values.checks))}" data-operation="${esc(values.operation)}" data-transport="${esc(values.transport)}" data-levels="${esc(uniq(values.levels))}"`;
}

export const filterBar = (): string =>
  `<div id="filters" class="filters" hidden>${FILTERS.map((f) => `<label>${f} <select name="${f}"><option value="">all</option></select></label>`).join('')}<span class="shown" aria-live="polite"></span></div>`;

// ES5 in a string: it runs under the page's CSP by hash (style.ts), with no build step.
export const FILTER_SCRIPT = `(function(){var bar=document.getElementById('filters');if(!bar)return;
var items=[].slice.call(document.querySelectorAll('#details article[data-checks]'));if(items.length===0)return;
var attr={check:'checks',operation:'operation',transport:'transport',level:'levels'};var keys=Object.keys(attr);var sel={};
function has(a,k,v){return (' '+(a.getAttribute('data-'+attr[k])||'')+' ').indexOf(' '+v+' ')>=0;}
function apply(){var shown=0;items.forEach(function(a){var ok=keys.every(function(k){return !sel[k].value||has(a,k,sel[k].value);});a.hidden=!ok;if(ok)shown++;});
[].forEach.call(document.querySelectorAll('#details section.cell-detail'),function(s){var arts=s.querySelectorAll('article[data-checks]');if(arts.length>0)s.hidden=![].some.call(arts,function(a){return !a.hidden;});});
bar.querySelector('.shown').textContent=shown+' of '+items.length+' findings shown';}
keys.forEach(function(k){var seen={};items.forEach(function(a){(a.getAttribute('data-'+attr[k])||'').split(' ').forEach(function(v){if(v)seen[v]=1;});});
var s=bar.querySelector('select[name="'+k+'"]');Object.keys(seen).sort().forEach(function(v){var o=document.createElement('option');o.value=v;o.textContent=v;s.appendChild(o);});
s.addEventListener('change',apply);sel[k]=s;});
bar.hidden=false;apply();})();`;
