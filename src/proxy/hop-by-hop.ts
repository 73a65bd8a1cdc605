/**
 * Hop-by-hop headers (RFC 9110 section 7.6.1): they describe one connection, not the message, so a
 * proxy never forwards them, and neither the ones that Connection names. Everything else crosses
 * the proxy as it came, names in their case and order, repeated headers repeated.
 */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization']);

/** `raw`: [name, value, name, value, ...] as Node's rawHeaders and undici give them. */
export function endToEnd(raw: readonly string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || name.startsWith('proxy-') || named.has(name)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/** Pairs without the headers named (any case). */
export function without(raw: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!names.includes(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

/** Names in lower case, repeated values joined with ", " (RFC 9110 section 5.3), as HttpResponse has them. */
export function lowerCased(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]}` : raw[i + 1]!;
  }
  return out;
}
