/**
 * The secret values a client's request carries (spec, Authentication: sig, timestamp, mobilekey),
 * found without the client judgement: wherever the request was understood or not, they never reach
 * a report or a capture. Looked for where the four transports put parameters: the query (GET), a
 * form body (POST), and the elements of a SOAP body.
 */
import { SECRET_PLACEHOLDERS } from '../contract/index.js';
import type { ObservedRequest } from '../transports/index.js';

const NAMES = Object.keys(SECRET_PLACEHOLDERS);

/** The secret parameters' values as sent, by lower-case name; a name sent twice keeps its first. */
export function requestSecrets(request: ObservedRequest, given: Readonly<Record<string, string>> = {}): Record<string, string> {
  const found: Record<string, string> = {};
  const take = (name: string, value: string) => {
    const key = name.toLowerCase();
    if (NAMES.includes(key) && !(key in found) && value !== '') found[key] = value;
  };
  for (const [name, value] of Object.entries(given)) take(name, value);
  const query = request.url.indexOf('?');
  if (query !== -1) for (const [name, value] of new URLSearchParams(request.url.slice(query + 1))) take(name, value);
  const text = request.body.toString('utf8');
  if (text.includes('<')) {
    for (const m of text.matchAll(/<(?:[\w.-]+:)?(sig|timestamp|mobilekey)\b[^>]*>([^<]*)</gi)) take(m[1]!, m[2]!);
  } else if (text.includes('=')) {
    for (const [name, value] of new URLSearchParams(text)) take(name, value);
  }
  return found;
}
