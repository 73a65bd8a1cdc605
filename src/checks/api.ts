/**
 * What a user checks module (--checks-module) may import from this package:
 *   import type { Check } from 'tsiws-conformance/checks';          (TypeScript)
 *   /** @type {import('tsiws-conformance/checks').Check} *\/          (JavaScript, JSDoc)
 * The interface and levels are the built-in catalog's own (types.ts, src/results/levels.ts); pass,
 * fail and skip make verdicts. Only types.ts is loaded: no XML library, no engine.
 */
export type { Check, CheckInfo, Exchange, ServiceCheck, ServiceExchange, Verdict } from './types.js';
export { fail, pass, skip } from './types.js';
export type { Level } from '../results/levels.js';
export type { Decoded, HttpRequest, HttpResponse, Transport } from '../transports/index.js';
