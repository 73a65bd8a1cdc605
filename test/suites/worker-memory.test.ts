/** suites/worker-memory.mjs: a forked worker collects its garbage on a timer that never keeps it alive. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const preload = fileURLToPath(new URL('../../suites/worker-memory.mjs', import.meta.url));
const node = (args: string[], script: string) => execFileSync(process.execPath, [...args, '--import', preload, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 10_000 });

describe('worker-memory.mjs', () => {
  it('collects once a second when the worker has gc (--expose-gc)', () => {
    // The timer calls globalThis.gc when it fires: counted here in its place.
    const out = node(['--expose-gc'], 'let n = 0; globalThis.gc = () => n++; setTimeout(() => console.log(n), 2300);');
    expect(Number(out.trim())).toBeGreaterThanOrEqual(2);
  });

  it('does not keep a finished worker alive', () => {
    const started = Date.now();
    expect(node(['--expose-gc'], 'console.log("done")').trim()).toBe('done');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does nothing without --expose-gc', () => {
    expect(node([], 'setTimeout(() => console.log(typeof globalThis.gc), 1200)').trim()).toBe('undefined');
  });
});
