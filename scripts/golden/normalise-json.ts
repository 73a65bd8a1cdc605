/**
 * The JSON reports (results.json, parity.json, regression.json, certificate.json, failures/*.json,
 * failures.har, the Postman collection) and records.jsonl: parsed, the varying values replaced,
 * the collections still filled in arrival order (records.jsonl, regression.json, the
 * Postman collection) sorted, and printed again two-space indented so that a
 * diff points at one value.
 */
import { replaceKeys, sortedBy, type GoldenContext } from './common.js';
import { normaliseDurations } from './normalise-text.js';

/** Times measured by the run: an exchange's round trip (records, failures/, results.json's
 * failures), the run's duration, and the HAR's own timings. */
const TIMED = new Set(['elapsedMs', 'durationMs']);
const HAR_TIMED = new Set(['time', 'timings']);
/** The Postman SDK gives every collection, folder and item a random UUID. */
const POSTMAN_IDS = new Set(['id', '_postman_id']);

export function normaliseJson(text: string, ctx: GoldenContext): string {
  let value = replaceKeys(JSON.parse(normaliseDurations(text, ctx)), TIMED, '<ms>') as Record<string, unknown>;
  if ('log' in value) value = replaceKeys(value, HAR_TIMED, '<ms>') as Record<string, unknown>;
  if ('item' in value && 'info' in value) value = postmanInOrder(replaceKeys(value, POSTMAN_IDS, '<uuid>') as Postman) as unknown as Record<string, unknown>;
  // results.json's verdicts, its coverage and parity.json's differing cases are written in report
  // order (src/report/digest/report-order.ts), whichever test finished first: kept in the order written.
  // regression.json's differences and explained ones, listed as the replayed records arrive.
  if (isObject(value['summary']) && Array.isArray(value['differences'])) {
    const byCase = (items: unknown) => sortedBy(items as Array<Record<string, unknown>>, (d) => [d['caseId'], d['transport']]);
    value = { ...value, differences: byCase(value['differences']), explained: byCase(value['explained'] ?? []) };
  }
  // The certificate's sha256 of each file written covers the times in them; the file list stays.
  if (value['format'] === 'tsiws-conformance-certificate/1' && isObject(value['files'])) {
    value = { ...value, files: Object.fromEntries(Object.keys(value['files']).map((name) => [name, '<sha256>'])) };
  }
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** One record a line, written as the records arrive from the suites' workers: sorted by case,
 * transport and kind (then by the whole line, for the parity and sequence records alike in those). */
export function normaliseRecords(text: string, ctx: GoldenContext): string {
  const records = normaliseDurations(text, ctx).split('\n').filter((line) => line !== '').map((line) => replaceKeys(JSON.parse(line), TIMED, '<ms>') as Record<string, unknown>);
  return sortedBy(records, (r) => [r['caseId'], r['transport'], r['kind']]).map((r) => `${JSON.stringify(r, null, 2)}\n`).join('');
}

interface Postman { item: Array<{ item?: unknown[] }> }

/** With --export-all the collection's items follow records.jsonl, in arrival order: each
 * operation's folder (the folders themselves are in the contract's order) sorted by item name. */
function postmanInOrder(collection: Postman): Postman {
  return { ...collection, item: collection.item.map((folder) => (folder.item ? { ...folder, item: sortedBy(folder.item, (i) => (i as { name?: string }).name) } : folder)) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
