/** Transport-level access: headers, Basic credentials, a private CA, a client certificate,
 * --insecure and a proxy, each seen by a loopback server. */
import { expect, test } from 'vitest';
import { createHttpClient, TargetError, type HttpAccess } from '../../src/http/send.js';
import { startForwardProxy, startRecordingFront, tlsFile } from '../support/access-servers.js';
import { useLoopbackServers } from '../support/loopback-fixture.js';

const { reference, serve } = useLoopbackServers();

async function get(baseUrl: string, access: HttpAccess): Promise<number | string> {
  const client = createHttpClient({ baseUrl, timeoutMs: 5000, maxResponseBytes: 1 << 20, connections: 1, access });
  try {
    return (await client.send({ method: 'GET', path: '/api/rmm/tsiWS.asmx?WSDL', headers: { accept: 'text/xml' } })).status;
  } catch (err) {
    return (err as TargetError).code;
  } finally {
    await client.close();
  }
}

const CA = { caFile: tlsFile('ca.pem') };
const CLIENT_CERT = { ...CA, cert: tlsFile('client.pem'), key: tlsFile('client.key') };

test('headers and Basic credentials are sent with every request, after the transport\'s own', async () => {
  const front = await serve(startRecordingFront(reference().url));
  expect(await get(front.url, { headers: { 'X-Api-Key': 'k-123456' }, auth: { user: 'alice', password: 'pä:ss' } })).toBe(200);
  const { headers } = front.received[0]!;
  expect([headers['x-api-key'], headers['authorization'], headers['accept']]).toEqual(['k-123456', `Basic ${Buffer.from('alice:pä:ss').toString('base64')}`, 'text/xml']);
});

test.each([
  ['no CA given: the private CA is not trusted', {}, 'TSIWS_TLS'],
  ['--ca-file with the private CA', CA, 200],
  ['--insecure', { insecure: true }, 200],
] as const)('HTTPS with a private CA, %s', async (_name, access, expected) => {
  const front = await serve(startRecordingFront(reference().url, { tls: {} }));
  expect(await get(front.url, access)).toBe(expected);
});

test.each([
  ['without a client certificate', CA, 'TSIWS_CONNECTION_RESET', undefined],
  ['with --cert and --key', CLIENT_CERT, 200, 'tsiws-conformance test client'],
] as const)('HTTPS demanding a client certificate, %s', async (_name, access, expected, subject) => {
  const front = await serve(startRecordingFront(reference().url, { tls: { clientCert: true } }));
  expect(await get(front.url, access)).toBe(expected);
  expect(front.received[0]?.clientCert).toBe(subject);
});

test('an http target through a proxy: undici tunnels it with CONNECT too', async () => {
  const proxy = await serve(startForwardProxy());
  expect(await get(reference().url, { proxy: proxy.url })).toBe(200);
  expect(proxy.received.map((r) => `${r.method} ${r.url}`)).toEqual([`CONNECT ${new URL(reference().url).host}`]);
});

test('an https target through a proxy: a CONNECT tunnel, TLS with the private CA inside it', async () => {
  const proxy = await serve(startForwardProxy());
  const front = await serve(startRecordingFront(reference().url, { tls: { clientCert: true } }));
  expect(await get(front.url, { ...CLIENT_CERT, proxy: proxy.url })).toBe(200);
  expect(proxy.received.map((r) => `${r.method} ${r.url}`)).toEqual([`CONNECT ${new URL(front.url).host}`]);
  expect(front.received[0]?.clientCert).toBe('tsiws-conformance test client');
});

test('NO_PROXY: a listed host is reached directly', async () => {
  const proxy = await serve(startForwardProxy());
  expect(await get(reference().url, { proxy: proxy.url, noProxy: '127.0.0.1' })).toBe(200);
  expect(proxy.received).toEqual([]);
});

test.each([
  ['a proxy that wants credentials', 407, 'the proxy answered HTTP 407 when asked to connect to {url}/api/rmm/tsiWS.asmx?WSDL; give its credentials in the proxy URL, http://user:password@proxy:port'],
  ['a proxy that cannot reach the target', 502, 'the proxy answered HTTP 502 when asked to connect to {url}/api/rmm/tsiWS.asmx?WSDL'],
] as const)('%s: TSIWS_UNREACHABLE saying so, not a time-out', async (_name, status, message) => {
  const proxy = await serve(startForwardProxy(status));
  const client = createHttpClient({ baseUrl: reference().url, timeoutMs: 5000, maxResponseBytes: 1024, connections: 1, access: { proxy: proxy.url } });
  const error = await client.send({ method: 'GET', path: '/api/rmm/tsiWS.asmx?WSDL', headers: {} }).then(() => undefined, (e: TargetError) => e);
  await client.close();
  expect([error?.code, error?.message]).toEqual(['TSIWS_UNREACHABLE', message.replace('{url}', reference().url)]);
});

test('a proxy that is not there: TSIWS_UNREACHABLE naming the proxy', async () => {
  expect(await get(reference().url, { proxy: 'http://127.0.0.1:1' })).toBe('TSIWS_UNREACHABLE');
});
