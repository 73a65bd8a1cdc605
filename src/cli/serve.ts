/** tsiws-conform serve: the embedded reference server, until SIGINT or SIGTERM. */
import { SERVICE_PATH } from '../contract/index.js';
import { ConfigError } from '../config/settings.js';
import { didYouMean } from '../config/suggest.js';
import { DEPLOYMENT_MUTANTS, findMutant, MUTANTS } from '../server/mutants/index.js';
import { STATEFUL_MUTANTS } from '../server/stateful/mutants.js';
import { appendFileSync } from 'node:fs';
import { mutantNotApplicable, personalityNames, startReferenceServer, unknownPersonality } from '../server/server.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

export default async function serve(argv: string[], io: Io): Promise<number> {
  const line = commandLine('serve', argv, io);
  if (!line) return EXIT.conforms;
  // Every setting of serve (port, host, mutant, namespace, auth secret, result format) resolves as run's do: the one
  // settings table, defaults < .env < environment < flags.
  const { port, host, mutant, listMutants, authSecret, namespace, resultFormat, stateful, stampResults, personality, listPersonalities, answerLog } = commandSettings('serve', line.flags, io);
  if (listPersonalities) {
    for (const name of personalityNames()) io.out(name);
    return EXIT.conforms;
  }
  // Personalities and the answer log are the stateful service's (src/server/stateful/).
  if (!stateful && (personality !== undefined || answerLog !== undefined)) throw new ConfigError(`--${personality !== undefined ? 'personality' : 'answer-log'}: only the stateful service has one; add --stateful`);
  const notOne = personality === undefined ? undefined : unknownPersonality(personality);
  if (notOne) throw new ConfigError(`--personality: ${notOne}; see tsiws-conform serve --stateful --list-personalities`);
  // The stateful implementation has its own catalog (src/server/stateful/mutants.ts); the deployment
  // mistakes (src/server/mutants/deployment.ts) are around the service and apply to it too.
  const catalog: ReadonlyArray<{ readonly name: string; readonly description: string }> = stateful ? [...STATEFUL_MUTANTS, ...DEPLOYMENT_MUTANTS] : MUTANTS;
  if (listMutants) {
    for (const m of catalog) io.out(`${m.name.padEnd(stateful ? 33 : 28)} ${m.description}`);
    return EXIT.conforms;
  }
  // The mutants are the server's: checked here, after resolving, so the configuration loads no server.
  if (mutant !== undefined && !catalog.some((m) => m.name === mutant)) {
    const other = stateful ? findMutant(mutant) !== undefined : STATEFUL_MUTANTS.some((m) => m.name === mutant);
    const hint = other ? ` (a mutant of the ${stateful ? 'echo server: leave out --stateful' : 'stateful server: add --stateful'})` : '';
    const known = stateful ? `; known: ${catalog.map((m) => m.name).join(', ')}` : '';
    throw new ConfigError(`--mutant: unknown ${stateful ? 'stateful ' : ''}mutant "${mutant}"${hint}${didYouMean(mutant, catalog.map((m) => m.name))}${known}; see tsiws-conform serve ${stateful ? '--stateful ' : ''}--list-mutants`);
  }
  // A stateful mutant whose deviation cannot show under the personality is said so, in one line,
  // and left out: the personality is served unchanged (as npm run mutants scores it n/a).
  const notApplicable = stateful && mutant !== undefined ? mutantNotApplicable(mutant, personality) : undefined;
  if (notApplicable) io.out(notApplicable);
  const served = notApplicable ? undefined : mutant;
  let server;
  try {
    server = await startReferenceServer({
      port, host, namespace, resultFormat,
      ...(stateful ? { stateful: true } : {}), ...(stampResults ? { stampResults: true } : {}),
      ...(authSecret ? { authSecret } : {}), ...(served ? { mutant: served } : {}), ...(personality ? { personality } : {}),
      // One JSON line per call, appended as it happens, so a reader sees every answer so far.
      ...(answerLog ? { answerLog: (entry) => appendFileSync(answerLog, `${JSON.stringify(entry)}\n`) } : {}),
    });
  } catch (err) {
    throw new ConfigError(`--port/--host: cannot listen: ${(err as Error).message}`);
  }
  io.out(`tsiws reference server listening on ${server.url}${SERVICE_PATH} (namespace ${namespace}, ${stateful ? `stateful${stampResults ? ' stamped' : ''}, ${personality ? `personality ${personality}, ` : ''}` : ''}${server.resultText} results${authSecret ? ', signatures enforced' : ''}${served ? `, MUTANT ${served}` : ''})`);
  io.out(`WSDL: ${server.url}${SERVICE_PATH}?WSDL   (Ctrl-C stops it)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return EXIT.conforms;
}

