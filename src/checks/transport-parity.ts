import { compareOutcomes } from '../parity/compare.js';
import { fail, pass, type CaseCheck } from './types.js';

export const transportParity: CaseCheck = {
  id: 'transport-parity',
  description: 'The same call over the four transports says the same thing (after the normalisation rules shown)',
  enforces: 'spec, Endpoints: one operation, four transports, "each call returns a single text result"; inherent ASMX differences (src/parity/inherent.ts) do not fail under asmx and lenient',
  scope: 'case',
  severity: 'error',
  appliesText: 'every case sent over two or more transports',
  run({ outcomes, values, profile, rules }) {
    const differences = compareOutcomes(outcomes, values, { rules, recogniseInherent: profile.inherentParity });
    const defects = differences.filter((d) => !d.inherent);
    const verdict = defects.length === 0 ? pass : fail(defects.map((d) => `${d.transport} differs from ${d.reference}: ${d.class}: ${d.detail}`).join('\n'));
    return { verdict, differences };
  },
};
