/**
 * What every report of the golden runs may hold that differs between two runs of the same seed on
 * the same code, replaced by a placeholder in any text (the per-kind normalisers add their own).
 * Each placeholder keeps the value's place, so a report that gains or loses one still differs.
 */

export interface GoldenContext {
  /** The temporary folder the runs worked in: the reports, Allure and baseline folders' parent. */
  readonly root: string;
}

const TEXT_RULES: ReadonlyArray<readonly [RegExp, string, string]> = [
  // The embedded server and the mutant server listen on a port the system picks: in every URL,
  // target line, curl command and Host header.
  [/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>', 'loopback port'],
  // The run's start (startedAt, junit timestamps, the baseline's recording time quoted in messages):
  // toISOString's form, milliseconds and Z, which no seeded value the suites send has.
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<instant>', 'run times'],
  // The Date header of the servers' answers (RFC 9110 IMF-fixdate).
  [/(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT/g, '<http-date>', 'HTTP dates'],
];

/** The common replacements: the temporary root first (it appears in configuration and links). */
export function normaliseCommon(text: string, ctx: GoldenContext): string {
  let out = text.split(ctx.root).join('<tmp>');
  for (const [pattern, placeholder] of TEXT_RULES) out = out.replace(pattern, placeholder);
  return out;
}

/** `value` with every property named in `keys` replaced by `placeholder`, at any depth. */
export function replaceKeys(value: unknown, keys: ReadonlySet<string>, placeholder: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => replaceKeys(v, keys, placeholder));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keys.has(k) ? placeholder : replaceKeys(v, keys, placeholder)]));
}

/** Sorts by the JSON of `key(item)`, then by the item's own JSON for ties: a total order. */
export function sortedBy<T>(items: readonly T[], key: (item: T) => unknown): T[] {
  const keyed = items.map((item) => [JSON.stringify(key(item)), JSON.stringify(item), item] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return keyed.map(([, , item]) => item);
}
