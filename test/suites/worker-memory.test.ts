/** suites/worker-memory.mjs: a forked worker collects its garbage once its heap passes a limit, on
 * a timer that never keeps it alive. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const preload = fileURLToPath(new URL('../../suites/worker-memory.mjs', import.meta.url));
const node = (args: string[], script: string) => execFileSync(process.execPath, [...args, '--import', preload, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
// The timeout only stops a child that would never end: 10 s was passed on a loaded machine
// (ETIMEDOUT at load average 15, 2026-11-26), so it is generous; no test here bounds a duration.

// The preload captured gc when it loaded: counting its calls means wrapping V8's own collector,
// which the script cannot reach any more; so the script watches the heap fall instead.
const HEAP = 'const { getHeapStatistics } = await import("node:v8"); const used = () => getHeapStatistics().used_heap_size;';

describe('worker-memory.mjs', () => {
  it('collects within a second or two once the heap holds more than 64 MiB of garbage', () => {
    const script = `${HEAP} let garbage = Array.from({ length: 2e6 }, (_, i) => ({ i, s: 'x' + i })); const before = used(); garbage = null;
      setTimeout(() => console.log(JSON.stringify({ before, after: used() })), 2500);`;
    const { before, after } = JSON.parse(node(['--expose-gc'], script)) as { before: number; after: number };
    expect(before).toBeGreaterThan(64 * 1024 * 1024);
    expect(after).toBeLessThan(before / 2);
  });

  it('does not keep a finished worker alive', () => {
    // A timer that kept it alive would never let it exit: execFileSync then throws ETIMEDOUT.
    expect(node(['--expose-gc'], 'console.log("done")').trim()).toBe('done');
  });

  it('does nothing without --expose-gc', () => {
    expect(node([], 'setTimeout(() => console.log(typeof globalThis.gc), 1200)').trim()).toBe('undefined');
  });
});
