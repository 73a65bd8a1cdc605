/** The tool's name and version, as every report, baseline and certificate names it. */
import { readFileSync } from 'node:fs';

export function toolInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
