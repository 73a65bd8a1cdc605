/**
 * Negative conformance: for every selected operation, the invalid requests of
 * src/cases/negative.ts over the transports each applies to, compared across them. What a
 * conforming target must answer comes from the --profile; the authentication scenarios run only
 * when a signer or a sig is configured. Which cases run (--repeat, --shard) is the run's plan
 * (src/engine/run/plan.ts).
 */
import { negativePlan } from '../src/engine/run/plan.js';
import { caseTests } from './case-tests.js';

caseTests('negative', negativePlan, (c) => `${c.operation} ${c.scenario}${c.param ? `(${c.param})` : ''}`);
