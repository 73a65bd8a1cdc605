/** The bench's child processes: the CLI (a run, or the reference server), watched for memory. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { watchMemory, type MemoryPeak } from './memory.js';

export const BIN = fileURLToPath(new URL('../../bin/tsiws-conform.js', import.meta.url));

export interface ChildRun {
  readonly pid: number;
  readonly code: number;
  readonly wallMs: number;
  readonly memory: MemoryPeak;
  /** The CPU time of the CLI's own process (every thread of it, not the workers it started) over
   * its whole life, from process.cpuUsage() as it exits; null if it did not say (killed). */
  readonly mainCpuMs: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `tsiws-conform ARGS` to its end, sampling the memory and CPU time of its process tree (and
 * the CPU time of `others`, a target); `nodeFlags` go to node itself (e.g. --cpu-prof, which vitest
 * hands on to its workers). */
export function runCli(args: readonly string[], nodeFlags: readonly string[] = [], others: readonly number[] = []): Promise<ChildRun> {
  const started = performance.now();
  const cpuDir = mkdtempSync(join(tmpdir(), 'tsiws-cpu-'));
  const child = spawn(process.execPath, [...cpuAtExit(cpuDir), ...nodeFlags, BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  const watch = watchMemory(child.pid!, 100, others);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ pid: child.pid!, code: code ?? 1, wallMs: Math.round(performance.now() - started), memory: watch.stop(), mainCpuMs: readCpuAtExit(cpuDir, child.pid!), stdout, stderr }));
  });
}

/**
 * Node flags for a preload that writes the process's own CPU time when it exits: exact where /proc
 * samples lose up to a sampling interval (100 ms is 0.09 ms an exchange of a 1x run), and without
 * a profiler's cost. vitest does not hand --import on to its workers; a worker that wrote one
 * anyway would write under its own pid.
 */
function cpuAtExit(dir: string): string[] {
  const code = `import{writeFileSync}from'node:fs';process.on('exit',()=>{const u=process.cpuUsage();writeFileSync(${JSON.stringify(dir)}+'/'+process.pid,String((u.user+u.system)/1000))})`;
  return ['--import', `data:text/javascript,${encodeURIComponent(code)}`];
}

function readCpuAtExit(dir: string, pid: number): number | null {
  try {
    return Math.round(Number(readFileSync(join(dir, String(pid)), 'utf8')));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts `tsiws-conform serve --port 0` and resolves with its URL once it listens. */
export function startServer(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the reference server ended before it listened (exit ${code}): ${out}`)));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^/\s]+)/.exec(out);
      if (!m) return;
      child.removeAllListeners('exit');
      resolve({
        url: m[1]!,
        pid: child.pid!,
        stop: () => new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}
