/**
 * node --import tsx scripts/longest-function.ts [SRC]: prints the longest function of src/ (file:line,
 * name, lines) and exits 1 naming each function over MAX_FUNCTION_LINES that is not PENDING_SPLIT
 * (test/layers/function-length.ts). `npm run lint:layers` runs the same check in its summary.
 */
import { resolve } from 'node:path';
import { describeFunction, longFunctions, MAX_FUNCTION_LINES } from '../test/layers/function-length.js';

const { longest, failing, pending } = longFunctions(resolve(process.argv[2] ?? 'src'));
console.log(`longest function: ${longest ? describeFunction(longest) : 'none'}`);
for (const f of pending) console.log(`pending split (issue 62): ${describeFunction(f)}`);
for (const f of failing) console.error(`${describeFunction(f)}: over ${MAX_FUNCTION_LINES} lines`);
process.exit(failing.length > 0 ? 1 : 0);
