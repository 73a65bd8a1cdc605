/** tsiws-conform wsdl: print the reconstructed WSDL (or XSD) for any namespace, or regenerate wsdl/. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_NAMESPACE } from '../contract/index.js';
import { ConfigError } from '../config/settings.js';
import { DEFAULT_WSDL_BASE_URL, generateWsdl, generateXsd } from '../wsdl/generate.js';
import { parseFlags } from './args.js';
import { commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

const HELP = `Usage: tsiws-conform wsdl [--namespace NS] [--base-url URL] [--xsd] | --write
  --namespace  XML namespace (or TSIWS_NAMESPACE, .env) [default: ${DEFAULT_NAMESPACE}]
  --base-url   scheme and host written into the port addresses [default: ${DEFAULT_WSDL_BASE_URL}]
  --xsd        print the standalone XSD instead of the WSDL
  --write      regenerate the checked-in wsdl/tsiWS.wsdl and wsdl/tsiWS.xsd (default namespace and base URL)`;

export default async function wsdl(argv: string[], io: Io): Promise<number> {
  const flags = parseFlags('wsdl', argv, { namespace: { type: 'string' }, 'base-url': { type: 'string' }, xsd: { type: 'boolean' }, write: { type: 'boolean' } });
  if (flags['help']) {
    io.out(HELP);
    return EXIT.conforms;
  }
  // --namespace resolves as run's does (defaults < .env < environment < flag); --write always
  // regenerates the checked-in files for the default namespace.
  const namespace = flags['write'] ? DEFAULT_NAMESPACE : commandSettings(flags, io, ['namespace']).namespace;
  const baseUrl = (flags['base-url'] as string | undefined) ?? DEFAULT_WSDL_BASE_URL;
  if (flags['write']) {
    if (flags['namespace'] || flags['base-url']) throw new ConfigError('--write regenerates the checked-in files for the defaults; drop --namespace and --base-url, or print with them instead');
    const dir = new URL('../../wsdl/', import.meta.url);
    writeFileSync(fileURLToPath(new URL('tsiWS.wsdl', dir)), generateWsdl({ namespace, baseUrl }));
    writeFileSync(fileURLToPath(new URL('tsiWS.xsd', dir)), generateXsd(namespace));
    io.out(`wrote ${fileURLToPath(new URL('tsiWS.wsdl', dir))} and tsiWS.xsd`);
    return EXIT.conforms;
  }
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`--base-url: "${baseUrl}" is not a URL`);
  }
  io.out((flags['xsd'] ? generateXsd(namespace) : generateWsdl({ namespace, baseUrl })).trimEnd());
  return EXIT.conforms;
}
