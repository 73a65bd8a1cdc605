/** Issue 4 end to end: reproducible fuzzing, shrinking, failure files, replay, and the budget. */
import { isMutating, operations } from '../../src/contract/index.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { cliInProcess, runInProcess } from '../support/cli.js';
import { startProxy } from '../support/proxy.js';

let reference: ReferenceServer;
let mutant: ReferenceServer;
let recorder: { url: string; close(): Promise<void> };
let seen: string[] = [];

beforeAll(async () => {
  reference = await startReferenceServer();
  mutant = await startReferenceServer({ mutant: 'mangle-non-ascii-get' });
  // Records every request byte for byte (method, target, the headers we send, body).
  recorder = await startProxy(reference.url, (req, up, body) => {
    seen.push([req.method, req.url, req.headers['content-type'] ?? '', req.headers['soapaction'] ?? '', body.toString('base64')].join('\t'));
    return up;
  });
});
afterAll(async () => {
  await recorder.close();
  await Promise.all([reference.close(), mutant.close()]);
});

/** The fuzz suite's requests grouped by operation and transport, each group in the order sent: a
 * property's requests are sequential; different properties run concurrently. */
async function requestsOf(seed: string): Promise<Map<string, string[]>> {
  seen = [];
  const r = await runInProcess(['run', '--base-url', recorder.url, '--seed', seed, '--timestamp', '2024-01-01T00:00:00Z', '--operations', 'MobileContactEmailCreate,MobileTasksList', '--checks', 'http-status-200', '--suites', 'fuzz', '--allow-mutations']);
  expect(r.code).toBe(0);
  const groups = new Map<string, string[]>();
  for (const line of seen) {
    const [method, url, contentType, action, body] = line.split('\t');
    const op = /Mobile\w+/.exec(`${url}${action}${Buffer.from(body!, 'base64').toString('utf8')}`)?.[0] ?? '';
    const key = `${method} ${contentType} ${op} ${url!.includes('/Mobile') ? 'form' : 'soap'}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return groups;
}

describe('reproducibility', () => {
  test('two runs with the same --seed send byte-identical request sequences; another seed does not', async () => {
    const first = await requestsOf('4242');
    const second = await requestsOf('4242');
    // Two operations over four transports, the reachability probe (GET ?WSDL), and the discovery
    // step: each read operation once over SOAP 1.1 (an echo answers no record to learn, so no second
    // round), MobileTasksList's in the fuzzed operation's own group.
    const reads = operations.filter((o) => !isMutating(o)).length;
    expect(first.size).toBe(2 * 4 + 1 + reads - 1);
    expect([...first.values()].reduce((n, g) => n + g.length, 0)).toBe(2 * 4 * 10 + 1 + reads);
    expect([...second.entries()].sort()).toEqual([...first.entries()].sort());
    const other = await requestsOf('4243');
    expect([...other.entries()].sort()).not.toEqual([...first.entries()].sort());
  });
});

describe('a server that mangles non-ASCII over HTTP GET', () => {
  test('is found by fuzzing within the default runs, shrunk, saved, and replay reproduces it', async () => {
    const run = await runInProcess(['run', '--base-url', mutant.url, '--echo', '--seed', '7', '--checks', 'echo-matches', '--suites', 'fuzz']);
    expect(run.code).toBe(1);
    const failures = readdirSync(join(run.reports, 'failures'));
    expect(failures.length).toBeGreaterThan(0);
    const files = failures.map((name) => ({ name, file: JSON.parse(readFileSync(join(run.reports, 'failures', name), 'utf8')) }));
    for (const { file } of files) {
      expect(file.record.transport).toBe('get');
      expect(file.record.kind).toBe('fuzz');
      expect(file.findings[0]).toMatch(/^echo-matches: the service received other values than were sent: \w+: sent ".*", received ".*"/);
      expect(file.seed).toBe(7);
      expect(file.record.fuzz.path).toMatch(/^\d+(:\d+)*$/);
    }
    // Shrunk: the string parameters of the counterexample are short, most of them empty.
    const shortest = files.map(({ file }) => Object.values(file.record.values as Record<string, string>).join('').length).sort((a, b) => a - b)[0]!;
    expect(shortest).toBeLessThanOrEqual(4);
    // replay runs no test: in process, the same main() the bin calls.
    const replay = await cliInProcess(['replay', join(run.reports, 'failures', files[0]!.name), '--base-url', mutant.url]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('Reproduced: the same checks fire (echo-matches).');
    const fixed = await cliInProcess(['replay', join(run.reports, 'failures', files[0]!.name), '--base-url', reference.url]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('Not reproduced: every check passes now.');
  });
});

test('--max-duration ends the run gracefully: complete reports marked incomplete', async () => {
  const r = await runInProcess(['run', '--max-duration', '1', '--runs', '100000']);
  const results = r.json('results.json');
  expect(results.run.incomplete.reason).toBe('--max-duration 1 s ran out');
  expect(results.run.incomplete.casesNotRun + results.run.incomplete.fuzzPropertiesInterrupted).toBeGreaterThan(0);
  expect(r.text('junit.xml')).toMatch(/<property name="incomplete" value="--max-duration 1 s ran out: /);
  expect(r.stdout).toMatch(/^Incomplete: --max-duration 1 s ran out;/m);
  expect(r.code).toBe(0);
});
