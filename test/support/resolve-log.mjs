// Module hooks (node:module register) that append every resolved URL to the file named by
// TSIWS_RESOLVE_LOG: what a command loads, for the start-up test.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.TSIWS_RESOLVE_LOG, `${resolved.url}\n`);
  return resolved;
}
