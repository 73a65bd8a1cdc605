/**
 * Captured traffic as `run --traffic` reads it (issue 53, point 5): a HAR 1.2 file (`log.entries[]`,
 * as browsers, Charles, Fiddler, mitmproxy and our own reports/failures.har write it), or a folder
 * holding `traffic.jsonl`, one HAR 1.2 entry object per line (what `proxy --capture DIR` writes).
 * Each entry's request becomes the plain ObservedRequest the request decoder reads; an entry that
 * cannot be one is a note with its reason, never an exception. A problem with the file itself (not
 * there, not HAR) is the user's to fix: a ConfigError naming --traffic.
 *
 * traffic.jsonl is read line by line, so memory stays flat however long the capture; a .har file is
 * one JSON document and is parsed whole (browsers' and proxies' exports are small).
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ConfigError } from '../config/errors.js';
import type { ObservedRequest } from '../transports/index.js';
import { TRAFFIC_FILE } from './format.js';

export interface CaptureSource {
  /** The file read: the .har itself, or DIR/traffic.jsonl. */
  readonly file: string;
  readonly format: 'har' | 'jsonl';
}

/** Where an entry was in its capture, so that a record points back at it. */
export interface EntryId {
  /** Its place among the capture's entries, from 0 (`log.entries[N]`, or line N+1 of traffic.jsonl
   * when no line is blank). */
  readonly entry: number;
  readonly startedDateTime?: string;
}

export type CapturedEntry = EntryId & ({ readonly request: ObservedRequest } | { readonly unreadable: string });

/** Checks that `path` is a capture and says which kind; throws a ConfigError that says how to fix it. */
export function openCaptureSource(path: string): CaptureSource {
  if (!existsSync(path)) throw new ConfigError(`--traffic: ${path} does not exist; give a .har file or a folder written by proxy --capture DIR`);
  if (statSync(path).isDirectory()) {
    const file = join(path, TRAFFIC_FILE);
    if (!existsSync(file)) throw new ConfigError(`--traffic: the folder ${path} holds no ${TRAFFIC_FILE}; give a folder written by proxy --capture DIR, or a .har file`);
    return { file, format: 'jsonl' };
  }
  if (path.toLowerCase().endsWith('.jsonl')) return { file: path, format: 'jsonl' };
  harEntries(path); // a file that is no HAR is refused before the run, not in its suite
  return { file: path, format: 'har' };
}

const harDocs = new Map<string, readonly unknown[]>();

/** The entries of a HAR file, parsed once per process. */
function harEntries(file: string): readonly unknown[] {
  const known = harDocs.get(file);
  if (known) return known;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`--traffic: ${file} is not a HAR file (not JSON: ${(err as Error).message}); give a HAR 1.2 export or a folder written by proxy --capture DIR`);
  }
  const entries = (doc as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new ConfigError(`--traffic: ${file} is JSON but not a HAR file (it has no log.entries list); give a HAR 1.2 export or a folder written by proxy --capture DIR`);
  harDocs.set(file, entries);
  return entries;
}

/** Every entry of the capture, in its order. */
export async function* captureEntries(source: CaptureSource): AsyncGenerator<CapturedEntry> {
  if (source.format === 'har') {
    let entry = 0;
    for (const e of harEntries(source.file)) yield entryOf(e, entry++);
    return;
  }
  const lines = createInterface({ input: createReadStream(source.file, 'utf8'), crlfDelay: Infinity });
  let entry = 0;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (err) {
      yield { entry: entry++, unreadable: `not a JSON line (${(err as Error).message})` };
      continue;
    }
    yield entryOf(parsed, entry++);
  }
}

type NameValue = { name?: unknown; value?: unknown };
const isText = (v: unknown): v is string => typeof v === 'string';

/** One HAR entry as the request a client sent. */
export function entryOf(raw: unknown, entry: number): CapturedEntry {
  const e = (raw ?? {}) as { startedDateTime?: unknown; request?: { method?: unknown; url?: unknown; headers?: unknown; postData?: { text?: unknown; encoding?: unknown; params?: unknown } } };
  const id: EntryId = { entry, ...(isText(e.startedDateTime) ? { startedDateTime: e.startedDateTime } : {}) };
  const r = e.request;
  if (!r || !isText(r.method) || !isText(r.url)) return { ...id, unreadable: 'not a HAR entry (no request with a method and a url)' };
  const headers: Record<string, string | string[]> = {};
  for (const h of Array.isArray(r.headers) ? (r.headers as NameValue[]) : []) {
    // HTTP/2 exports (Chrome) list the pseudo-headers :method, :path... among the headers.
    if (!isText(h.name) || !isText(h.value) || h.name.startsWith(':')) continue;
    const had = headers[h.name];
    headers[h.name] = had === undefined ? h.value : [...(Array.isArray(had) ? had : [had]), h.value];
  }
  return { ...id, request: { method: r.method, url: r.url, headers, body: bodyOf(r.postData) } };
}

/** The body as sent: postData.text (base64 when a tool says so, as mitmproxy and Fiddler may), or
 * a form's params when a tool gives only those (HAR 1.2: "text and params are mutually exclusive"). */
function bodyOf(postData: { text?: unknown; encoding?: unknown; params?: unknown } | undefined): Buffer {
  if (!postData) return Buffer.alloc(0);
  if (isText(postData.text)) return Buffer.from(postData.text, postData.encoding === 'base64' ? 'base64' : 'utf8');
  if (Array.isArray(postData.params)) {
    const form = new URLSearchParams();
    for (const p of postData.params as NameValue[]) if (isText(p.name)) form.append(p.name, isText(p.value) ? p.value : '');
    return Buffer.from(form.toString());
  }
  return Buffer.alloc(0);
}
