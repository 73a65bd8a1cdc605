/** A mutant for regression runs (README, Regression runs): a release that changed one operation's
 * result on one transport only, which a conformance run without a baseline may not notice. */
import type { Mutant } from './mutants.js';

export const truncateContactSearchSoap12: Mutant = {
  name: 'truncate-contact-search-soap12',
  description: 'MobileContactSearch over SOAP 1.2 renders every string value cut to its first 8 characters',
  render: (param, value, transport, op) => (op?.name === 'MobileContactSearch' && transport === 'soap12' && param.type === 'str' && typeof value === 'string' ? value.slice(0, 8) : value),
};
