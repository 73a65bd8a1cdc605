/** Secrets at the edge of an excerpt (issue 41): a secret that straddles a cut is redacted whole,
 * wherever the cut falls, in the record and in every report made from it. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { runCase } from '../../src/engine/exchange/run-case.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { failureFile } from '../../src/report/digest/failure-files.js';
import { reportHtml } from '../../src/report/html/page.js';
import { resultsJson } from '../../src/report/formats/results-json.js';
import { clip, MESSAGE_CHARS, quotedLine } from '../../src/results/clip.js';
import { EXCERPT_BYTES, recordResponse } from '../../src/results/recorded-http.js';
import { redactClip, redactClipped } from '../../src/results/redact.js';
import { secretsOf } from '../../src/results/secrets.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { MIXED_RUN } from '../support/records.js';

const SIG = 'S3CRETSIGVALUE';
const MOBILEKEY = 'MK3YSECRET';
const SECRETS = secretsOf({ sig: SIG, mobilekey: MOBILEKEY });
/** The shortest run of a secret's characters that counts as showing it (SECRET_PIECE_CHARS). */
const PIECE = 4;

/** Every run of PIECE characters of either secret that `text` shows. */
function pieces(text: string): string[] {
  const shown: string[] = [];
  for (const secret of [SIG, MOBILEKEY]) {
    for (let i = 0; i + PIECE <= secret.length; i++) {
      const piece = secret.slice(i, i + PIECE);
      if (text.includes(piece)) shown.push(piece);
    }
  }
  return shown;
}

/** Offsets from `limit - 20` to `limit + 20`. */
const around = (limit: number): number[] => Array.from({ length: 41 }, (_, i) => limit - 20 + i);
/** `secret` at `offset` of filler `length` characters long. */
const planted = (secret: string, offset: number, length = EXCERPT_BYTES * 2): string => '.'.repeat(offset) + secret + '.'.repeat(Math.max(0, length - offset - secret.length));

describe.each([['sig', SIG], ['mobilekey', MOBILEKEY]])('the %s', (_, secret) => {
  test('in a response body, at every offset around the excerpt cut, is never shown in part', () => {
    for (const offset of around(EXCERPT_BYTES)) {
      const body = Buffer.from(planted(secret, offset));
      const recorded = recordResponse({ status: 500, headers: {}, body, elapsedMs: 1 }, SECRETS);
      expect(pieces(JSON.stringify(recorded)), `offset ${offset}`).toEqual([]);
      expect(recorded.truncated).toBe(true);
      // A secret across the cut is shown as its placeholder, and the excerpt ends there.
      const placeholder = secret === SIG ? '<SIGNATURE>' : '<MOBILE_KEY>';
      if (offset >= EXCERPT_BYTES) expect(recorded.body).toBe('.'.repeat(EXCERPT_BYTES));
      else if (offset + secret.length > EXCERPT_BYTES) expect(recorded.body).toBe(`${'.'.repeat(offset)}${placeholder}`);
      else expect(recorded.body).toContain(placeholder);
    }
  });

  test('in a body cut inside a multi-byte character, the excerpt still shows no part of it', () => {
    for (const offset of around(EXCERPT_BYTES)) {
      const body = Buffer.from(`é${planted(secret, offset - 2)}`);
      expect(pieces(recordResponse({ status: 500, headers: {}, body, elapsedMs: 1 }, SECRETS).body), `offset ${offset}`).toEqual([]);
    }
  });

  test('percent-encoded, at every offset around the excerpt cut, is never shown in part', () => {
    const encoded = `%2B${secret}%2F`;
    const secrets = secretsOf({ sig: `+${SIG}/`, mobilekey: MOBILEKEY });
    for (const offset of around(EXCERPT_BYTES)) {
      const recorded = recordResponse({ status: 500, headers: {}, body: Buffer.from(planted(encoded, offset)), elapsedMs: 1 }, secrets);
      expect(pieces(recorded.body), `offset ${offset}`).toEqual([]);
    }
  });

  test('in a text clipped to a limit, at every offset around it, is never shown in part', () => {
    for (const limit of [EXCERPT_BYTES, MESSAGE_CHARS, 300, 200]) {
      for (const offset of around(limit)) {
        const text = planted(secret, offset, limit * 2);
        const shown = redactClip(text, limit, SECRETS);
        expect(pieces(shown), `limit ${limit}, offset ${offset}`).toEqual([]);
        // The rest is counted from where the shown text stops.
        expect(shown).toMatch(/… \(\d+ more characters\)$/);
      }
    }
  });

  test('in a message that quotes the target through clip(), at every offset around each limit, is never shown in part', () => {
    for (const inner of [300, 200, MESSAGE_CHARS]) {
      for (const offset of around(inner)) {
        const text = planted(secret, offset, inner * 2);
        // As a check quotes the target, and the check runner then clips the message.
        const message = clip(`rejected in-band: "${clip(text, inner)}"`, MESSAGE_CHARS);
        expect(pieces(redactClipped(message, SECRETS)), `limit ${inner}, offset ${offset}`).toEqual([]);
      }
    }
    // A check that quotes the first line of a fault's message.
    for (const offset of around(200)) {
      const message = `message "${quotedLine(planted(secret, offset, 400))}" does not match /^x/`;
      expect(pieces(redactClipped(message, SECRETS)), `first line, offset ${offset}`).toEqual([]);
    }
    // The message's own cut at MESSAGE_CHARS, the secret quoted whole.
    for (const offset of around(MESSAGE_CHARS)) {
      const message = clip(planted(secret, offset, MESSAGE_CHARS * 2), MESSAGE_CHARS);
      expect(pieces(redactClipped(message, SECRETS)), `offset ${offset}`).toEqual([]);
    }
  });
});

test('a text without a secret is clipped as before, and a short piece of a secret away from a cut is kept', () => {
  const text = 'x'.repeat(5000);
  expect(redactClip(text, EXCERPT_BYTES, SECRETS)).toBe(clip(text, EXCERPT_BYTES));
  expect(redactClipped('the word S3CR in a message… (3 more characters)', SECRETS)).toBe('the word S3CR in a message… (3 more characters)');
  expect(redactClipped(`quoted "${'.'.repeat(10)}S3CRE… (9 more characters)"`, SECRETS)).toBe(`quoted "${'.'.repeat(10)}<SIGNATURE>… (9 more characters)"`);
});

test('a first line is marked only where it was cut', () => {
  expect(quotedLine('a'.repeat(200))).toBe('a'.repeat(200));
  expect(quotedLine(`${'a'.repeat(200)}\r\nmore`)).toBe('a'.repeat(200));
  expect(quotedLine('a'.repeat(201))).toBe(`${'a'.repeat(200)}…`);
  expect(quotedLine('short\nmore')).toBe('short');
});

test('a multi-megabyte text is scanned only up to its cut', () => {
  // The secret beyond the cut is not looked for: the clip is that of a text without one.
  const text = `${'.'.repeat(8 << 20)}${SIG}`;
  const started = performance.now();
  for (let i = 0; i < 200; i++) expect(redactClip(text, EXCERPT_BYTES, SECRETS).length).toBeLessThan(EXCERPT_BYTES + 40);
  expect(performance.now() - started).toBeLessThan(1000);
});

// A target that echoes the sig and the mobilekey it was sent into its fault, each placed so that it
// starts at a given offset of the body or of the fault's reason.
describe('a target echoing the secrets across the excerpt cut', () => {
  let server: Server;
  let client: HttpClient;
  let baseUrl: string;
  let place: { secret: string; offset: number; of: 'body' | 'reason' } = { secret: SIG, offset: 0, of: 'body' };
  const HEAD = '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>';

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const before = place.of === 'body' ? place.offset - HEAD.length : place.offset;
        res.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(`${HEAD}${'.'.repeat(before)}${place.secret}${'.'.repeat(EXCERPT_BYTES)}</faultstring><detail/></soap:Fault></soap:Body></soap:Envelope>`);
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

  test.each(['body', 'reason'] as const)('planted at every offset around the cut of the %s, no report shows a piece of either secret', async (of) => {
    const settings = { ...DEFAULTS, baseUrl, sig: SIG, mobilekey: MOBILEKEY };
    const records: ExchangeRecord[] = [];
    for (const secret of [SIG, MOBILEKEY]) {
      for (const offset of around(EXCERPT_BYTES)) {
        place = { secret, offset, of };
        const record = await runCase(settings, client, exampleCase(getOperation('MobileDispatchUpdate')), 'soap11');
        expect(record.result?.kind).toBe('fault');
        expect(pieces(JSON.stringify(record)), `${of} offset ${offset}`).toEqual([]);
        expect(pieces(JSON.stringify(failureFile(record, MIXED_RUN, 'f.json'))), `${of} offset ${offset}`).toEqual([]);
        records.push(record);
      }
    }
    expect(records.some((r) => r.checks.some((c) => c.status === 'failed'))).toBe(true);
    expect(pieces(resultsJson(records, MIXED_RUN))).toEqual([]);
    expect(pieces(reportHtml(records, MIXED_RUN))).toEqual([]);
  });
});
