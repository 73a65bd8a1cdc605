/** The inline style and script of report.html: no fonts, images or scripts from anywhere else. */
import { createHash } from 'node:crypto';
import { FILTER_SCRIPT } from './filter.js';

export const STYLE = `
:root{--pass:#1f7a3a;--pass-bg:#d9f2df;--fail:#b3261e;--fail-bg:#fbdad7;--error:#8a4b00;--error-bg:#ffe2b8;--inherent:#1f5fa8;--inherent-bg:#dbe8fb;--skip:#666;--skip-bg:#eeeeee;--ink:#1d1f23;--muted:#5d6470;--line:#d8dce2;--paper:#fff;--code-bg:#f5f6f8}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#f3f4f6}
main{max-width:1180px;margin:0 auto;padding:0 20px 60px}
h1{font-size:20px;margin:0}h2{font-size:19px;margin:36px 0 10px;padding-bottom:4px;border-bottom:1px solid var(--line)}h3{font-size:16px;margin:0 0 4px}h4{font-size:14px;margin:0 0 6px;font-weight:600}h5{font-size:12px;margin:12px 0 4px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
code,pre{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
pre{background:var(--code-bg);border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin:0;white-space:pre-wrap;word-break:break-all;max-height:420px;overflow:auto}
a{color:#1a56b0}
header.banner{padding:22px 20px;color:#fff}
header.banner .inner{max-width:1180px;margin:0 auto;padding:0 20px}
header.banner.conforms{background:linear-gradient(90deg,#17663a,#1f7a3a)}
header.banner.conforms-partially{background:linear-gradient(90deg,#3d5a1e,#6b6a12)}
header.banner.does-not-conform{background:linear-gradient(90deg,#8e1d17,#b3261e)}
header.banner.error{background:linear-gradient(90deg,#6b3a00,#8a4b00)}
.verdict{font-size:30px;font-weight:700;letter-spacing:.01em;margin:2px 0 6px}
.banner .facts{display:flex;flex-wrap:wrap;gap:6px 22px;font-size:14px;opacity:.95}
.banner .facts b{font-weight:600}.banner .facts span{overflow-wrap:anywhere;min-width:0}
.banner code{background:rgba(255,255,255,.16);padding:1px 5px;border-radius:4px;color:#fff}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;margin:18px 0 0}
.stat{background:var(--paper);border:1px solid var(--line);border-radius:8px;padding:10px 12px}
.stat .n{font-size:22px;font-weight:700}.stat .l{color:var(--muted);font-size:13px}
.stat.bad .n{color:var(--fail)}.stat.good .n{color:var(--pass)}.stat.warn .n{color:#8a5a00}
.badge.warning{display:inline-block;margin-left:4px;font-size:11px;font-weight:700;color:#6b4500;background:#fff1c2;border:1px solid #e6c25a;border-radius:999px;padding:0 5px}
.tag.level-error{background:#fde2df;color:#8e1d17}.tag.level-warning{background:#fff1c2;color:#6b4500}.tag.level-info{background:#eceff3;color:#394150}
.notice{background:#fff7e0;border:1px solid #f0d58c;border-radius:8px;padding:10px 14px;margin:14px 0}
.panel{background:var(--paper);border:1px solid var(--line);border-radius:10px;padding:16px 18px}
.legend{display:flex;flex-wrap:wrap;gap:8px 18px;margin:0 0 12px;font-size:13px;color:var(--muted)}
.legend span{display:inline-flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:16px;height:16px;border-radius:4px;border:1px solid rgba(0,0,0,.12)}
table{border-collapse:collapse}
table.matrix{width:100%;table-layout:fixed}
.matrix th{font-size:13px;text-align:left;padding:6px 8px;color:var(--muted);font-weight:600}
.matrix th.op{width:34%}
.matrix td{padding:2px}
.matrix td.opname{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:4px 8px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
a.cell{display:flex;align-items:center;gap:6px;justify-content:center;height:30px;border-radius:5px;text-decoration:none;font-size:13px;font-weight:600;border:1px solid transparent}
a.cell:hover,a.cell:focus{outline:2px solid #222;outline-offset:1px}
.pass{background:var(--pass-bg);color:var(--pass)}.fail{background:var(--fail-bg);color:var(--fail)}.error{background:var(--error-bg);color:var(--error)}.inherent{background:var(--inherent-bg);color:var(--inherent)}
.skipped{background:repeating-linear-gradient(45deg,#f4f4f4,#f4f4f4 5px,#e9e9e9 5px,#e9e9e9 10px);color:var(--skip)}
a.cell small{font-weight:500;opacity:.8}
a.cell.fail{border-color:#e8a39d}a.cell.error{border-color:#e7b877}
.tag{display:inline-block;font-size:11.5px;font-weight:600;padding:1px 7px;border-radius:999px;vertical-align:1px}
.tag.kind-positive,.tag.kind-negative,.tag.kind-fuzz,.tag.kind-service{background:#eceff3;color:#394150}
.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:8px;vertical-align:1px}
.dot.pass{background:var(--pass)}.dot.fail{background:var(--fail)}.dot.error{background:var(--error)}.dot.inherent{background:var(--inherent)}.dot.skipped{background:#aaa}
section.cell-detail{background:var(--paper);border:1px solid var(--line);border-left:5px solid #aaa;border-radius:8px;padding:12px 16px;margin:12px 0;scroll-margin-top:48px}
section.cell-detail.state-pass{border-left-color:var(--pass)}section.cell-detail.state-fail{border-left-color:var(--fail)}section.cell-detail.state-error{border-left-color:var(--error)}section.cell-detail.state-inherent{border-left-color:var(--inherent)}
section.cell-detail:target{box-shadow:0 0 0 3px #1a56b0;}
.compact section.cell-detail{padding:5px 12px;margin:0;border-radius:0;border-width:0 0 1px 4px;box-shadow:none}
.compact section.cell-detail:target{background:#eef4ff;box-shadow:inset 0 0 0 2px #1a56b0}
.compact h3{font-size:13.5px;display:inline}.compact .counts{display:inline;margin-left:8px}.compact h3 .tag{display:none}
.counts{color:var(--muted);font-size:13px;margin:0 0 8px}
article.finding,article.difference{border-top:1px solid var(--line);padding:12px 0 6px}
.panel>article.finding:first-child{border-top:none;padding-top:0}
ul.checks{margin:4px 0 8px;padding-left:18px}ul.checks li{margin:4px 0}
.check{color:var(--fail)}
pre.msg{background:#fff5f4;border-color:#f1c9c5;margin-top:4px}
.expect{background:#f3f7ff;border:1px solid #cfdcf5;border-radius:6px;padding:8px 10px;margin:8px 0}
.exchange{display:grid;grid-template-columns:1fr 1fr;gap:12px}
@media (max-width:900px){.exchange{grid-template-columns:1fr}}
pre.cmd{background:#1f2329;color:#e8eaed;border-color:#1f2329}
table.values{font-size:13px;margin:6px 0}table.values td,table.values th{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
table.values tr.spoiled td{background:#fff4d6;font-weight:600}
code.value{white-space:pre-wrap;word-break:break-all}
pre.diff{font-size:14px}pre.diff ins{background:#c9f0d1;text-decoration:none;color:#0b4d1e}pre.diff del{background:#fbd0cc;color:#7a150f}
.legend-inline ins{background:#c9f0d1;text-decoration:none;padding:0 4px}.legend-inline del{background:#fbd0cc;padding:0 4px}
table.config{font-size:13px;width:100%;table-layout:fixed}table.config code{white-space:pre-wrap;word-break:break-all}table.config td{border-bottom:1px solid var(--line);padding:3px 8px;vertical-align:top}table.config td:first-child{color:var(--muted);width:220px}table.config td:nth-child(3){color:var(--muted);width:28%;word-break:break-all}
table.run-failure{width:100%;table-layout:fixed}table.run-failure th{text-align:left;vertical-align:top;color:var(--muted);width:130px;padding:6px 10px 6px 0}table.run-failure td{padding:6px 0}p.fix{margin:0;font-size:15px}
table.cov-overview,table.coverage{width:100%;font-size:13px;background:var(--paper)}
table.cov-overview td,table.cov-overview th,table.coverage td,table.coverage th{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
table.cov-overview td.num,table.cov-overview th.num{text-align:right;font-variant-numeric:tabular-nums}
table.wsi{width:100%;font-size:13px;background:var(--paper)}table.wsi td,table.wsi th{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}table.wsi .num{text-align:right;font-variant-numeric:tabular-nums}table.wsi td:first-child{white-space:nowrap}table.wsi tr.warn td{background:#fff7e0}
table.data-path,table.reference{width:100%;font-size:13px;background:var(--paper)}table.data-path td,table.data-path th,table.reference td,table.reference th{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}table.reference td{overflow-wrap:anywhere}
table.data-path .num,table.reference .num{text-align:right;font-variant-numeric:tabular-nums}table.data-path tr.warn td{background:#fff7e0}table.data-path tfoot th,table.data-path tfoot td{font-weight:700}
table.sequence{width:100%;font-size:13px;background:var(--paper);margin:6px 0 12px}table.sequence td,table.sequence th{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}table.sequence .num{text-align:right}
.bar{display:inline-block;width:110px;height:9px;background:#e3e6ea;border-radius:5px;overflow:hidden;vertical-align:middle}.bar span{display:block;height:100%;background:#2f6fca}
.chip{display:inline-block;font-size:11px;padding:0 6px;margin:1px 2px;border-radius:999px;border:1px solid var(--line)}
.chip.on{background:#e4eefc;border-color:#b8cdf0;color:#17407c}.chip.partial{background:#fff4d6;border-color:#ecd08a;color:#6b4e00}.chip.off{color:#a0a6ae;text-decoration:line-through}
.chip sub{font-size:9px;margin-left:2px;vertical-align:0}
details.cov-op{background:var(--paper);border:1px solid var(--line);border-radius:8px;margin:6px 0;padding:6px 10px}
details summary{cursor:pointer}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;font-size:13px}dd{margin:0}
h3.failing{margin-top:18px}table.failing td:first-child{white-space:nowrap}
table.failing{width:100%;font-size:13px}table.failing td,table.failing th{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}table.failing td.num{text-align:right;font-variant-numeric:tabular-nums;color:var(--fail);font-weight:600}
footer{color:var(--muted);font-size:12px;margin-top:40px}
[hidden]{display:none!important}
code{overflow-wrap:anywhere}
.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;font-size:13px;margin:0 0 10px;position:sticky;top:0;z-index:1;background:#f3f4f6;padding:6px 0}
.filters select{font-size:13px;max-width:260px}.filters .shown{color:var(--muted)}
#details article[id]{scroll-margin-top:48px}
`;

/** Opens collapsed details inside the targeted section, and filters the findings (filter.ts);
 * reading works without it. */
export const SCRIPT = `(function(){function open(){var id=decodeURIComponent(location.hash.slice(1));var el=id&&document.getElementById(id);if(!el)return;if(el.tagName==='DETAILS')el.open=true;var ds=el.querySelectorAll('details');for(var i=0;i<ds.length;i++)ds[i].open=true;}window.addEventListener('hashchange',open);open();})();${FILTER_SCRIPT}`;

/** The only script the page may run, by hash: markup smuggled in by a target could not execute
 * even if it escaped the escaping, and nothing may be loaded from the network. */
export const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'; img-src data:; base-uri 'none'; form-action 'none'`;
