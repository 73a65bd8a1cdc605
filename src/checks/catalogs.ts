/** The names settings choose from, taken from the layers that own them: the check registry's ids
 * and the parity comparison's named rules. The configuration is given these when it is resolved
 * (src/config/resolve.ts) instead of importing them, so it stays a leaf that loads no check. */
import { CHECK_IDS } from './registry.js';
import type { Catalogs } from '../config/settings.js';
import { NAMED_RULES } from '../parity/rules.js';

export const CATALOGS: Catalogs = { checks: CHECK_IDS, normalise: Object.keys(NAMED_RULES) };
