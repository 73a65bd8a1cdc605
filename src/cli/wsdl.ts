/** tsiws-conform wsdl: print the reconstructed WSDL (or XSD) for any namespace, or regenerate wsdl/. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_NAMESPACE } from '../contract/index.js';
import { ConfigError } from '../config/settings.js';
import { DEFAULT_WSDL_BASE_URL, generateWsdl, generateXsd } from '../wsdl/generate.js';
import { toolRoot } from '../results/tool-info.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

export default async function wsdl(argv: string[], io: Io): Promise<number> {
  const line = commandLine('wsdl', argv, io);
  if (!line) return EXIT.conforms;
  const { flags } = line;
  // Resolved as run's are (defaults < .env < environment < flag).
  const { namespace: given, address, xsd, write } = commandSettings('wsdl', flags, io);
  if (write) {
    // --write always regenerates the checked-in files for the default namespace and base URL.
    if (flags['namespace'] || flags['base-url']) throw new ConfigError('--write regenerates the checked-in files for the defaults; drop --namespace and --base-url, or print with them instead');
    const [namespace, baseUrl] = [DEFAULT_NAMESPACE, DEFAULT_WSDL_BASE_URL];
    const dir = new URL('wsdl/', toolRoot());
    writeFileSync(fileURLToPath(new URL('tsiWS.wsdl', dir)), generateWsdl({ namespace, baseUrl }));
    writeFileSync(fileURLToPath(new URL('tsiWS.xsd', dir)), generateXsd(namespace));
    io.out(`wrote ${fileURLToPath(new URL('tsiWS.wsdl', dir))} and tsiWS.xsd`);
    return EXIT.conforms;
  }
  io.out((xsd ? generateXsd(given) : generateWsdl({ namespace: given, baseUrl: address })).trimEnd());
  return EXIT.conforms;
}
