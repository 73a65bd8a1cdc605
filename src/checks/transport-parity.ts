import { compareOutcomes } from '../parity/compare.js';
import { fail, pass, type CaseCheck } from './types.js';

export const transportParity: CaseCheck = {
  id: 'transport-parity',
  description: 'The same call over the four transports says the same thing (after the normalisation rules shown, and apart from result fields learned as noise: a baseline\'s repetitions, a reference\'s own answers)',
  enforces: 'spec, Endpoints: one operation, four transports, "each call returns a single text result"; inherent ASMX differences (src/parity/inherent.ts) do not fail under asmx and lenient',
  scope: 'case',
  level: 'error',
  levelReason: 'the spec: one operation, four transports, a single text result; a difference that ASMX itself shows is info under asmx and lenient (src/parity/inherent.ts)',
  appliesText: 'every case sent over two or more transports',
  run({ outcomes, values, profile, rules, byOutcome, failure, noise }) {
    const differences = compareOutcomes(outcomes, values, { rules, recogniseInherent: profile.inherentParity, ...(noise ? { noise } : {}), ...(byOutcome ? { byOutcome: { failure } } : {}) });
    const defects = differences.filter((d) => !d.inherent);
    const describe = (list: typeof differences) => list.map((d) => `${d.transport} differs from ${d.reference}: ${d.class}: ${d.detail}${d.inherent ? ` (inherent: ${d.inherent.id})` : ''}`).join('\n');
    // Differences ASMX itself shows are observations (info), never a failure of the service.
    const verdict = defects.length > 0 ? fail(describe(defects)) : differences.length > 0 ? fail(describe(differences), 'info') : pass;
    return { verdict, differences };
  },
};
