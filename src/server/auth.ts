/**
 * The reference server's optional example signing scheme. The spec leaves the real algorithm open
 * ("The signature algorithm, timestamp format and tolerance, how mobilekey is obtained, and what is
 * signed: not shown"), so this is an example that lets the auth-enforced check be shown end to end:
 *
 *   sig       = hex(HMAC-SHA256(secret, "<Op>\n<name>=<value>\n...\n<timestamp>"))
 *               over every parameter except sig, timestamp and mobilekey, in contract order, with
 *               the text as sent (an absent parameter as the empty string);
 *   timestamp = ISO 8601, within TIMESTAMP_WINDOW_MS of the server's clock;
 *   mobilekey = first 32 hex digits of HMAC-SHA256(secret, "mobilekey:<repnumber>"), for the five
 *               operations that carry it.
 *
 * examples/signer.mjs implements the client side. Without a secret the server accepts any signature.
 * A failure is an exception in the web method, so ASMX reports it as soap:Server / Receiver
 * "Server was unable to process request. ---> ..." or as text/plain 500 (reference source,
 * SoapServerProtocol.WriteException, HttpServerProtocol.WriteException).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { hasMobileKey, SECRET_PLACEHOLDERS, type Operation } from '../contract/index.js';

export const TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;

export class AuthError extends Error {}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

export function canonicalText(op: Operation, raw: ReadonlyMap<string, string | null>): string {
  const lines = op.params.filter((p) => !(p.name in SECRET_PLACEHOLDERS)).map((p) => `${p.name}=${raw.get(p.name) ?? ''}`);
  return [op.name, ...lines, raw.get('timestamp') ?? ''].join('\n');
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Throws AuthError when the request is not signed with `secret`. `checksMobileKey: false` is a
 * stateful mutant's (the key never compared). */
export function verifySignature(secret: string, op: Operation, raw: ReadonlyMap<string, string | null>, now: number, checksMobileKey = true): void {
  const stamp = Date.parse(raw.get('timestamp') ?? '');
  if (Number.isNaN(stamp) || Math.abs(now - stamp) > TIMESTAMP_WINDOW_MS) throw new AuthError('The request timestamp is missing or outside the allowed window.');
  if (!same(raw.get('sig') ?? '', hmac(secret, canonicalText(op, raw)))) throw new AuthError('Invalid signature.');
  if (checksMobileKey && hasMobileKey(op) && !same(raw.get('mobilekey') ?? '', hmac(secret, `mobilekey:${raw.get('repnumber') ?? ''}`).slice(0, 32))) {
    throw new AuthError('Invalid mobile key.');
  }
}
