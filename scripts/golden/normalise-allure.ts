/**
 * The Allure results folder, as one JSON document: the result files are named by random UUIDs and
 * written as records arrive, so they are read as a list sorted by fullName (which holds the case
 * id, transport and check). In each, the UUIDs and the start and stop times are replaced, and an
 * attachment's file name (a UUID) by the sha256 of its normalised text; the texts are listed once
 * each by that hash, so that what the request and answer attachments hold is pinned too. Step names carry round trips ("send: HTTP
 * 500 in 5 ms"), replaced as in every text.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceKeys, sortedBy, type GoldenContext } from './common.js';
import { normaliseDurations } from './normalise-text.js';

const RANDOM = new Set(['uuid', 'start', 'stop']);

export function normaliseAllure(dir: string, ctx: GoldenContext): string {
  const names = readdirSync(dir).sort();
  const read = (name: string) => normaliseDurations(readFileSync(join(dir, name), 'utf8'), ctx);
  const attachments = new Map<string, string>();
  const attached = (name: string) => {
    const text = read(name);
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
    attachments.set(hash, text);
    return hash;
  };
  const results = names.filter((n) => n.endsWith('-result.json')).map((n) => withAttachments(replaceKeys(JSON.parse(read(n)), RANDOM, '<random>'), attached));
  // Anything else the folder holds (environment.properties; containers, categories if ever written).
  const others = Object.fromEntries(names.filter((n) => !n.endsWith('-result.json') && !n.endsWith('-attachment.txt')).map((n) => [n, read(n)]));
  const files = names.filter((n) => n.endsWith('-attachment.txt')).length;
  const texts = Object.fromEntries([...attachments].sort(([a], [b]) => (a < b ? -1 : 1)));
  return `${JSON.stringify({ others, attachmentFiles: files, results: sortedBy(results, (r) => (r as { fullName?: string }).fullName), attachments: texts }, null, 2)}\n`;
}

/** `value` with every attachment's `source` (a file of the folder) replaced by `attached(source)`. */
function withAttachments(value: unknown, attached: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => withAttachments(v, attached));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [k, k === 'source' && typeof v === 'string' ? attached(v) : withAttachments(v, attached)]);
  return Object.fromEntries(entries);
}
