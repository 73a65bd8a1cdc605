/**
 * npm run lint:layers [SRC]: exit 1 if the rooms of src/ import each other round a loop (type-only
 * imports included), a circle of files spans two folders, a room imports at run time from one that
 * is not on a lower floor (test/layers/floors.ts), or a function is over MAX_FUNCTION_LINES
 * (test/layers/function-length.ts), naming each; exit 0 otherwise. Either way it prints one summary
 * with the longest function. The checks are test/layers/folder-cycles.ts (also run by vitest).
 */
import { resolve } from 'node:path';
import { lintLayers } from '../test/layers/folder-cycles.js';
import { FLOORS } from '../test/layers/floors.js';

const { ok, text } = lintLayers(resolve(process.argv[2] ?? 'src'), FLOORS);
if (!ok) {
  console.error(text);
  process.exit(1);
}
console.log(text);
