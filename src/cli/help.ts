/** A command's --help, light enough for the dispatcher to print it without loading the command:
 * the settings tables, and the names of the parity rules (a data file) that --normalise lists.
 * Nothing here may import a check, the engine, the server or an HTTP or XML library. */
import { helpText, type CommandId } from '../config/commands.js';
import { NAMED_RULES } from '../parity/rules.js';

export const commandHelp = (command: CommandId): string => helpText(command, { normalise: Object.keys(NAMED_RULES) });
