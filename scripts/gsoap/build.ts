/**
 * Builds and starts the gSOAP 2.8 service for `npm run test:gsoap`: wsdl2h and soapcpp2 generate
 * it from wsdl/tsiWS.wsdl, server-source.ts adds the operations and the GET/POST handlers, gcc links
 * it with libgsoap and the httpget and httpform plugins. Built into a cache folder under the
 * system's temporary folder (never the repository), named by a hash of its inputs, so an unchanged
 * service is not built again.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_NAMESPACE } from '../../src/contract/index.js';
import { serverSource } from './server-source.js';

const WSDL = fileURLToPath(new URL('../../wsdl/tsiWS.wsdl', import.meta.url));
const PLUGINS = '/usr/share/gsoap/plugin';
const IMPORTS = '/usr/share/gsoap/import';
const INSTALL = 'bash scripts/setup-system.sh --gsoap (Debian: apt-get install gsoap libgsoap-dev g++)';

export class GsoapError extends Error {
  readonly code = 'TSIWS_GSOAP';
}

function run(cwd: string, tool: string, args: readonly string[]): string {
  const r = spawnSync(tool, args, { cwd, encoding: 'utf8' });
  if (r.error) throw new GsoapError(`${tool} not found (${r.error.message}); install it with ${INSTALL}`);
  if (r.status !== 0) throw new GsoapError(`${tool} ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

/** The folder holding the built service (`tsiws-gsoap`, the WSDL it serves): built when missing. */
export function buildService(): { dir: string; binary: string; wsdl: string; built: boolean } {
  const source = serverSource(DEFAULT_NAMESPACE);
  const version = run(tmpdir(), 'soapcpp2', ['-V']).trim();
  const hash = createHash('sha256').update(readFileSync(WSDL)).update(source).update(version).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'tsiws-gsoap', hash);
  const binary = join(dir, 'tsiws-gsoap');
  const wsdl = join(dir, 'tsiWS.wsdl');
  if (existsSync(binary)) return { dir, binary, wsdl, built: false };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(WSDL, wsdl);
  // -c: C; the HTTP GET/POST bindings are left out by wsdl2h (REST), served by the plugins instead.
  run(dir, 'wsdl2h', ['-c', '-o', 'tsiWS.h', 'tsiWS.wsdl']);
  // -S server side only, -L no library files, -x no sample messages.
  run(dir, 'soapcpp2', ['-c', '-S', '-L', '-x', `-I${IMPORTS}`, 'tsiWS.h']);
  writeFileSync(join(dir, 'server.c'), source);
  run(dir, 'gcc', ['-O1', '-w', '-I.', `-I${PLUGINS}`, '-o', 'tsiws-gsoap.tmp', 'server.c', 'soapC.c', 'soapServer.c', join(PLUGINS, 'httpget.c'), join(PLUGINS, 'httpform.c'), '-lgsoap', '-lpthread']);
  // Renamed last: a build cut short leaves no binary that looks finished.
  run(dir, 'mv', ['tsiws-gsoap.tmp', 'tsiws-gsoap']);
  return { dir, binary, wsdl, built: true };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface GsoapService {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the built service on a free loopback port and waits for its ready line. */
export async function startService(binary: string, wsdl: string): Promise<GsoapService> {
  const port = await freePort();
  const child = spawn(binary, [String(port), wsdl], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new GsoapError(`the gSOAP service did not start within 10 s:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(`listening on ${port}`)) { clearTimeout(timer); resolve(); }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => { clearTimeout(timer); reject(new GsoapError(`the gSOAP service exited (${code}) before it listened:\n${output}`)); });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
