/** Every diagnosis, in the order ties are broken: the more specific first. Adding one is one file
 * and one line here (as the checks' registry). */
import { authOneTransport } from './auth-one-transport.js';
import { customErrorPages } from './custom-error-pages.js';
import { hostRefusal } from './host-refusal.js';
import { namespaceDiffers } from './namespace-differs.js';
import { transportNotEnabled } from './transport-not-enabled.js';
import type { DiagnosisRule } from './types.js';
import { wrongBasePath } from './wrong-base-path.js';

export const DIAGNOSES: readonly DiagnosisRule[] = [transportNotEnabled, namespaceDiffers, customErrorPages, hostRefusal, authOneTransport, wrongBasePath];

export const DIAGNOSIS_IDS: readonly string[] = DIAGNOSES.map((d) => d.id);
