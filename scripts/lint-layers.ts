/**
 * npm run lint:layers [SRC]: exit 1 if folders of src/ import each other at run time, directly or
 * round a loop, naming each cycle's folders and the imports that tie them; exit 0 otherwise.
 * The check is test/layers/folder-cycles.ts (also run by vitest); this runs it before the tests.
 */
import { resolve } from 'node:path';
import { cycleTies, describeCycles, folderImports } from '../test/layers/folder-cycles.js';

const src = resolve(process.argv[2] ?? 'src');
const ties = cycleTies(folderImports(src));
if (ties.length > 0) {
  console.error(`lint:layers: ${ties.length} import cycle(s) between folders of ${src} (STYLE.md, "Layers point one way"):\n${describeCycles(ties)}`);
  process.exit(1);
}
console.log(`lint:layers: no import cycle between the folders of ${src}`);
