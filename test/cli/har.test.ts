/** Issue 40, part 2: reports/failures.har holds every failing exchange as sent and as answered,
 * and validates against the HAR 1.2 schema with a foreign validator (har-validator, the schema
 * of the har-schema package). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runInProcess, type CliResult } from '../support/cli.js';

/** har-validator is CommonJS without types: its promise API resolves with a valid HAR and rejects
 * with the schema's errors. */
const harValidator = createRequire(import.meta.url)('har-validator') as { har(data: unknown): Promise<unknown> };

const SIG = 'SIGsecret-4711';
const KEY = 'KEYsecret-0815';
let server: ReferenceServer;
let r: CliResult;
beforeAll(async () => {
  // Bad ints are answered with 200 and a result: negative cases fail over every transport.
  server = await startReferenceServer({ mutant: 'accept-bad-int' });
  r = await runInProcess(['run', '--base-url', server.url, '--allow-mutations', '--suites', 'positive,negative', '--runs', '1', '--operations', 'MobileDispatchUpdate', '--sig', SIG, '--mobilekey', KEY]);
});
afterAll(() => server.close());

interface Entry {
  request: { method: string; url: string; headers: Array<{ name: string; value: string }>; queryString: Array<{ name: string; value: string }>; postData?: { mimeType: string; text: string; params?: Array<{ name: string; value: string }> } };
  response: { status: number; content: { text?: string; mimeType: string } };
  comment: string;
  _operation: string;
  _transport: string;
  _caseId: string;
  _failureFile: string;
}

describe('failures.har of a run with failures', () => {
  test('validates against HAR 1.2', async () => {
    expect(r.code).toBe(1);
    await expect(harValidator.har(r.json('failures.har'))).resolves.toBeDefined();
  });

  test('the validator is no rubber stamp: a HAR missing a required field is refused', async () => {
    const har = r.json('failures.har');
    delete har.log.entries[0].request.httpVersion;
    await expect(harValidator.har(har)).rejects.toThrow();
  });

  test('one entry per failing exchange, each as sent and as answered', () => {
    const entries = r.json('failures.har').log.entries as Entry[];
    const failing = new Set((r.json('results.json').failures as Array<{ caseId: string; transport: string; level: string; status: string }>)
      .filter((f) => f.level === 'error' || f.status === 'error').map((f) => `${f.caseId} ${f.transport}`));
    expect(new Set(entries.map((e) => `${e._caseId} ${e._transport}`))).toEqual(failing);
    expect(entries).toHaveLength(failing.size);
    // Each as its failure file holds it: the same request headers and body, the same answer.
    for (const e of entries) {
      const { record } = r.json(e._failureFile);
      expect(Object.fromEntries(e.request.headers.map((h) => [h.name, h.value]))).toEqual(record.request.headers);
      expect(e.request.postData?.text).toBe(record.request.body);
      expect(e.response.content.text).toBe(record.response.body);
    }
    const byTransport = (t: string) => entries.find((e) => e._transport === t && e._caseId.includes('-int-'))!;
    // SOAP 1.1: the SOAPAction header and the envelope as sent.
    const soap11 = byTransport('soap11');
    expect(soap11.request.method).toBe('POST');
    expect(soap11.request.headers.find((h) => h.name.toLowerCase() === 'soapaction')?.value).toMatch(/MobileDispatchUpdate"?$/);
    expect(soap11.request.postData).toMatchObject({ mimeType: expect.stringMatching(/^text\/xml/), text: expect.stringContaining('<soap:Envelope') });
    expect(soap11.response).toMatchObject({ status: 200, content: { text: expect.stringContaining('MobileDispatchUpdateResult') } });
    // SOAP 1.2: its own media type (the spec's Transports table gives it no SOAPAction header).
    expect(byTransport('soap12').request.postData!.mimeType).toMatch(/^application\/soap\+xml/);
    // A form post's parameters, and a GET's query, as name/value pairs.
    const post = byTransport('post');
    expect(post.request.postData!.mimeType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(post.request.postData!.params!.map((p) => p.name)).toContain('taskkeyid');
    const get = byTransport('get');
    expect(get.request.method).toBe('GET');
    expect(get.request.queryString.map((q) => q.name)).toContain('taskkeyid');
    expect(get.comment).toMatch(/rejects-invalid-input: invalid input was accepted/);
  });

  test('no secret appears; the placeholders do', () => {
    const text = r.text('failures.har');
    expect(text).not.toContain(SIG);
    expect(text).not.toContain(KEY);
    expect(text).toContain('<SIGNATURE>');
  });

  test('the certificate lists it with its hash', () => {
    expect(Object.keys(r.json('certificate.json').files)).toContain('failures.har');
  });
});

test('a run without failures writes no failures.har', async () => {
  const clean = await runInProcess(['run', '--suites', 'positive', '--runs', '1', '--operations', 'MobileDispatchUpdate', '--transports', 'soap11']);
  expect(clean.code).toBe(0);
  expect(existsSync(join(clean.reports, 'failures.har'))).toBe(false);
});
