/** The stage split of a CPU profile: each sample goes to the innermost frame of ours on its stack,
 * shared helpers defer to their caller, and a stack with no frame of ours goes by its packages. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { stageSplit, stagesOf, type Stage } from '../../src/bench/profile.js';

const SRC = 'file:///repo/src';
// Each stack, outermost first, and the stage its leaf's sample must count for.
const stacks: Array<[readonly string[], Stage | 'idle']> = [
  [[`runCase ${SRC}/engine/exchange/run-case.ts`, `sendOnce ${SRC}/http/send.ts`, 'writev '], 'send'],
  [[`runCase ${SRC}/engine/exchange/run-case.ts`, `parseXml ${SRC}/decode/xml.ts`, 'fromXml file:///repo/node_modules/libxmljs2/lib/document.js'], 'parse'],
  [[`run ${SRC}/checks/not-a-fault.ts`, `validate ${SRC}/decode/xml.ts`, `serialise ${SRC}/decode/xml.ts`, `buildOrderedXml ${SRC}/xml/build.ts`], 'xsd'],
  [[`encode ${SRC}/transports/soap.ts`, `buildOrderedXml ${SRC}/xml/build.ts`], 'encode'],
  [[`run ${SRC}/checks/status-200.ts`], 'checks'],
  [['post file:///repo/node_modules/vitest/dist/chunks/utils.js', 'serialize node:v8', 'writeUtf8String '], 'transfer'],
  [['execute file:///repo/node_modules/undici/lib/dispatcher/client-h1.js', 'setImmediate node:timers'], 'send'],
  [['require node:internal/modules/cjs/loader', 'readFileUtf8 '], 'loading'],
  [[`format ${SRC}/report/foreign/junit.ts`], 'reporting'],
  // Compiled sources count as theirs: the package's dist/, a checkout's .build/<key>/.
  [['run file:///repo/.build/0123456789abcdef/checks/status-200.js', 'validate file:///repo/.build/0123456789abcdef/decode/xml.js'], 'xsd'],
  [['runCase file:///repo/dist/engine/exchange/run-case.js', 'recordResponse file:///repo/dist/results/recorded-http.js'], 'records'],
  [['compile file:///repo/node_modules/vite/dist/node/chunks/config.js'], 'loading'],
  [['(garbage collector) '], 'gc'],
  [['(program) '], 'other'],
  [['(idle) '], 'idle'],
];

/** A profile with one sample of `ms` milliseconds at the leaf of each stack. */
function profileOf(ms: number) {
  const nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children: number[] }> = [{ id: 1, callFrame: { functionName: '(root)', url: '' }, children: [] }];
  const samples: number[] = [];
  for (const [frames] of stacks) {
    let parent = nodes[0]!;
    for (const frame of frames) {
      const at = frame.lastIndexOf(' ');
      const [functionName, url] = [frame.slice(0, at), frame.slice(at + 1)];
      const node = { id: nodes.length + 1, callFrame: { functionName, url }, children: [] };
      nodes.push(node);
      parent.children.push(node.id);
      parent = node;
    }
    samples.push(parent.id);
  }
  // timeDeltas[i + 1] is the time of sample i.
  return { nodes, samples, timeDeltas: [0, ...samples.map(() => ms * 1000)] };
}

test('each sample counts for the stage of its innermost frame of ours, or of its packages', () => {
  const expected: Partial<Record<Stage, number>> = {};
  for (const [, stage] of stacks) if (stage !== 'idle') expected[stage] = (expected[stage] ?? 0) + 2;
  const got = Object.fromEntries(Object.entries(stagesOf(profileOf(2))).filter(([, ms]) => ms > 0));
  expect(got).toEqual(expected);
});

test('profiles of the main process (any thread) and of the workers are added up apart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-profile-'));
  try {
    writeFileSync(join(dir, 'CPU.20260101.120000.100.0.001.cpuprofile'), JSON.stringify(profileOf(1)));
    writeFileSync(join(dir, 'CPU.20260101.120000.100.1.002.cpuprofile'), JSON.stringify(profileOf(1)));
    writeFileSync(join(dir, 'CPU.20260101.120001.200.0.001.cpuprofile'), JSON.stringify(profileOf(3)));
    const split = stageSplit(dir, 100);
    expect(split.profiles).toBe(3);
    expect(split.main.send).toBe(4);
    expect(split.workers.send).toBe(6);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
