/** The raw side of the bench: every operation's example case over every transport, encoded once,
 * as plain requests autocannon can replay without any of the harness's work per request. */
import { exampleCase } from '../cases/examples.js';
import { getOperation } from '../contract/index.js';
import type { SettingsOf } from '../config/settings.js';
import { authValues } from '../engine/auth.js';
import { getTransportById, type HttpRequest } from '../transports/index.js';

export async function prebuiltRequests(settings: SettingsOf<'generation' | 'target' | 'auth'>): Promise<HttpRequest[]> {
  const out: HttpRequest[] = [];
  for (const name of settings.operations) {
    const op = getOperation(name);
    const values = exampleCase(op).values;
    const wire = { ...values, ...(await authValues(settings, op, values)) };
    for (const t of settings.transports) out.push(getTransportById(t).encode({ namespace: settings.namespace }, op, wire));
  }
  return out;
}
