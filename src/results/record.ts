/**
 * The plain, serialisable record of one exchange and its check verdicts: what reporters consume.
 * Secrets never enter a record: the request shown is the same request re-encoded with the spec's
 * placeholders, and secret values are replaced wherever else they might appear.
 */
import { SECRET_PLACEHOLDERS } from '../contract/index.js';
import type { HttpAccess } from '../http/access.js';
import { basicCredentials } from '../http/basic-credentials.js';
import type { HttpRequest, HttpResponse, TransportId, Decoded } from '../transports/index.js';
import type { CheckOutcome } from './check-outcome.js';
import { clip, isHighSurrogate } from './clip.js';
import type { DataPathOutcome, DataPathTally } from './data-path.js';

export type { CheckOutcome } from './check-outcome.js';
import type { ScenarioId, ValueClass } from './case-labels.js';
import type { NormalisationRule, ParityDifference, RegressionComparison } from './differences.js';
import type { BaselineAnswer, TransportOutcome } from './transport-outcome.js';
import type { FieldPath, ReferenceInfo, ReferenceSummary } from './reference.js';
import type { WsiRecorded } from './wsi.js';
import type { TrafficRef } from './traffic.js';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** A ready-to-paste curl command (secrets as placeholders). */
  readonly curl: string;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text, cut at EXCERPT_BYTES. */
  readonly body: string;
  readonly bodyBytes: number;
  readonly truncated: boolean;
  readonly elapsedMs: number;
  /** When the request was sent (ISO 8601), to find it in the target's logs. */
  readonly sentAt?: string;
  /** Times the request was re-sent after getting no answer (--retries). */
  readonly retries?: number;
}

/** How a fuzzed property went: its seed, how many runs, and for a failure the shrunk path. */
export interface FuzzInfo {
  readonly seed: number;
  readonly runs: number;
  readonly planned: number;
  /** Stopped early by --max-duration. */
  readonly interrupted: boolean;
  /** fast-check's path to the minimal counterexample (replay with seed and path). */
  readonly path?: string;
  readonly shrinks?: number;
  /** Shrinking stopped at its time budget: the counterexample is real but may not be minimal. */
  readonly shrinkCutShort?: boolean;
  /** Samples sent (runs and shrinking steps), and the value classes of every sample per parameter:
   * the record itself keeps only one sample's values. */
  readonly samples?: number;
  readonly coverage?: Readonly<Record<string, Partial<Record<ValueClass, number>>>>;
  /** What the valid requests of every sample got over this record's transport (data-path.ts): the
   * record itself is one sample. Counted once per transport record, never on the parity record. */
  readonly dataPath?: DataPathTally;
  /** Parameters the property learned to send known-good values (engine/fuzz/fuzz-constraints.ts). */
  readonly constrained?: readonly FuzzConstraint[];
  /** Texts longer than `chars` characters were cut to it from sample `after` on (but now and then):
   * the target refused long texts of two samples (engine/fuzz/fuzz-constraints.ts). */
  readonly lengthCeiling?: { readonly chars: number; readonly after: number };
  /** Set on a rung of the adversarial ladder (engine/fuzz/ladder.ts): the record is that one request. */
  readonly ladder?: LadderInfo;
}

/** One rung of the ladder: the one parameter changed from the accepted request `base` names, and
 * the rung (`dquote`, `len-256`) with what it put in, in words. */
export interface LadderInfo {
  readonly param: string;
  readonly rung: string;
  readonly what: string;
  readonly base: string;
}

/** A parameter a fuzz property constrained: the target's failures named it (`because` 'name') or
 * quoted the value sent for it ('value') in two samples (in one that did both), and from the sample
 * `after` on it was sent a known-good value (but now and then), taken `from` the search, the valid
 * case or its name class. `after` 0: the search had to change it, so it was constrained from the start. */
export interface FuzzConstraint {
  readonly param: string;
  readonly because: 'name' | 'value';
  readonly from: 'search' | 'valid case' | 'name class';
  readonly after: number;
}

/** A step of a sequence of one entity (engine/sequences/sequences.ts): create, find, update, see, delete, gone. */
export interface SequenceStep {
  /** The sequence's id, the same for all its steps: `contact-email-sequence-soap11`. */
  readonly id: string;
  readonly name: string;
  readonly step: number;
  readonly of: number;
  readonly action: string;
  /** The ids the sequence made so far (the e-mail it created). */
  readonly ids: Readonly<Record<string, string>>;
}

/** One case compared across transports: what each transport said, and how they differ. */
export interface ParityInfo {
  readonly outcomes: ReadonlyArray<TransportOutcome & { readonly curl: string }>;
  readonly differences: readonly ParityDifference[];
  readonly rules: readonly NormalisationRule[];
  /** Noise fields (issue 38) in which the transports' results differed and which parity therefore
   * did not count: learned from the baseline's repetitions, or from the reference's own answers. */
  readonly noise?: readonly FieldPath[];
}

/** A regression run (--baseline): what the baseline recorded for this exchange, and how it compares. */
export interface RegressionInfo extends RegressionComparison {
  readonly baseline: BaselineAnswer;
  /** The normalisation rules the comparison applied. */
  readonly rules: readonly string[];
}

export interface Confirmation {
  /** The valid request's non-secret values: the probe's record, every value valid. */
  readonly values: Readonly<Record<string, string>>;
  readonly succeeded: boolean;
  /** One line: the record taken and what the valid request on it was answered. */
  readonly line: string;
}

export interface ExchangeRecord {
  /** The operation, or the service name for a service-level record. */
  readonly operation: string;
  /** The transport, 'wsdl' for the service-level ?WSDL record, 'parity' for a comparison. */
  readonly transport: TransportId | 'wsdl' | 'parity';
  readonly caseId: string;
  /** 'fuzz': a fast-check property; the record is its shrunk counterexample, or its first run.
   * 'reference': the run's verdict on an operation and transport against --reference-url, made
   * once every exchange is in (session/, reference tally).
   * 'observed': an exchange a real client made through `tsiws-conform proxy` (issue 53); `observed`
   * says how its answer was judged. */
  readonly kind: 'positive' | 'negative' | 'service' | 'fuzz' | 'parity' | 'reference' | 'observed';
  readonly observed?: ObservedInfo;
  /** The case's non-secret wire values (authentication is added per request), for replay. */
  readonly values?: Readonly<Record<string, string>>;
  readonly fuzz?: FuzzInfo;
  readonly parity?: ParityInfo;
  readonly regression?: RegressionInfo;
  /** --reference-url: the reference's answers to this exchange's case and how they compare. */
  readonly reference?: ReferenceInfo;
  /** On a 'reference' record: the verdict's tally. */
  readonly referenceSummary?: ReferenceSummary;
  /** Negative cases: what was spoiled and what the profile expected instead. */
  readonly scenario?: ScenarioId;
  readonly param?: string;
  readonly expectation?: { readonly profile: string; readonly summary: string; readonly evidence: string };
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  readonly result?: Decoded;
  readonly checks: readonly CheckOutcome[];
  /** The WS-I assertions' results on the exchange, or on the WSDL for the service's record (issue 51). */
  readonly wsi?: WsiRecorded;
  /** Why the exchange was deliberately not made (e.g. a mutating operation without --allow-mutations). */
  readonly skipped?: string;
  /** A problem that kept the exchange from completing (unreachable, timeout, tool error). */
  readonly error?: { readonly code: string; readonly message: string };
  /** The sequence this exchange is a step of. */
  readonly sequence?: SequenceStep;
  /** What the case's setup did first (the e-mail a delete case deletes; engine/learn/instances.ts). */
  readonly setup?: string;
  /** A probe on a learned record of its own (engine/learn/confirm.ts): the valid request sent on that
   * record after it, whether it succeeded (then the probe's refusal is conclusive), and its answer. */
  readonly confirmation?: Confirmation;
  /** A valid request's (kind positive) outcome for data-path coverage (data-path.ts); a fuzz
   * record's samples are counted in fuzz.dataPath instead. */
  readonly dataPath?: DataPathOutcome;
  /** The exchange passed, so its bodies, curl command and result text were dropped (compact.ts). */
  readonly compacted?: true;
  /** A replayed captured call (run --traffic): the capture entry it came from. */
  readonly traffic?: TrafficRef;
}

/** How the proxy judged an exchange a client made (issue 53). */
export interface ObservedInfo {
  /** The answer was judged as the answer to a valid request (positive), to the negative scenario the
   * request's findings matched (negative; the record's scenario), as any answer (only the checks that
   * judge every answer: the request was invalid in a way no scenario matches, or not understood),
   * as the service's ?WSDL (service), or not at all (the target did not answer, or not whole, or its
   * answer was larger than --max-response-bytes: the record's error). */
  readonly judgedAs: 'positive' | 'negative' | 'any answer' | 'service' | 'not judged';
  /** The ids, among the record's checks, of the client checks (the request's verdicts). */
  readonly clientChecks: readonly string[];
  /** The client closed its connection before the answer was whole; the answer was judged all the same. */
  readonly clientLeft?: true;
}

export const EXCERPT_BYTES = 4096;

/** Values that must not appear in any output, with their placeholders. */
export function secretsOf(values: Readonly<Record<string, string>>): Array<[string, string]> {
  return Object.entries(SECRET_PLACEHOLDERS)
    .map(([name, placeholder]): [string, string] => [values[name] ?? '', placeholder])
    .filter(([value]) => value.length >= 4);
}

/** The access settings' values (src/http/access.ts), with the placeholders the curl commands show. */
export function accessSecrets(access: HttpAccess): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (access.auth) pairs.push([basicCredentials(access.auth).slice('Basic '.length), '<REDACTED>'], [access.auth.password, '<PASSWORD>'], [access.auth.user, '<USER>']);
  for (const value of Object.values(access.headers ?? {})) pairs.push([value, '<REDACTED>']);
  if (access.proxy) pairs.push([access.proxy, '<PROXY>'], ...secretsOfUrl(access.proxy));
  // Longest first, so that a value containing another is replaced whole.
  return pairs.filter(([value]) => value.length >= 4).sort(([a], [b]) => b.length - a.length);
}

function secretsOfUrl(url: string): Array<[string, string]> {
  const { username, password } = new URL(url);
  return [[decodeURIComponent(password), '<PASSWORD>'], [decodeURIComponent(username), '<USER>']];
}

/** What a run's reports show of its access settings, and the values they must never contain. */
export function accessForReports(settings: HttpAccess & { readonly showSecrets: boolean }): { shown: HttpAccess; secrets: Array<[string, string]> } {
  return settings.showSecrets ? { shown: settings, secrets: [] } : { shown: shownAccess(settings), secrets: accessSecrets(settings) };
}

/** Access as reports show it: every value a placeholder, so a curl command stays reproducible. */
export function shownAccess(access: HttpAccess): HttpAccess {
  return {
    headers: Object.fromEntries(Object.keys(access.headers ?? {}).map((name) => [name, '<REDACTED>'])),
    ...(access.auth ? { auth: { user: '<USER>', password: '<PASSWORD>' } } : {}),
    ...(access.proxy ? { proxy: '<PROXY>' } : {}),
    ...(access.caFile ? { caFile: '<CA_FILE>' } : {}),
    ...(access.cert ? { cert: '<CERT>', key: '<KEY>' } : {}),
    ...(access.insecure ? { insecure: true } : {}),
  };
}

/** Replaces every form of every secret (as sent, percent-encoded, form-encoded) in one pass over
 * the text, longest form first, so a megabyte body costs one scan however many secrets there are.
 * Most texts hold no secret at all (a header, a check's message): a plain search for each form
 * settles that before the pattern is built or run (profiled: redaction was most of a record's cost). */
export function redact(text: string, secrets: ReadonlyArray<[string, string]>): string {
  if (secrets.length === 0) return text;
  const entry = compiled(secrets);
  if (!entry.forms.some((form) => text.includes(form))) return text;
  const { regex, placeholders } = patternOf(entry);
  return text.replace(regex, (m) => placeholders.get(m)!);
}

/** The shortest piece of a secret that is redacted where a cut left only part of it: shorter
 * pieces are too common in any text to stand for the secret (and secretsOf keeps no shorter secret). */
export const SECRET_PIECE_CHARS = 4;

/**
 * `text` redacted, then clipped to `max` characters as clip() does: a secret that straddles the cut
 * is replaced whole, never left half-shown (clipping first left the start of such a secret in every
 * report, issue 41). Only the first `max` characters and the longest secret after them are scanned,
 * so a megabyte text costs no more than a short one.
 */
export function redactClip(text: string, max: number, secrets: ReadonlyArray<[string, string]>): string {
  if (text.length <= max || secrets.length === 0) return clip(redact(text, secrets), max);
  const entry = compiled(secrets);
  let longest = 0;
  for (const form of entry.forms) longest = Math.max(longest, form.length);
  const cut = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  const head = text.slice(0, cut + longest);
  if (!entry.forms.some((form) => head.includes(form))) return clip(text, max);
  const { regex, placeholders } = patternOf(entry);
  let shown = '';
  let at = 0;
  regex.lastIndex = 0;
  for (let m = regex.exec(head); m !== null && m.index < cut; m = regex.exec(head)) {
    shown += head.slice(at, m.index) + placeholders.get(m[0])!;
    at = m.index + m[0].length;
  }
  regex.lastIndex = 0;
  if (at < cut) shown += head.slice(at, cut);
  const end = Math.max(at, cut);
  return end >= text.length ? shown : `${shown}… (${text.length - end} more characters)`;
}

/**
 * For a text that was clipped before it could be redacted (a check's message quotes the target
 * through clip(), and only the engine knows the secrets): redacted, and wherever a clip() mark
 * (`…`) follows the start of a secret of SECRET_PIECE_CHARS or more characters, that start replaced
 * by the secret's placeholder too. Costs one search for the mark in a text without one.
 */
export function redactClipped(text: string, secrets: ReadonlyArray<[string, string]>): string {
  const redacted = redact(text, secrets);
  if (secrets.length === 0 || !redacted.includes(CLIP_MARK)) return redacted;
  let shown = '';
  let at = 0;
  for (let mark = redacted.indexOf(CLIP_MARK); mark !== -1; mark = redacted.indexOf(CLIP_MARK, mark + 1)) {
    const piece = secretStartBefore(redacted, at, mark, secrets);
    if (piece) {
      shown += redacted.slice(at, mark - piece.length) + piece.placeholder;
      at = mark;
    }
  }
  return at === 0 ? redacted : shown + redacted.slice(at);
}

const CLIP_MARK = '…';

/** The longest start of a secret's form (of SECRET_PIECE_CHARS or more characters) that ends
 * `text` at `end`, not reaching before `from`. */
function secretStartBefore(text: string, from: number, end: number, secrets: ReadonlyArray<[string, string]>): { length: number; placeholder: string } | undefined {
  let found: { length: number; placeholder: string } | undefined;
  for (const [value, placeholder] of secrets) for (const form of formsOf(value)) {
    for (let n = Math.min(form.length - 1, end - from); n >= SECRET_PIECE_CHARS && n > (found?.length ?? 0); n--) {
      if (text.startsWith(form.slice(0, n), end - n)) {
        found = { length: n, placeholder };
        break;
      }
    }
  }
  return found;
}

/**
 * A response body's first EXCERPT_BYTES as text, redacted. A secret that straddles the cut is
 * replaced whole: the excerpt ends just before it, with its placeholder. Only the bytes around the
 * cut are searched for that, and only for a body longer than the excerpt.
 */
function bodyExcerpt(body: Buffer, secrets: ReadonlyArray<[string, string]>): string {
  if (body.length <= EXCERPT_BYTES || secrets.length === 0) return redact(body.subarray(0, EXCERPT_BYTES).toString('utf8'), secrets);
  // The secrets' own forms, not the pattern: a run whose timestamp changes per request has a new
  // list per exchange, and building its pattern for every long body is what issue 20 took out.
  let cut = EXCERPT_BYTES;
  let placeholder = '';
  for (const [value, shown] of secrets) for (const text of formsOf(value)) {
    const form = bytesOf(text);
    // Every occurrence that starts at or after `from` and before the cut crosses it.
    const from = Math.max(0, EXCERPT_BYTES - form.length + 1);
    const at = body.subarray(from, EXCERPT_BYTES + form.length - 1).indexOf(form);
    if (at !== -1 && from + at < cut) {
      cut = from + at;
      placeholder = shown;
    }
  }
  return redact(body.subarray(0, cut).toString('utf8'), secrets) + placeholder;
}

/** `text` as a regular expression that matches exactly it. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Compiled {
  readonly secrets: ReadonlyArray<[string, string]>;
  /** Every form of every secret, in the list's order. */
  readonly forms: readonly string[];
  /** Built on the first text that holds a secret. */
  pattern?: Pattern;
}

interface Pattern {
  /** Every form, longest first, so that a form containing another is replaced whole. */
  readonly regex: RegExp;
  /** Each form's placeholder: that of the first secret of the list that has the form. */
  readonly placeholders: ReadonlyMap<string, string>;
}

// One exchange redacts its headers, body, result and every check message with one secrets list:
// the list is looked up first. Each exchange makes a new list, and a run's lists mostly share their
// secrets (its sig, mobilekey and access values), but not all: unless --timestamp fixes it, each
// request's timestamp is the time it was made. So the forms are found once per secret, and the
// pattern only for a text that holds one, once per distinct list (kept by its content). Finding
// the forms per distinct list made a default run compile them for every exchange (profiled, issue
// 20). Both bounded: a signer making a signature per request makes a secret per request.
const byList = new WeakMap<ReadonlyArray<[string, string]>, Compiled>();
const formsByValue = new Map<string, readonly string[]>();
const FORMS_KEPT = 256;
const patterns = new Map<string, Pattern>();
const PATTERNS_KEPT = 64;

function compiled(secrets: ReadonlyArray<[string, string]>): Compiled {
  let entry = byList.get(secrets);
  if (!entry) {
    const forms: string[] = [];
    for (const [value] of secrets) for (const form of formsOf(value)) forms.push(form);
    entry = { secrets, forms };
    byList.set(secrets, entry);
  }
  return entry;
}

/** A secret as sent, percent-encoded and form-encoded (each once). */
function formsOf(value: string): readonly string[] {
  let forms = formsByValue.get(value);
  if (!forms) {
    if (formsByValue.size >= FORMS_KEPT) formsByValue.clear();
    forms = [...new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)])];
    formsByValue.set(value, forms);
  }
  return forms;
}

/** A form as UTF-8 bytes, kept as formsOf keeps the forms. */
function bytesOf(form: string): Buffer {
  let bytes = bytesByForm.get(form);
  if (!bytes) {
    if (bytesByForm.size >= FORMS_KEPT * 3) bytesByForm.clear();
    bytes = Buffer.from(form, 'utf8');
    bytesByForm.set(form, bytes);
  }
  return bytes;
}
const bytesByForm = new Map<string, Buffer>();

function patternOf(entry: Compiled): Pattern {
  if (entry.pattern) return entry.pattern;
  const key = entry.secrets.map(([value, placeholder]) => `${value}\u0000${placeholder}`).join('\u0000');
  let pattern = patterns.get(key);
  if (!pattern) {
    if (patterns.size >= PATTERNS_KEPT) patterns.clear();
    const placeholders = new Map<string, string>();
    for (const [value, placeholder] of entry.secrets) {
      for (const form of formsOf(value)) if (!placeholders.has(form)) placeholders.set(form, placeholder);
    }
    const forms = [...placeholders.keys()].sort((a, b) => b.length - a.length);
    pattern = { regex: new RegExp(forms.map(escapeRegExp).join('|'), 'g'), placeholders };
    patterns.set(key, pattern);
  }
  return (entry.pattern = pattern);
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlCommand(baseUrl: string, request: HttpRequest, access: HttpAccess = {}): string {
  const parts = ['curl', '-sS', '-i'];
  if (access.insecure) parts.push('-k');
  if (access.caFile) parts.push('--cacert', shellQuote(access.caFile));
  if (access.cert) parts.push('--cert', shellQuote(access.cert), '--key', shellQuote(access.key ?? ''));
  if (access.proxy) parts.push('-x', shellQuote(access.proxy));
  if (access.auth) parts.push('-u', shellQuote(`${access.auth.user}:${access.auth.password}`));
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(shellQuote(baseUrl + request.path));
  for (const [name, value] of Object.entries({ ...request.headers, ...access.headers })) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body));
  return parts.join(' ');
}

/** `access` as it may be shown (shownAccess), unless the user asked to see secrets. */
export function recordRequest(baseUrl: string, request: HttpRequest, access: HttpAccess = {}): RecordedRequest {
  return {
    method: request.method,
    url: baseUrl + request.path,
    headers: { ...request.headers, ...access.headers },
    ...(request.body !== undefined ? { body: request.body } : {}),
    curl: curlCommand(baseUrl, request, access),
  };
}

export function recordResponse(response: HttpResponse, secrets: ReadonlyArray<[string, string]>): RecordedResponse {
  const truncated = response.body.length > EXCERPT_BYTES;
  const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, redact(v, secrets)]));
  // Optional keys assigned, not spread in: the object stays quick to copy and to write (issue 20).
  const recorded: { -readonly [K in keyof RecordedResponse]: RecordedResponse[K] } = {
    status: response.status, headers, body: bodyExcerpt(response.body, secrets), bodyBytes: response.body.length, truncated, elapsedMs: response.elapsedMs,
  };
  if (response.sentAt !== undefined) recorded.sentAt = new Date(response.sentAt).toISOString();
  if (response.retries) recorded.retries = response.retries;
  return recorded;
}
