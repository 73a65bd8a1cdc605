/** Types shared between the CLI's main process and the conformance suites in vitest workers. */
import type { RunSettings } from '../config/settings.js';
import type { ExchangeRecord } from './record.js';

/** Settings of a run whose target is known (the embedded server's URL is filled in). */
export type TargetSettings = RunSettings & { readonly baseUrl: string; readonly embedded: boolean };

declare module 'vitest' {
  interface ProvidedContext {
    tsiws: TargetSettings;
  }
}

// TaskMeta lives in vitest's runner package; vitest re-exports it.
declare module '@vitest/runner' {
  interface TaskMeta {
    tsiws?: ExchangeRecord;
  }
}
