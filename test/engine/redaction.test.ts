/** A target that echoes what it was sent, secrets included, into its faults: the records keep no
 * secret anywhere (fault reason, check messages, response body), in any encoding. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { runCase } from '../../src/engine/exchange/run-case.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { TRANSPORT_IDS } from '../../src/transports/index.js';

const SIG = 'S3cretSignatureValue+/=';
const MOBILEKEY = 'mobile-key-9f2c';
let server: Server;
let client: HttpClient;
let baseUrl: string;

// A SOAP fault (text/plain for GET/POST) whose reason quotes the whole request, as a careless
// service's error handler might.
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const echoed = `${decodeURIComponent(req.url ?? '')} ${body}`.replace(/[<>&]/g, ' ');
      const type = req.headers['content-type'] ?? '';
      if (type.startsWith('application/soap+xml')) {
        res.writeHead(500, { 'content-type': 'application/soap+xml; charset=utf-8' });
        res.end(`<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">bad request: ${echoed}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`);
      } else if (type.startsWith('text/xml')) {
        res.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(`<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>bad request: ${echoed}</faultstring><detail/></soap:Fault></soap:Body></soap:Envelope>`);
      } else {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`System.ArgumentException: bad request: ${echoed}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createHttpClient({ baseUrl, timeoutMs: 5000, maxResponseBytes: 1 << 20, connections: 2 });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

test.each(TRANSPORT_IDS)('over %s: the echoed sig and mobilekey appear nowhere in the record', async (transport) => {
  const settings = { ...DEFAULTS, baseUrl, sig: SIG, mobilekey: MOBILEKEY };
  const record = await runCase(settings, client, exampleCase(getOperation('MobileDispatchUpdate')), transport);
  expect(record.result?.kind).not.toBe('result');
  // The target did echo it: the reason carries the placeholder where the secret was.
  expect(record.result && 'reason' in record.result ? record.result.reason : '').toContain('<SIGNATURE>');
  expect(record.checks.some((c) => c.status === 'failed')).toBe(true);
  const text = JSON.stringify(record);
  for (const secret of [SIG, MOBILEKEY]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(secret));
  }
});

test.each(TRANSPORT_IDS)('over %s: a request that got no answer names no secret (a GET\'s URL holds sig and mobilekey)', async (transport) => {
  // Nothing listens on port 9 of loopback: the error message names the request that failed.
  const gone = createHttpClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000, maxResponseBytes: 1 << 20, connections: 1 });
  try {
    const settings = { ...DEFAULTS, baseUrl: 'http://127.0.0.1:9', sig: SIG, mobilekey: MOBILEKEY };
    const record = await runCase(settings, gone, exampleCase(getOperation('MobileDispatchUpdate')), transport);
    expect(record.error?.code).toBe('TSIWS_UNREACHABLE');
    const text = JSON.stringify(record);
    for (const secret of [SIG, MOBILEKEY]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  } finally {
    await gone.close();
  }
});
