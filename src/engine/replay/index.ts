/**
 * engine/replay/
 *
 * Cases made again from what was sent before: a recorded baseline (`baseline-replay.ts`,
 * `--baseline`, each answer compared with the recorded one) and captured traffic
 * (`traffic.ts`, `--traffic`: the calls a HAR file or a proxy capture holds, read through
 * `src/traffic/`). Each case is run by `exchange/`.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { casesToReplay, replayCase, withRegression } from './baseline-replay.js';
export { readTraffic, trafficLine, trafficRows, withTrafficRef } from './traffic.js';
