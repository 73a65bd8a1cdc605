/**
 * Negative conformance: for every selected operation, the invalid requests of
 * src/cases/negative.ts over the transports each applies to, compared across them. What a
 * conforming target must answer comes from the --profile; the authentication scenarios run only
 * when a signer or a sig is configured. Which cases run (--repeat, --shard) is the run's plan
 * (src/engine/plan.ts).
 */
import { test } from 'vitest';
import type { NegativeCase } from '../src/cases/case.js';
import { chunked, negativePlan, repetitionsLabel, type CaseUnit } from '../src/engine/plan.js';
import { runCaseUnit } from '../src/engine/run-unit.js';

type NegativeUnit = CaseUnit<NegativeCase>;
import { mutationGuarded, skippedRecord } from './mutations.js';
import { laneOf, runChunk, useTarget } from './support.js';

const { settings, client } = useTarget();

const caseLabel = ({ testCase: c }: NegativeUnit): string => `${c.operation} ${c.scenario}${c.param ? `(${c.param})` : ''}`;

// One flat list of concurrent tests: describe blocks would make each operation wait for the last.
// A test is a chunk of one case's repetitions (plan.ts, chunked): one unit without --repeat.
const rows = chunked(laneOf('negative', negativePlan(settings)), caseLabel, settings.concurrency).map((units) => ({ units, label: `${caseLabel(units[0]!)}${repetitionsLabel(units)}` }));

test.concurrent.for(rows)('$label', ({ units }, context) =>
  runChunk(settings, context, units, async ({ testCase, transports }) => {
    const name = testCase.operation;
    if (mutationGuarded(settings, name)) return transports.map((t) => skippedRecord(settings, name, t, testCase.id, 'negative'));
    return runCaseUnit(settings, client, testCase, transports);
  }));
