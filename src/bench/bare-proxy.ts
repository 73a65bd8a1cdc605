/**
 * A bare forwarding proxy (issue 61): Node's http server and undici's Pool, nothing judged, timed,
 * recorded or rewritten. The bench forwards through it beside the real proxy, so that "forwarding
 * over direct" can be read against what any Node proxy forwards on this machine: direct is two
 * processes (autocannon and the target), through a proxy three, on the same cores. Measured by
 * hand on 2 cores (2026-11-29, 4 connections): 0.82 of direct at best, 0.775 at 10 connections.
 * Its own process, as the real proxy's is; undici is loaded from this package's own copy.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** The bare proxy's source: forward the request, copy the answer's status, headers (hop-by-hop
 * aside) and body back, the client's pace passed on (undici's legacy handler: false pauses, resume
 * goes on), nothing else. */
function source(undici: string): string {
  return `import{createServer}from'node:http';import{Pool}from${JSON.stringify(undici)};
const HOP=new Set(['connection','keep-alive','transfer-encoding','upgrade','proxy-connection']);
const pool=new Pool(process.argv[1],{connections:64});
const server=createServer((req,res)=>{const chunks=[];req.on('data',(c)=>chunks.push(c));req.on('end',()=>{const body=Buffer.concat(chunks);
const headers={...req.headers};delete headers.host;delete headers.connection;
pool.dispatch({path:req.url,method:req.method,headers,body:body.length>0?body:null},{
onConnect(){},onHeaders(status,raw,resume){this.resume=resume;const out=[];for(let i=0;i<raw.length;i+=2){const n=raw[i].toString('latin1');if(!HOP.has(n.toLowerCase()))out.push(n,raw[i+1].toString('latin1'))}res.writeHead(status,out);return true},
onData(c){if(res.write(c))return true;res.once('drain',this.resume);return false},onComplete(){res.end()},onError(){res.destroy()}})})});
server.listen(0,'127.0.0.1',()=>process.stdout.write('bare proxy: http://127.0.0.1:'+server.address().port+'\\n'));`;
}

export interface BareProxy {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts the bare proxy in front of `target` (an origin) and resolves once it listens. */
export function startBareProxy(target: string): Promise<BareProxy> {
  const undici = pathToFileURL(createRequire(import.meta.url).resolve('undici')).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source(undici), target], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the bare proxy ended before it listened (exit ${code}): ${err.slice(-1000)}`)));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /bare proxy: (http:\/\/\S+)/.exec(out);
      if (!m) return;
      child.removeAllListeners('exit');
      resolve({ url: m[1]!, stop: () => new Promise<void>((done) => { child.once('exit', () => done()); child.kill('SIGTERM'); }) });
    });
  });
}
