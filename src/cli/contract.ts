/** tsiws-conform contract --from-wsdl FILE: print a WSDL's operations as contract table rows. */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/settings.js';
import { CLASS_RULE, contractTable } from '../wsdl/contract-table.js';
import { parseWsdl } from '../wsdl/parse.js';
import { parseFlags } from './args.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

const HELP = `Usage: tsiws-conform contract --from-wsdl FILE
  --from-wsdl  a WSDL file; its operations are printed as rows of the table in src/contract/operations.ts
Exit codes: 0 printed, 1 printed but something could not be expressed (see the comments), 2 bad usage or unreadable file.`;

export default async function contract(argv: string[], io: Io): Promise<number> {
  const flags = parseFlags('contract', argv, { 'from-wsdl': { type: 'string' } });
  if (flags['help']) {
    io.out(HELP);
    return EXIT.conforms;
  }
  const file = flags['from-wsdl'] as string | undefined;
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
