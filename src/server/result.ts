/**
 * The reference server's result text: a deterministic function of the operation and the typed
 * values it received, so that binding and parity can be observed from outside. It is a JSON object
 * { "operation": "<Op>", "received": { name: value, ... } } with every parameter in contract order
 * except the secret ones (sig, timestamp, mobilekey), which are never echoed so that no report can
 * leak them through a response excerpt.
 */
import { SECRET_PLACEHOLDERS, type Operation } from '../contract/index.js';
import type { Typed } from '../asmx/values.js';

export interface EchoResult {
  readonly operation: string;
  readonly received: Readonly<Record<string, Typed>>;
}

export function resultText(op: Operation, typed: ReadonlyMap<string, Typed>): string {
  const received: Record<string, Typed> = {};
  for (const p of op.params) if (!(p.name in SECRET_PLACEHOLDERS)) received[p.name] = typed.get(p.name) ?? null;
  return JSON.stringify({ operation: op.name, received } satisfies EchoResult);
}
