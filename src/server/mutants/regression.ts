/** A mutant made for regression runs (docs/regression.md): a release that changed one
 * operation's result on one transport only. The mutation run replays a baseline recorded against
 * the clean server (needs.baseline), where matches-baseline catches it; the echo and the transport
 * comparison run in that replay too and catch it as well. */
import type { Mutant } from './types.js';

export const REGRESSION_MUTANTS: readonly Mutant[] = [
  {
    name: 'truncate-contact-search-soap12',
    description: 'MobileContactSearch over SOAP 1.2 renders every string value cut to its first 8 characters',
    caughtBy: ['matches-baseline', 'echo-matches', 'transport-parity'],
    needs: { baseline: true },
    render: (param, value, transport, op) => (op?.name === 'MobileContactSearch' && transport === 'soap12' && param.type === 'str' && typeof value === 'string' ? value.slice(0, 8) : value),
  },
];
