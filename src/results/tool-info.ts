/** The tool's name and version, as every report, baseline and certificate names it, and where its
 * own files are. */
import { existsSync, readFileSync } from 'node:fs';

let root: URL | undefined;

/** The tool's folder, package.json's: src/ and the published dist/ sit right in it, a checkout's
 * compiled sources deeper (.build/<key>/, bin/checkout-build.js), so a module finds suites/, wsdl/
 * and package.json from here rather than by a fixed number of `../`. */
export function toolRoot(): URL {
  if (root) return root;
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    if (existsSync(new URL('package.json', dir))) return (root = dir);
    if (dir.pathname === '/') throw new Error(`no package.json above ${import.meta.url}`);
  }
}

export function toolInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL('package.json', toolRoot()), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
