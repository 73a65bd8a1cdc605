/** tsiws-conform serve: the embedded reference server, until SIGINT or SIGTERM. */
import { DEFAULT_NAMESPACE, SERVICE_PATH } from '../contract/index.js';
import { ConfigError } from '../config/settings.js';
import { didYouMean } from '../config/suggest.js';
import { findMutant, MUTANTS } from '../server/mutants/index.js';
import { startReferenceServer } from '../server/server.js';
import { parseFlags } from './args.js';
import { commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

const HELP = `Usage: tsiws-conform serve [--port P] [--host H] [--namespace NS] [--auth-secret S] [--result-format json|xml] [--mutant NAME] | --list-mutants
  --port          TCP port to listen on [default: 8089; 0 picks a free one]
  --host          address to bind [default: 127.0.0.1]
  --namespace     XML namespace of the service [default: ${DEFAULT_NAMESPACE}]
  --auth-secret   enforce the example signing scheme with this secret [default: accept any signature]
  --result-format result text as JSON (default) or as an XML document in text (a mutant may fix its own)
  --namespace, --auth-secret and --result-format are also read from TSIWS_NAMESPACE, TSIWS_AUTH_SECRET and
                  TSIWS_RESULT_FORMAT, and .env, as run reads them
  --mutant        serve a deliberately broken variant (see --list-mutants)
  --list-mutants  list the mutants with a one-line description`;

export default async function serve(argv: string[], io: Io): Promise<number> {
  const flags = parseFlags('serve', argv, {
    port: { type: 'string' }, host: { type: 'string' }, namespace: { type: 'string' },
    'auth-secret': { type: 'string' }, 'result-format': { type: 'string' }, mutant: { type: 'string' }, 'list-mutants': { type: 'boolean' },
  });
  if (flags['help']) {
    io.out(HELP);
    return EXIT.conforms;
  }
  if (flags['list-mutants']) {
    for (const m of MUTANTS) io.out(`${m.name.padEnd(28)} ${m.description}`);
    return EXIT.conforms;
  }
  const mutant = flags['mutant'] as string | undefined;
  if (mutant !== undefined && !findMutant(mutant)) throw new ConfigError(`--mutant: unknown mutant "${mutant}"${didYouMean(mutant, MUTANTS.map((m) => m.name))}; see tsiws-conform serve --list-mutants`);
  // The settings serve shares with run (namespace, auth secret) resolve as run's do: the one settings
  // table, defaults < .env < environment < flags.
  const { authSecret, namespace, resultFormat } = commandSettings(flags, io, ['namespace', 'auth-secret', 'result-format']);
  const portText = (flags['port'] as string | undefined) ?? '8089';
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new ConfigError(`--port: expected a port number from 0 to 65535, got "${portText}"`);
  let server;
  try {
    server = await startReferenceServer({
      port: Number(portText), host: (flags['host'] as string | undefined) ?? '127.0.0.1', namespace, resultFormat,
      ...(authSecret ? { authSecret } : {}), ...(mutant ? { mutant } : {}),
    });
  } catch (err) {
    throw new ConfigError(`--port/--host: cannot listen: ${(err as Error).message}`);
  }
  io.out(`tsiws reference server listening on ${server.url}${SERVICE_PATH} (namespace ${namespace}, ${server.resultFormat} results${authSecret ? ', signatures enforced' : ''}${mutant ? `, MUTANT ${mutant}` : ''})`);
  io.out(`WSDL: ${server.url}${SERVICE_PATH}?WSDL   (Ctrl-C stops it)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return EXIT.conforms;
}
