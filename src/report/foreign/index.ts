/**
 * report/foreign/
 *
 * The files other tools read: junit.xml for CI servers (`junit.ts`, streamed in pieces, its
 * testcases folded per case, check and transport, with the diagnoses as a testsuite of their own),
 * Allure results (`allure.ts`, `allure-results.ts`; `allure-folder.ts` names a bad --allure folder
 * without loading Allure), the Postman collection of failing exchanges with its tests
 * (`postman*.ts`), and failures.har (`har.ts`, HAR 1.2 entries from src/traffic/). Each is checked
 * by the foreign readers in the tests.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { AllureFolderError } from './allure-folder.js';
export type { AllureResults } from './allure-results.js';
export { HAR_FILE, failingExchanges, failuresHar } from './har.js';
export { junitChunks } from './junit.js';
export { POSTMAN_FILE, exportedExchanges, postmanCollection } from './postman.js';
