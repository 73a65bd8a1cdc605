/**
 * A child process that runs subjects one after another: it reads one JSON subject per line on
 * stdin and writes one JSON line per outcome to file descriptor 3 (stdout is left to vitest). Runs
 * go to separate processes so that several can go in parallel without sharing vitest's state; each
 * process serves many runs so that Node, tsx and the modules load once.
 */
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { runSubject } from './run-subject.js';
import type { Subject } from './plan.js';

const RESULTS_FD = 3;

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const subject = JSON.parse(line) as Subject;
  try {
    writeSync(RESULTS_FD, `${JSON.stringify({ ok: true, result: await runSubject(subject) })}\n`);
  } catch (err) {
    writeSync(RESULTS_FD, `${JSON.stringify({ ok: false, name: subject.name, error: err instanceof Error ? err.stack ?? err.message : String(err) })}\n`);
  }
}
process.exit(0);
