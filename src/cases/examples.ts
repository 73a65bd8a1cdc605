/**
 * Hand-picked representative values: one valid case per operation, derived from the contract's
 * types (the fuzzing work replaces these with fast-check arbitraries). Authentication parameters
 * are left out here; they come from configuration or a signer (engine/send/auth.ts).
 */
import { AUTH_PARAMS, type Operation, type SoapType } from '../contract/index.js';
import type { PositiveCase } from './case.js';

const sample: Record<SoapType, (name: string, index: number) => string> = {
  int: (_name, index) => String(100 + index),
  str: (name) => `sample ${name}`,
  dt: () => '2024-05-17T09:30:00',
  bool: () => 'true',
};

/** Text parameters whose form the spec states: "base64string | text (base64-encoded file content)"
 * (spec, Document fields). A service that decodes the file answers "sample base64string" with a
 * business error, and the valid case would never reach its data path. */
const STATED_FORM: Readonly<Record<string, string>> = { base64string: Buffer.from('tsiws-conformance sample document\n').toString('base64') };

export function exampleCase(op: Operation): PositiveCase {
  const values: Record<string, string> = {};
  op.params.forEach((p, index) => {
    if (!AUTH_PARAMS.includes(p.name)) values[p.name] = STATED_FORM[p.name] ?? sample[p.type](p.name, index);
  });
  return { id: `${op.name}-example`, operation: op.name, kind: 'positive', values };
}
