/**
 * The catalog of mutants (deliberately broken reference servers; see types.ts). `npm run mutants`
 * proves that the conformance suite catches every one of them.
 */
import { DEPLOYMENT_MUTANTS } from './deployment.js';
import { ERROR_MUTANTS } from './errors.js';
import { PAYLOAD_MUTANTS } from './payload.js';
import { REGRESSION_MUTANTS } from './regression.js';
import { RESPONSE_MUTANTS } from './responses.js';
import { SERVICE_MUTANTS } from './service.js';
import type { Mutant } from './types.js';
import { VALUE_MUTANTS } from './values.js';
import { WSI_MUTANTS } from './wsi.js';

export type { Mutant, MutantNeeds, ReplyContext } from './types.js';

export const MUTANTS: readonly Mutant[] = [...VALUE_MUTANTS, ...RESPONSE_MUTANTS, ...ERROR_MUTANTS, ...SERVICE_MUTANTS, ...REGRESSION_MUTANTS, ...PAYLOAD_MUTANTS, ...DEPLOYMENT_MUTANTS, ...WSI_MUTANTS];

export function findMutant(name: string): Mutant | undefined {
  return MUTANTS.find((m) => m.name === name);
}

/** The deployment mistakes (deployment.ts): web.config and attribute settings around the service,
 * whatever its web methods do, so they apply to the stateful service too (`serve --stateful`). */
export { DEPLOYMENT_MUTANTS };

export function findDeploymentMutant(name: string): Mutant | undefined {
  return DEPLOYMENT_MUTANTS.find((m) => m.name === name);
}
