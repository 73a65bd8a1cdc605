/** Issue 18: a run against a target behind Basic authentication, extra headers, a private CA, a
 * client certificate and a proxy. The target sees every value; no report or console line does. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { startForwardProxy, startRecordingFront, tlsFile } from '../support/access-servers.js';
import { useLoopbackServers } from '../support/loopback-fixture.js';
import { cliInProcess, runCliProcess } from '../support/cli.js';

const { reference, serve } = useLoopbackServers();

const SMALL_RUN = ['--operations', 'MobileTasksList,MobileAccountSearch', '--transports', 'soap11,get', '--suites', 'positive,service'];

/** What a command printed, and the reports folder it was given (the folder holding it is searched). */
interface Output { readonly stdout: string; readonly stderr: string; readonly reports: string }

/** Every file the run wrote (reports, failure files, a recorded baseline) and the console, to search for secrets. */
function everyOutput(result: Output): Record<string, string> {
  const files = readdirSync(dirname(result.reports), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return { stdout: result.stdout, stderr: result.stderr, ...Object.fromEntries(files.map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), 'utf8')])) };
}

function leaks(result: Output, secrets: readonly string[]): string[] {
  return Object.entries(everyOutput(result)).flatMap(([file, text]) => secrets.filter((s) => text.includes(s)).map((s) => `${s} in ${file}`));
}

test('https with a password in --base-url, two --header, --ca-file, --cert and --key: sent, and shown nowhere', async () => {
  const front = await serve(startRecordingFront(reference().url, { tls: { clientCert: true } }));
  const url = new URL(front.url);
  const result = await runCliProcess(['run', '--base-url', `https://url-user-1:UrlPassw0rd%21@${url.host}`,
    '--header', 'X-Api-Key: hdr-secret-9876', '--header', 'X-Tenant: tenant-secret-42',
    '--ca-file', tlsFile('ca.pem'), '--cert', tlsFile('client.pem'), '--key', tlsFile('client.key'), '--record', 'baseline', ...SMALL_RUN]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const basic = `Basic ${Buffer.from('url-user-1:UrlPassw0rd!').toString('base64')}`;
  // The probe, the ?WSDL check and every case: all with the credentials, headers and certificate.
  expect(front.received.length).toBeGreaterThan(4);
  expect(new Set(front.received.map((r) => [r.headers['authorization'], r.headers['x-api-key'], r.headers['x-tenant'], r.clientCert].join(' | ')))).toEqual(new Set([`${basic} | hdr-secret-9876 | tenant-secret-42 | tsiws-conformance test client`]));
  expect(leaks(result, ['url-user-1', 'UrlPassw0rd', 'hdr-secret-9876', 'tenant-secret-42', basic.slice(6), tlsFile('ca.pem'), tlsFile('client.pem'), tlsFile('client.key')])).toEqual([]);
  const shown = result.json('results.json').run.configuration;
  expect([shown.auth, shown.headers, shown.caFile, shown.cert, shown.key]).toEqual(['<USER>:<PASSWORD>', { 'X-Api-Key': '<REDACTED>', 'X-Tenant': '<REDACTED>' }, '<CA_FILE>', '<CERT>', '<KEY>']);
  expect(result.stdout).toContain(`against ${front.url}\n`);
  expect(readdirSync(join(dirname(result.reports), 'baseline')).length).toBeGreaterThan(0);
});

test('--auth and HTTP_PROXY: every request goes through the proxy with the credentials; curl shows placeholders', async () => {
  const proxy = await serve(startForwardProxy());
  const front = await serve(startRecordingFront(reference().url));
  // A failing check, so that a failure file with its curl command is written.
  const result = await runCliProcess(['run', '--base-url', front.url, '--auth', 'auth-user-2:AuthPassw0rd', '--sla-ms', '1', ...SMALL_RUN], { HTTP_PROXY: proxy.url });
  expect(result.code).toBe(1);
  expect(proxy.received.length).toBeGreaterThan(0);
  expect(new Set(front.received.map((r) => r.headers['authorization']))).toEqual(new Set([`Basic ${Buffer.from('auth-user-2:AuthPassw0rd').toString('base64')}`]));
  expect(leaks(result, ['auth-user-2', 'AuthPassw0rd', proxy.url])).toEqual([]);
  const failureFile = join(result.reports, 'failures', readdirSync(join(result.reports, 'failures'))[0]!);
  const curl = JSON.parse(readFileSync(failureFile, 'utf8')).record.request.curl as string;
  expect(curl).toMatch(/^curl -sS -i -x '<PROXY>' -u '<USER>:<PASSWORD>' /);

  // replay sends the same way: through the proxy, with the credentials. It runs no test: in
  // process, with the same environment the run had.
  const [proxied, sent] = [proxy.received.length, front.received.length];
  const replayed = await cliInProcess(['replay', failureFile, '--base-url', front.url, '--auth', 'auth-user-2:AuthPassw0rd', '--sla-ms', '1'], { HTTP_PROXY: proxy.url });
  expect(replayed.code).toBe(1);
  const again = front.received.slice(sent);
  expect([proxy.received.length > proxied, again.length > 0, again.every((r) => r.headers['authorization'] === front.received[0]!.headers['authorization'])]).toEqual([true, true, true]);
  expect(`${replayed.stdout}${replayed.stderr}`).not.toMatch(/auth-user-2|AuthPassw0rd/);
});

test('diff-wsdl fetches ?WSDL with the same access settings', async () => {
  const front = await serve(startRecordingFront(reference().url, { tls: {} }));
  const url = new URL(front.url);
  // diff-wsdl runs no test: in process, its reports in a folder of their own.
  const reports = join(mkdtempSync(join(tmpdir(), 'tsiws-access-')), 'reports');
  const result = { reports, ...(await cliInProcess(['diff-wsdl', '--base-url', `https://wsdl-user:WsdlPassw0rd@${url.host}`, '--ca-file', tlsFile('ca.pem'), '--header', 'X-Api-Key: wsdl-hdr-5555', '--reports', reports])) };
  expect([result.code, result.stderr]).toEqual([0, '']);
  expect(front.received.map((r) => [r.url, r.headers['authorization'], r.headers['x-api-key']])).toEqual([['/api/rmm/tsiWS.asmx?WSDL', `Basic ${Buffer.from('wsdl-user:WsdlPassw0rd').toString('base64')}`, 'wsdl-hdr-5555']]);
  expect(leaks(result, ['wsdl-user', 'WsdlPassw0rd', 'wsdl-hdr-5555'])).toEqual([]);
});
