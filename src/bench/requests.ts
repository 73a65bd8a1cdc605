/** The valid requests of the bench: every operation's example case with its authentication values,
 * and those encoded once over every transport, as plain requests autocannon can replay without any
 * of the harness's work per request. */
import { exampleCase } from '../cases/examples.js';
import { getOperation } from '../contract/index.js';
import type { SettingsOf } from '../config/settings.js';
import { authValues } from '../engine/send/auth.js';
import { getTransportById, type HttpRequest, type WireValues } from '../transports/index.js';

/** One operation's valid call, transport-free: its example values and its authentication values. */
export interface ExampleCall {
  readonly operation: string;
  readonly values: WireValues;
}

export async function exampleCalls(settings: SettingsOf<'generation' | 'auth'>): Promise<ExampleCall[]> {
  const out: ExampleCall[] = [];
  for (const name of settings.operations) {
    const op = getOperation(name);
    const values = exampleCase(op).values;
    out.push({ operation: name, values: { ...values, ...(await authValues(settings, op, values)) } });
  }
  return out;
}

export async function prebuiltRequests(settings: SettingsOf<'generation' | 'target' | 'auth'>): Promise<HttpRequest[]> {
  return (await exampleCalls(settings)).flatMap(({ operation, values }) =>
    settings.transports.map((t) => getTransportById(t).encode({ namespace: settings.namespace }, getOperation(operation), values)));
}
