/** tsiws-conform serve: the embedded reference server, until SIGINT or SIGTERM. */
import { SERVICE_PATH } from '../contract/index.js';
import { ConfigError } from '../config/settings.js';
import { didYouMean } from '../config/suggest.js';
import { findMutant, MUTANTS } from '../server/mutants/index.js';
import { startReferenceServer } from '../server/server.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

export default async function serve(argv: string[], io: Io): Promise<number> {
  const line = commandLine('serve', argv, io);
  if (!line) return EXIT.conforms;
  // Every setting of serve (port, host, mutant, namespace, auth secret, result format) resolves as run's do: the one
  // settings table, defaults < .env < environment < flags.
  const { port, host, mutant, listMutants, authSecret, namespace, resultFormat } = commandSettings('serve', line.flags, io);
  if (listMutants) {
    for (const m of MUTANTS) io.out(`${m.name.padEnd(28)} ${m.description}`);
    return EXIT.conforms;
  }
  // The mutants are the server's: checked here, after resolving, so the configuration loads no server.
  if (mutant !== undefined && !findMutant(mutant)) throw new ConfigError(`--mutant: unknown mutant "${mutant}"${didYouMean(mutant, MUTANTS.map((m) => m.name))}; see tsiws-conform serve --list-mutants`);
  let server;
  try {
    server = await startReferenceServer({
      port, host, namespace, resultFormat,
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
