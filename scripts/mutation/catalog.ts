/** Both catalogs the mutation run scores: the echo server's mutants (src/server/mutants) and the
 * stateful implementation's (src/server/stateful/mutants.ts), each run against its own server. */
import { MUTANTS, type Mutant } from '../../src/server/mutants/index.js';
import { STATEFUL_MUTANTS } from '../../src/server/stateful/mutants.js';

/** What the harness needs of a mutant of either catalog. */
export type CatalogMutant = Pick<Mutant, 'name' | 'description' | 'caughtBy' | 'tolerated' | 'needs' | 'resultFormat' | 'diagnosis'> & {
  /** A mutant of the stateful implementation: its runs (and its clean control) use `run --stateful`. */
  readonly stateful?: true;
};

export const ALL_MUTANTS: readonly CatalogMutant[] = [...MUTANTS, ...STATEFUL_MUTANTS.map((m): CatalogMutant => ({ ...m, stateful: true }))];

export const catalogMutant = (name: string): CatalogMutant | undefined => ALL_MUTANTS.find((m) => m.name === name);
