/**
 * Sequences of one entity against a target with data (src/engine/sequences/sequences.ts): create, find,
 * update, see the change, delete, see it gone, each sequence on one transport. Which run is the
 * run's plan (src/engine/run/plan.ts, sequencesPlan); none against the embedded echo server.
 */
import { test } from 'vitest';
import { sequencesPlan, repetitionLabel } from '../src/engine/run/plan.js';
import { mutatingOperationsOf, runSequence } from '../src/engine/sequences/sequences.js';
import { mutationGuarded, skippedRecord } from './mutations.js';
import { laneOf, runChunk, useTarget } from './support.js';

const { settings, client } = useTarget();

const rows = laneOf('sequences', sequencesPlan(settings)).map((u) => ({ unit: u, label: `${u.sequence} sequence ${u.transport}${repetitionLabel(u.repetition)}` }));

test.concurrent.for(rows)('$label', ({ unit }, context) =>
  runChunk(settings, context, [unit], (u) => {
    const guarded = mutatingOperationsOf(u.sequence).filter((op) => mutationGuarded(settings, op));
    return guarded.length > 0 ? guarded.map((op) => skippedRecord(settings, op, u.transport, `${u.sequence}-sequence-${u.transport}`, 'positive')) : runSequence(settings, client, u);
  }));
