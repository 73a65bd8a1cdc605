/** tsiws-conform contract --from-wsdl FILE: print a WSDL's operations as contract table rows. */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/settings.js';
import { CLASS_RULE, contractTable } from '../wsdl/contract-table.js';
import { parseWsdl } from '../wsdl/parse.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

export default async function contract(argv: string[], io: Io): Promise<number> {
  const line = commandLine('contract', argv, io);
  if (!line) return EXIT.conforms;
  const file = commandSettings('contract', line.flags, io).fromWsdl;
  if (file === undefined) throw new ConfigError('contract: give --from-wsdl FILE (a WSDL file to read the table from)');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`--from-wsdl: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const parsed = parseWsdl(text);
  if (!parsed.ok) throw new ConfigError(`--from-wsdl: ${file} is ${parsed.error}`);
  const { rows, problems } = contractTable(parsed.model);
  io.out([
    `// Contract table read from ${file} (targetNamespace ${parsed.model.targetNamespace ?? '(none)'}), rows as in src/contract/operations.ts.`,
    `// The class is not in a WSDL; it is derived from the verb ending the operation name: ${CLASS_RULE}.`,
    ...problems.map((p) => `// not expressible: ${p}`),
    ...rows,
  ].join('\n'));
  return problems.length === 0 ? EXIT.conforms : EXIT.findings;
}
