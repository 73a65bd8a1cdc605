/**
 * The one change the proxy makes to an answer (issue 53): the port addresses of a ?WSDL answer
 * (WSDL 1.1 section 3.8 soap:address, the SOAP 1.2 binding's soap12:address, section 4.4
 * http:address) name the proxy, so that a client generated from it calls through the proxy.
 *
 * Only the location attributes' values change. The document is read and written as latin1, one
 * character per byte, so every other byte goes back exactly as the target sent it: a parse and
 * re-serialisation would change quoting, white space and declarations the client may depend on.
 */

const BINDING_NAMESPACES = ['http://schemas.xmlsoap.org/wsdl/soap/', 'http://schemas.xmlsoap.org/wsdl/soap12/', 'http://schemas.xmlsoap.org/wsdl/http/'];

/** The prefixes the document binds to the three binding namespaces (xmlns:soap="..."). */
function bindingPrefixes(text: string): string[] {
  const prefixes = new Set<string>();
  for (const m of text.matchAll(/xmlns:([A-Za-z_][\w.-]*)\s*=\s*(["'])(.*?)\2/g)) if (BINDING_NAMESPACES.includes(m[3]!)) prefixes.add(m[1]!);
  return [...prefixes];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** `location` moved to `origin`: its path (less the target's path prefix) and query kept. */
function moved(location: string, origin: string, targetPrefix: string): string | undefined {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return undefined;
  }
  const path = targetPrefix && url.pathname.toLowerCase().startsWith(targetPrefix.toLowerCase()) ? url.pathname.slice(targetPrefix.length) : url.pathname;
  return `${origin}${path}${url.search}`;
}

/**
 * The WSDL with every binding address's location moved to `origin` (the proxy as the client
 * reached it), or undefined when it has none to move. `targetPrefix`: the --target URL's path, which
 * the proxy's own paths do not have.
 */
export function rewriteWsdlAddresses(body: Buffer, origin: string, targetPrefix: string): Buffer | undefined {
  const text = body.toString('latin1');
  const prefixes = bindingPrefixes(text);
  if (prefixes.length === 0) return undefined;
  const element = new RegExp(`(<(?:${prefixes.map(escapeRegExp).join('|')}):address\\b[^>]*?\\blocation\\s*=\\s*)(["'])(.*?)\\2`, 'g');
  let changed = false;
  const out = text.replace(element, (whole, start: string, quote: string, location: string) => {
    const to = moved(location.replace(/&amp;/g, '&'), origin, targetPrefix);
    if (to === undefined) return whole;
    changed = true;
    return `${start}${quote}${escapeAttribute(to)}${quote}`;
  });
  return changed ? Buffer.from(out, 'latin1') : undefined;
}
