// Example signer for the reference server's example signing scheme (src/server/auth.ts).
// The real tsiWS signature algorithm is not in the spec; write your own signer for a real target.
//
//   TSIWS_AUTH_SECRET=s3cret npx tsiws-conform run --signer examples/signer.mjs
//
// tsiws-conform calls sign() once per request with the operation name, the parameters in contract
// order (everything except sig, timestamp and mobilekey, as sent on the wire) and `now`, the time
// the timestamp must state (the stale-timestamp case passes one a day old).
import { createHmac } from 'node:crypto';

const secret = process.env.TSIWS_AUTH_SECRET;
const hmac = (text) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

export function sign({ operation, params, now }) {
  if (!secret) throw new Error('examples/signer.mjs needs the shared secret in TSIWS_AUTH_SECRET');
  const timestamp = now.toISOString();
  const canonical = [operation, ...Object.entries(params).map(([name, value]) => `${name}=${value}`), timestamp].join('\n');
  return { timestamp, sig: hmac(canonical), mobilekey: hmac(`mobilekey:${params.repnumber}`).slice(0, 32) };
}
