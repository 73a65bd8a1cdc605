/**
 * Positive conformance: every selected operation with a valid request over every selected
 * transport, compared across them. Each test records its exchanges in task.meta for the reporters,
 * and fails naming every check that fired. Which cases run (--repeat, --shard) is the run's plan
 * (src/engine/run/plan.ts).
 */
import { positivePlan } from '../src/engine/run/plan.js';
import { caseTests } from './case-tests.js';

caseTests('positive', positivePlan, (c) => c.operation);
