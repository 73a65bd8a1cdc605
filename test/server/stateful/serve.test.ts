/** serve --stateful, called in-process: its own mutant catalog, a clear error for a name outside it,
 * and "stateful" in the line saying where it listens; its personalities and its answer log. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import serve from '../../../src/cli/serve.js';
import type { Io } from '../../../src/cli/main.js';
import { ConfigError } from '../../../src/config/settings.js';
import { STATEFUL_MUTANTS } from '../../../src/server/stateful/mutants.js';
import { DEPLOYMENT_MUTANTS } from '../../../src/server/mutants/index.js';

function io(): Io & { readonly lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (line) => lines.push(line), err: (line) => lines.push(line), env: {} };
}

test('--stateful --list-mutants lists the stateful catalog and the deployment mistakes, one line each', async () => {
  const out = io();
  expect(await serve(['--stateful', '--list-mutants'], out)).toBe(0);
  expect(out.lines).toEqual([...STATEFUL_MUTANTS, ...DEPLOYMENT_MUTANTS].map((m) => `${m.name.padEnd(33)} ${m.description}`));
});

test('an unknown name is a ConfigError naming the known ones; an echo mutant says to leave out --stateful', async () => {
  const names = [...STATEFUL_MUTANTS, ...DEPLOYMENT_MUTANTS].map((m) => m.name).join(', ');
  await expect(serve(['--stateful', '--mutant', 'stateful-trim-soap13'], io())).rejects.toThrow(new ConfigError(`--mutant: unknown stateful mutant "stateful-trim-soap13" (did you mean "stateful-trim-soap12"?); known: ${names}; see tsiws-conform serve --stateful --list-mutants`));
  await expect(serve(['--stateful', '--mutant', 'trim-post'], io())).rejects.toThrow(`--mutant: unknown stateful mutant "trim-post" (a mutant of the echo server: leave out --stateful); known: ${names}`);
  await expect(serve(['--mutant', 'stateful-trim-soap12'], io())).rejects.toThrow('--mutant: unknown mutant "stateful-trim-soap12" (a mutant of the stateful server: add --stateful); see tsiws-conform serve --list-mutants');
});

test('serve --stateful --mutant NAME says so where it listens', async () => {
  const out = io();
  const served = serve(['--stateful', '--port', '0', '--mutant', 'stateful-trim-soap12'], out);
  await expect.poll(() => out.lines.length).toBeGreaterThan(0);
  process.emit('SIGINT');
  expect(await served).toBe(0);
  expect(out.lines[0]).toMatch(/^tsiws reference server listening on http:\/\/127\.0\.0\.1:\d+\/api\/rmm\/tsiWS\.asmx \(namespace http:\/\/www\.tigerpawsoftware\.com, stateful, json results, MUTANT stateful-trim-soap12\)$/);
});

test('--stateful --list-personalities prints one name a line; a bad name is a ConfigError naming the known ones', async () => {
  const out = io();
  expect(await serve(['--stateful', '--list-personalities'], out)).toBe(0);
  expect(out.lines).toEqual(['reference', 'vendor-xml-strict', 'vendor-faults', 'vendor-pairs', 'vendor-exact', 'vendor-linked']);
  await expect(serve(['--stateful', '--personality', 'xml'], io())).rejects.toThrow(new ConfigError('--personality: unknown personality "xml"; known: reference, vendor-xml-strict, vendor-faults, vendor-pairs, vendor-exact, vendor-linked, or random:SEED (a whole number); see tsiws-conform serve --stateful --list-personalities'));
  await expect(serve(['--personality', 'vendor-pairs'], io())).rejects.toThrow(new ConfigError('--personality: only the stateful service has one; add --stateful'));
});

test('serve --stateful --personality P --answer-log FILE: the banner names it, and each call appends one JSON line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-answer-log-'));
  const file = join(dir, 'answers.jsonl');
  try {
    const out = io();
    const served = serve(['--stateful', '--port', '0', '--personality', 'random:3', '--answer-log', file], out);
    await expect.poll(() => out.lines.length).toBeGreaterThan(0);
    const url = /listening on (http:\/\/[^/]+)/.exec(out.lines[0]!)![1]!;
    await fetch(`${url}/api/rmm/tsiWS.asmx/MobileAccountDefaultsList?repnumber=1&timestamp=&sig=&accountnumber=`);
    process.emit('SIGINT');
    expect(await served).toBe(0);
    expect(out.lines[0]).toMatch(/, stateful, personality random:3, pairs results\)$/);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify({ operation: 'MobileAccountDefaultsList', transport: 'get', outcome: 'success', valid: true })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a deployment mistake applies to the stateful service: serve --stateful --mutant soap12-not-enabled refuses SOAP 1.2 and leaves SOAP 1.1 to the service', async () => {
  const out = io();
  const served = serve(['--stateful', '--port', '0', '--personality', 'vendor-faults', '--mutant', 'soap12-not-enabled'], out);
  await expect.poll(() => out.lines.length).toBeGreaterThan(0);
  const url = `${/listening on (http:\/\/[^/]+)/.exec(out.lines[0]!)![1]!}/api/rmm/tsiWS.asmx`;
  const envelope = (ns: string) => `<?xml version="1.0" encoding="utf-8"?><e:Envelope xmlns:e="${ns}"><e:Body><MobileAccountDefaultsList xmlns="http://www.tigerpawsoftware.com"><repnumber>1</repnumber><timestamp/><sig/><accountnumber>1</accountnumber></MobileAccountDefaultsList></e:Body></e:Envelope>`;
  const soap12 = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/soap+xml; charset=utf-8; action="http://www.tigerpawsoftware.com/MobileAccountDefaultsList"' }, body: envelope('http://www.w3.org/2003/05/soap-envelope') });
  const soap11 = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"http://www.tigerpawsoftware.com/MobileAccountDefaultsList"' }, body: envelope('http://schemas.xmlsoap.org/soap/envelope/') });
  const wsdl = await (await fetch(`${url}?WSDL`)).text();
  process.emit('SIGINT');
  expect(await served).toBe(0);
  expect(out.lines[0]).toMatch(/, stateful, personality vendor-faults, json results, MUTANT soap12-not-enabled\)$/);
  expect([soap12.status, (await soap12.text()).includes('Unable to handle request without a valid action parameter.'), soap11.status, wsdl.includes('tsiWSSoap12')]).toEqual([500, true, 200, false]);
});
