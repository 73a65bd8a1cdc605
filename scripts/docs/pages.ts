/** Which generated block lives on which page, and what writes it: `npm run docs` rewrites them all,
 * and test/docs/generated.test.ts fails when a page is out of date. */
import { checksTable, clientChecksTable } from './checks-table.js';
import { commandSettingsTable, runSettingsTable, sharedSettingsTable } from './cli-tables.js';
import { sampleRun } from './sample-run.js';

export interface GeneratedBlock {
  /** The page, relative to the repository. */
  readonly file: string;
  /** The marker name: <!-- name:begin --> ... <!-- name:end -->. */
  readonly name: string;
  readonly generate: () => string | Promise<string>;
}

export const GENERATED: readonly GeneratedBlock[] = [
  { file: 'docs/cli.md', name: 'run-settings', generate: runSettingsTable },
  { file: 'docs/cli.md', name: 'shared-settings', generate: sharedSettingsTable },
  { file: 'docs/cli.md', name: 'command-settings', generate: commandSettingsTable },
  { file: 'docs/checks.md', name: 'checks', generate: checksTable },
  { file: 'docs/checks.md', name: 'client-checks', generate: clientChecksTable },
  { file: 'README.md', name: 'sample-run', generate: sampleRun },
];

/** The command that rewrites the generated blocks (named by the test that finds one out of date). */
export const DOCS_COMMAND = 'npm run docs';
