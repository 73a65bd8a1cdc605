/**
 * The rules on the form of values a personality adds (personality.ts, Strictness and
 * requiredFilters), checked inside the web method before the operation, as a vendor's validation
 * layer would. The reference has none but the text checks (a column's size, XML 1.0 characters),
 * with today's messages. Messages quote the value they refuse, as the vendor in issue 49 did
 * ("invalid e-mail address: sample email"), so a tool can tell which parameter was at fault.
 */
import { AUTH_PARAMS, type Operation } from '../../contract/index.js';
import type { Args } from './args.js';
import { BASE64, FORM_CHECKS } from './operations.js';
import { BusinessError } from './outcome.js';
import type { Personality } from './personality.js';

const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** An address as a plain validator checks it: something@domain.tld, no white space. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const TEXT_FLAGS = ['true', 'false', '1', '0', 'yes', 'no'];

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const has = (op: Operation, name: string) => op.params.some((p) => p.name === name);

function checkText(op: Operation, a: Args, limit: number): void {
  for (const p of op.params) {
    if (p.type !== 'str' || AUTH_PARAMS.includes(p.name)) continue;
    const value = a.str(p.name);
    if (value.length > limit) throw new BusinessError(`${p.name} is longer than ${limit} characters.`);
    const bad = NOT_XML_CHAR.exec(value);
    if (bad) throw new BusinessError(`${p.name} contains a character that is not allowed (${codePoint(bad[0])}).`);
  }
}

function checkRequiredFilters(op: Operation, a: Args, p: Personality): void {
  const oneOf = p.requiredFilters[op.name];
  if (!oneOf) return;
  const given = (name: string) => { const param = op.params.find((x) => x.name === name); return param?.type === 'int' ? a.int(name) !== 0 : a.str(name).trim() !== ''; };
  if (!oneOf.some(given)) throw new BusinessError(`${oneOf.join(' or ')} is required.`);
}

function checkStrict(op: Operation, a: Args, p: Personality): void {
  const s = p.strict;
  if (s.email && op.name.startsWith('MobileContactEmail') && has(op, 'email') && !EMAIL.test(a.str('email'))) throw new BusinessError(`invalid e-mail address: ${a.str('email')}`);
  if (s.statusRange && op.name === 'MobileDispatchUpdate') {
    const [low, high] = s.statusRange;
    if (a.int('status') < low || a.int('status') > high) throw new BusinessError(`invalid status ${a.int('status')}`);
  }
  if (op.name !== 'MobileDocumentUpload') return;
  const nextfile = a.str('nextfile').trim().toLowerCase();
  if (s.textFlags && nextfile !== '' && !TEXT_FLAGS.includes(nextfile)) throw new BusinessError(`invalid nextfile: ${a.str('nextfile')}`);
  // Strict: the canonical form alone, not empty, no white space (Convert.FromBase64String allows both).
  if (s.base64 && (a.str('base64string') === '' || !BASE64.test(a.str('base64string')))) throw new BusinessError('base64string is not valid base64.');
  const extension = /\.([A-Za-z0-9]+)$/.exec(a.str('filename'))?.[1]?.toLowerCase();
  if (s.fileExtensions && (extension === undefined || !s.fileExtensions.includes(extension))) {
    throw new BusinessError(`invalid filename: ${a.str('filename')} (allowed: ${s.fileExtensions.map((e) => `.${e}`).join(', ')})`);
  }
}

/** The personality's rules, in the order the service applies them; throws BusinessError. */
export function checkPersonalityRules(op: Operation, a: Args, p: Personality): void {
  checkText(op, a, p.strict.textLimit);
  checkRequiredFilters(op, a, p);
  checkStrict(op, a, p);
}

/** Whether every value is inside the personality's validity rules, those above and the
 * operation's own (operations.ts, FORM_CHECKS); what exists in the store does not count. */
export function insideValidityRules(op: Operation, a: Args, p: Personality): boolean {
  try {
    checkPersonalityRules(op, a, p);
    FORM_CHECKS[op.name]?.(a);
    return true;
  } catch (err) {
    if (err instanceof BusinessError) return false;
    throw err;
  }
}
