/**
 * report/formats/
 *
 * Our own report files and console output: results.json, parity.json and regression.json (each
 * written in chunks from the digest), the certificate (`certificate.ts`, with its hash of every
 * file written), the console table, verdict and JSON document (`console.ts`, `console-json.ts`),
 * the CI job summary in Markdown (`ci-summary.ts`, `markdown.ts`), and how diagnoses read in JSON and
 * on the console. Each reads the digest; none writes a file itself (report/write.ts does).
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { CERTIFICATE_FILE, CERTIFICATE_FORMAT, certificateJson, fileSha256, filesUnder, hashWritten } from './certificate.js';
export type { Certificate } from './certificate.js';
export { stepSummaryMarkdown, workflowCommands } from './ci-summary.js';
export { consoleJson } from './console-json.js';
export { consoleTable } from './console.js';
export { parityJsonChunks } from './parity-json.js';
export { regressionJson } from './regression-json.js';
export { resultsJsonChunks } from './results-json.js';
