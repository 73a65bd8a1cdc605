/** The Authorization value of HTTP Basic (RFC 7617). Its own module, free of undici, because the
 * redaction in src/results/ must recognise it in whatever a target echoes back. */
import type { BasicAuth } from './access.js';

export const basicCredentials = (auth: BasicAuth): string => `Basic ${Buffer.from(`${auth.user}:${auth.password}`, 'utf8').toString('base64')}`;
