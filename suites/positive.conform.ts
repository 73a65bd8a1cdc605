/**
 * Positive conformance: every selected operation with a valid request over every selected
 * transport, compared across them. Each test records its exchanges in task.meta for the reporters,
 * and fails naming every check that fired. Which cases run (--repeat, --shard) is the run's plan
 * (src/engine/plan.ts).
 */
import { test } from 'vitest';
import { chunked, positivePlan, repetitionsLabel } from '../src/engine/plan.js';
import { runCaseUnit } from '../src/engine/run-unit.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { laneOf, runChunk, useTarget } from './support.js';

const { settings, client } = useTarget();

// One flat list of concurrent tests: describe blocks would make each operation wait for the last.
// A test is a chunk of one operation's repetitions (plan.ts, chunked): one unit without --repeat.
const rows = chunked(laneOf('positive', positivePlan(settings)), (u) => u.testCase.operation, settings.concurrency).map((units) => ({ units, label: `${units[0]!.testCase.operation}${repetitionsLabel(units)}` }));

test.concurrent.for(rows)('$label', ({ units }, context) =>
  runChunk(settings, context, units, async ({ testCase, transports }) => {
    const name = testCase.operation;
    if (mutationGuarded(settings, name)) return transports.map((t) => skippedRecord(settings, name, t, testCase.id, 'positive'));
    return runCaseUnit(settings, client, testCase, transports);
  }));
