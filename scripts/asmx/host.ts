/**
 * Starts the generated tsiWS.asmx site on Mono's System.Web.Services (scripts/asmx/Host.cs) for a
 * test run: generate the site, compile the host into the site's bin/ (ApplicationHost loads the host
 * type from there), start it on a free loopback port and wait for its ready line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_PATH } from '../../src/contract/index.js';
import { writeSite, type SiteOptions } from './generate.js';

const HOST_SOURCE = fileURLToPath(new URL('Host.cs', import.meta.url));
const INSTALL = 'apt-get install -y --no-install-recommends mono-devel';

export interface AsmxHostOptions extends SiteOptions {
  /** Loopback port; a free one when left out (HttpListener cannot bind port 0 and report it). */
  readonly port?: number;
  /** Folder for the site; a temporary one, removed by stop(), when left out. */
  readonly siteDir?: string;
  /** How long start-up, including the runtime's first compilation of the .asmx, may take. */
  readonly readyTimeoutMs?: number;
}

export interface AsmxHost {
  /** Scheme, host and port, as `run --base-url` takes it. */
  readonly baseUrl: string;
  readonly siteDir: string;
  /** The mono process serving it (the bench reads its CPU time). */
  readonly pid: number;
  stop(): Promise<void>;
}

export class AsmxHostError extends Error {
  readonly code = 'TSIWS_ASMX_HOST';
}

function requireTool(tool: string): void {
  const probe = spawnSync(tool, ['--version'], { stdio: 'ignore' });
  if (probe.error) throw new AsmxHostError(`${tool} not found (${probe.error.message}); install Mono with: ${INSTALL}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function compileHost(siteDir: string): void {
  const out = join(siteDir, 'bin', 'AsmxHost.exe');
  const mcs = spawnSync('mcs', ['-nologo', '-target:exe', `-out:${out}`, '-r:System.Web', '-r:Mono.Posix', HOST_SOURCE], { encoding: 'utf8' });
  if (mcs.status !== 0) throw new AsmxHostError(`mcs could not compile ${HOST_SOURCE}:\n${mcs.stdout}${mcs.stderr}`);
}

export async function startAsmxHost(options: AsmxHostOptions = {}): Promise<AsmxHost> {
  requireTool('mono');
  requireTool('mcs');
  const temporary = options.siteDir === undefined;
  const siteDir = options.siteDir ?? mkdtempSync(join(tmpdir(), 'tsiws-asmx-'));
  writeSite(siteDir, options);
  compileHost(siteDir);
  const port = options.port ?? await freePort();
  // TZ=UTC: a zoned dateTime is bound as a Local value; without daylight saving its conversion back
  // to UTC for the echo is exact for every instant.
  const child = spawn('mono', [join(siteDir, 'bin', 'AsmxHost.exe'), String(port), siteDir], { env: { ...process.env, TZ: 'UTC' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin.end(); // the host exits when its stdin closes
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (temporary) rmSync(siteDir, { recursive: true, force: true });
  };

  try {
    const baseUrl = await ready(child, options.readyTimeoutMs ?? 60_000, () => stderr);
    await warmUp(baseUrl);
    return { baseUrl, siteDir, pid: child.pid!, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function ready(child: ReturnType<typeof spawn>, timeoutMs: number, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const fail = (why: string) => { clearTimeout(timer); reject(new AsmxHostError(`the Mono ASMX host ${why}; its stderr:\n${stderr()}`)); };
    const timer = setTimeout(() => fail(`printed no "listening" line within ${timeoutMs} ms`), timeoutMs);
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) before it was ready`));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const m = /^listening (http:\/\/\S+?)\/?$/m.exec(stdout);
      if (m) { clearTimeout(timer); resolve(m[1]!); }
    });
  });
}

/** The runtime compiles the .asmx on its first request: ask for the WSDL so that a compilation
 * error surfaces here, with the runtime's own message, not as 700 failed exchanges. */
async function warmUp(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}${SERVICE_PATH}?WSDL`);
  if (res.status !== 200) throw new AsmxHostError(`the generated site does not serve its WSDL (HTTP ${res.status}):\n${(await res.text()).slice(0, 2000)}`);
}
