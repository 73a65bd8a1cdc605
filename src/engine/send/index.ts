/**
 * engine/send/
 *
 * One plain exchange with the target, outside the suites' checks: the spec's authentication values
 * and the signer that makes them (`auth.ts`), a request sent and its answer read and classified
 * (`plain-send.ts`, what discovery, the value search and the reference use), whether the target
 * answers at all before anything else is sent (`reachable.ts`), and the target of a run: the
 * embedded reference server, or a probe of `--base-url` (`target.ts`), and the one HTTP client a run
 * makes for it (`run-client.ts`). The lowest room of the engine: it knows the transports and
 * HTTP, nothing the run learned.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { authValues, corruptSignature, signerFor, trySigner } from './auth.js';
export { sendPlain } from './plain-send.js';
export type { PlainAnswer } from './plain-send.js';
export { ensureReachable } from './reachable.js';
export { PROBE, runClient } from './run-client.js';
export { embeddedServer, openTarget } from './target.js';
export type { Target } from './target.js';
