/**
 * Parsers of the transport-level access settings (--header, --auth, --proxy, --ca-file, --cert,
 * --key). Their values are secrets, so no message here repeats a value: only the flag or
 * variable, and what shape was expected.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { BasicAuth } from '../contract/index.js';
import { ConfigError } from './errors.js';

/** RFC 9110 section 5.6.2: a field name is a token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Headers each transport sets itself; replacing them would test something else than the transport. */
const TRANSPORT_HEADERS = ['host', 'content-type', 'content-length', 'transfer-encoding', 'soapaction', 'connection'];

/** TSIWS_HEADERS holds one header a line: a field value cannot contain a line break (RFC 9110 5.5). */
export const HEADER_SEPARATOR = '\n';

export function headers(text: string, source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(HEADER_SEPARATOR).map((l) => l.trim()).filter(Boolean)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, Math.max(colon, 0)).trim();
    if (colon < 1 || !TOKEN.test(name)) throw new ConfigError(`${source}: expected 'Name: value' (e.g. 'X-Api-Key: ...'), got a header without a valid name before its colon`);
    if (TRANSPORT_HEADERS.includes(name.toLowerCase())) throw new ConfigError(`${source}: ${name} is set by each transport and cannot be replaced; leave it out`);
    if (Object.keys(out).some((n) => n.toLowerCase() === name.toLowerCase())) throw new ConfigError(`${source}: ${name} is given twice; give each header once`);
    out[name] = line.slice(colon + 1).trim();
  }
  return out;
}

export function basicAuth(text: string, source: string): BasicAuth {
  const colon = text.indexOf(':');
  if (colon < 1) throw new ConfigError(`${source}: expected user:password (HTTP Basic), e.g. --auth 'alice:...'`);
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

export function proxyUrl(text: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ConfigError(`${source}: not a URL; expected e.g. http://proxy.example.com:3128`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`${source}: only http and https proxies are supported, got "${parsed.protocol}"`);
  return text;
}

/** A file that must be readable now: a missing one is bad usage before any network traffic. */
export function readableFile(text: string, source: string): string {
  const path = isAbsolute(text) ? text : resolve(text);
  try {
    if (!statSync(path).isFile()) throw Object.assign(new Error(), { code: 'not a file' });
    accessSync(path, constants.R_OK);
  } catch (err) {
    throw new ConfigError(`${source}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'}); give the path of an existing file`);
  }
  return path;
}

/** The base URL without user:password, and the credentials it carried (RFC 3986 userinfo). */
export function splitUserinfo(baseUrl: string): { baseUrl: string; auth: BasicAuth | undefined } {
  const url = new URL(baseUrl);
  if (!url.username && !url.password) return { baseUrl, auth: undefined };
  const auth = { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  url.username = '';
  url.password = '';
  return { baseUrl: url.href.replace(/\/+$/, ''), auth };
}
