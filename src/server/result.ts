/**
 * The reference server's result text: a deterministic function of the operation and the typed
 * values it received, so that binding and parity can be observed from outside. It holds the
 * operation's name and every parameter in contract order except the secret ones (sig, timestamp,
 * mobilekey), which are never echoed so that no report can leak them through a response excerpt;
 * written as JSON or as an XML document in text (--result-format, src/asmx/echo-payload.ts).
 */
import { SECRET_PLACEHOLDERS, type Operation } from '../contract/index.js';
import type { Typed } from '../asmx/values.js';
import { echoDocument, echoText } from '../asmx/echo-payload.js';
import type { TransportId } from '../transports/index.js';
import { readAndAuthorise, type Behaviour } from './behaviour.js';

export function resultText(b: Behaviour, op: Operation, typed: ReadonlyMap<string, Typed>): string {
  const received: Record<string, Typed> = {};
  for (const p of op.params) if (!(p.name in SECRET_PLACEHOLDERS)) received[p.name] = typed.get(p.name) ?? null;
  const doc = echoDocument({ operation: op.name, received }, b.resultFormat);
  return echoText(b.mutant?.reshapeResult ? b.mutant.reshapeResult(doc, b.resultFormat) : doc, b.resultFormat);
}

/** Reads the parameters as ASMX does (its faults are thrown before the method runs), then runs the
 * web method: the service when there is one, else the echo. */
export function webMethodResult(b: Behaviour, op: Operation, raw: ReadonlyMap<string, string | null>, transport: TransportId): string {
  const typed = readAndAuthorise(b, op, raw, transport);
  return b.service ? b.service.answer(op, typed, raw, transport) : resultText(b, op, typed);
}
