/**
 * The real clients of test:clients, none of them written by this project: how each is built (once,
 * into a cache folder named by a hash of its inputs, as scripts/gsoap/build.ts caches the gSOAP
 * service) and how it is run against a service URL. Each invocation makes the calls of calls.ts over
 * one transport and prints what the last read answered, which for the stateful server must name
 * the invocation's own e-mail address.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getOperation, SERVICE_PATH } from '../../src/contract/index.js';
import { callsOf } from './calls.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const WSDL = fileURLToPath(new URL('../../wsdl/tsiWS.wsdl', import.meta.url));
const INSTALL = 'bash scripts/setup-system.sh --clients';

export class ClientSetupError extends Error {
  readonly code = 'TSIWS_CLIENT_SETUP';
}

/** One run of a client: the transport it calls over, and the e-mail address it creates and reads. */
export interface Invocation {
  readonly transport: string;
  readonly email: string;
  /** Runs it against `service` (scheme, host, port); resolves its stdout, rejects on failure. */
  run(service: string): Promise<string>;
}

export interface RealClient {
  readonly name: string;
  /** Builds what is not built yet; says what it did. */
  readonly build?: () => string;
  readonly invocations: readonly Invocation[];
}

function tool(cwd: string, command: string, args: readonly string[]): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (r.error) throw new ClientSetupError(`${command} not found (${r.error.message}); install it with ${INSTALL}`);
  if (r.status !== 0) throw new ClientSetupError(`${command} ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

/** Runs a client asynchronously (the tap relaying its bytes lives in this process's event loop). */
export function runClient(command: string, args: readonly string[], cwd = HERE): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => { out += c; });
    child.stderr.setEncoding('utf8').on('data', (c: string) => { err += c; });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${err}${out}`.slice(0, 4000)))));
  });
}

/** A cache folder for a build whose inputs are `inputs`; `make` fills a fresh one, renamed into place last. */
function cached(name: string, inputs: readonly string[], product: string, make: (dir: string) => void): { dir: string; built: boolean } {
  const hash = createHash('sha256');
  for (const i of inputs) hash.update(i).update('\u0000');
  const dir = join(tmpdir(), 'tsiws-clients', `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(join(dir, product))) return { dir, built: false };
  const work = `${dir}.tmp-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  make(work);
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  return { dir, built: true };
}

const said = (name: string, r: { dir: string; built: boolean }) => `${name} ${r.built ? 'built' : 'already built'} in ${r.dir}`;

/** Mono's wsdl tool, as ASMX-era .NET clients were made: SoapHttpClientProtocol proxies for SOAP 1.1
 * and SOAP 1.2 from wsdl/tsiWS.wsdl, compiled with Client.cs by mcs. */
function csharp(): RealClient {
  let dir = '';
  const build = () => {
    const r = cached('csharp', [readFileSync(WSDL, 'utf8'), readFileSync(join(HERE, 'Client.cs'), 'utf8'), tool(HERE, 'mono', ['--version']).split('\n')[0]!], 'Client.exe', (work) => {
      copyFileSync(WSDL, join(work, 'tsiWS.wsdl'));
      copyFileSync(join(HERE, 'Client.cs'), join(work, 'Client.cs'));
      tool(work, 'wsdl', ['-nologo', '-protocol:SOAP', '-n:Soap11', '-out:Soap11.cs', 'tsiWS.wsdl']);
      tool(work, 'wsdl', ['-nologo', '-protocol:SOAP12', '-n:Soap12', '-out:Soap12.cs', 'tsiWS.wsdl']);
      tool(work, 'mcs', ['-nologo', '-out:Client.exe', '-r:System.Web.Services', '-r:System.Xml', 'Client.cs', 'Soap11.cs', 'Soap12.cs']);
    });
    dir = r.dir;
    return said('C# client (Mono wsdl + mcs)', r);
  };
  const invocation = (version: string): Invocation => ({
    transport: `SOAP ${version}`, email: `csharp-${version}@example.com`,
    run: (service) => runClient('mono', [join(dir, 'Client.exe'), service + SERVICE_PATH, version, `csharp-${version}@example.com`], dir),
  });
  return { name: 'C# (Mono wsdl, SoapHttpClientProtocol)', build, invocations: [invocation('1.1'), invocation('1.2')] };
}

/** gSOAP 2.8's C++ client: wsdl2h, then soapcpp2 -C (client side) -j (proxy classes), g++ with libgsoap++. */
function gsoap(): RealClient {
  let dir = '';
  const build = () => {
    const r = cached('gsoap-client', [readFileSync(WSDL, 'utf8'), readFileSync(join(HERE, 'gsoap-client.cpp'), 'utf8'), tool(HERE, 'soapcpp2', ['-V'])], 'client', (work) => {
      copyFileSync(WSDL, join(work, 'tsiWS.wsdl'));
      copyFileSync(join(HERE, 'gsoap-client.cpp'), join(work, 'client.cpp'));
      tool(work, 'wsdl2h', ['-o', 'tsiWS.h', 'tsiWS.wsdl']);
      tool(work, 'soapcpp2', ['-C', '-j', '-x', '-I/usr/share/gsoap/import', 'tsiWS.h']);
      tool(work, 'g++', ['-O0', '-w', '-I.', '-o', 'client', 'client.cpp', 'soapC.cpp', 'soaptsiWSSoapProxy.cpp', '-lgsoap++']);
    });
    dir = r.dir;
    return said('gSOAP client (wsdl2h, soapcpp2 -C, g++)', r);
  };
  // gSOAP picks the envelope by soap_set_version: 1 is SOAP 1.1, 2 is SOAP 1.2.
  const invocation = (version: string): Invocation => ({
    transport: `SOAP ${version}`, email: `gsoap-${version}@example.com`,
    run: (service) => runClient(join(dir, 'client'), [service + SERVICE_PATH, version === '1.1' ? '1' : '2', `gsoap-${version}@example.com`], dir),
  });
  return { name: 'gSOAP 2.8 (C++)', build, invocations: [invocation('1.1'), invocation('1.2')] };
}

/** zeep, Debian's python3-zeep, built from the service's ?WSDL as the client fetches it. */
function zeep(): RealClient {
  const build = () => {
    tool(HERE, '/usr/bin/python3', ['-c', 'import zeep']);
    return 'zeep found (/usr/bin/python3)';
  };
  const invocation = (version: string): Invocation => ({
    transport: `SOAP ${version}`, email: `zeep-${version}@example.com`,
    run: (service) => runClient('/usr/bin/python3', [join(HERE, 'zeep-client.py'), service + SERVICE_PATH, version, `zeep-${version}@example.com`]),
  });
  return { name: 'zeep (Python)', build, invocations: [invocation('1.1'), invocation('1.2')] };
}

/** node-soap, `soap` on npm (a devDependency), built from the service's ?WSDL. */
function nodeSoap(): RealClient {
  const invocation = (version: string): Invocation => ({
    transport: `SOAP ${version}`, email: `node-soap-${version}@example.com`,
    run: (service) => runClient(process.execPath, [join(HERE, 'node-soap-client.mjs'), service + SERVICE_PATH, version, `node-soap-${version}@example.com`]),
  });
  return { name: 'node-soap (soap on npm)', invocations: [invocation('1.1'), invocation('1.2')] };
}

/** curl, for HTTP GET (a query) and HTTP POST (a form), each call one curl; prints the last answer. */
function curl(): RealClient {
  const build = () => `curl found (${tool(HERE, 'curl', ['--version']).split(' ').slice(0, 2).join(' ')})`;
  const invocation = (method: 'GET' | 'POST'): Invocation => {
    const email = `curl-${method.toLowerCase()}@example.com`;
    return {
      transport: `HTTP ${method}`, email,
      async run(service) {
        let out = '';
        for (const { operation, values } of callsOf(email)) {
          // In the contract's order, as the WSDL's message parts are.
          const fields = getOperation(operation).params.flatMap((p) => ['--data-urlencode', `${p.name}=${values[p.name] ?? ''}`]);
          out = await runClient('curl', ['-sS', '--fail', ...(method === 'GET' ? ['-G'] : []), ...fields, `${service}${SERVICE_PATH}/${operation}`]);
        }
        return out;
      },
    };
  };
  return { name: 'curl', build, invocations: [invocation('GET'), invocation('POST')] };
}

export const REAL_CLIENTS: readonly RealClient[] = [csharp(), zeep(), nodeSoap(), gsoap(), curl()];
