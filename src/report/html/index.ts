/**
 * report/html/
 *
 * report.html, the page a person reads: the verdict and its notes, the operation x transport
 * matrix, coverage, the data path, anchors, sequences, the reference's verdicts, WS-I, waivers and
 * diagnoses, and the details of each failing exchange with its request, answer and differences
 * (`page.ts` composes the sections; `text.ts` escapes hostile text; `style.ts` and `filter.ts`
 * are the page's only style and script). Self-contained: no network, no external file.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { reportHtml } from './page.js';
