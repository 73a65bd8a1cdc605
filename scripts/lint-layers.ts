/**
 * npm run lint:layers [SRC]: exit 1 if a folder of src/ imports at run time from a folder that is
 * not on a lower floor (test/layers/floors.ts), or folders import each other round a loop, naming
 * each import that breaks the order; exit 0 otherwise. The check is test/layers/folder-cycles.ts
 * (also run by vitest); this runs it before the tests.
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
