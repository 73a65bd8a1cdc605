/**
 * The echo oracle: the typed values an ASMX service receives for given wire values over a
 * transport family (src/asmx/values.ts), in the shape the reference server echoes them
 * (src/server/result.ts): every parameter but the secret ones.
 */
import { SECRET_PLACEHOLDERS, type Operation, type Parameter } from '../contract/index.js';
import type { WireValues } from '../transports/index.js';
import { ConversionError, convert, type Family, type Typed } from './values.js';

export type EchoExpectation =
  | { readonly ok: true; readonly received: Readonly<Record<string, Typed>> }
  /** A value this family does not accept (e.g. boolean "1" over HTTP GET): not a valid request here. */
  | { readonly ok: false; readonly param: Parameter; readonly text: string };

export function expectedEcho(op: Operation, values: WireValues, family: Family): EchoExpectation {
  const received: Record<string, Typed> = {};
  for (const p of op.params) {
    const text = p.name in values ? values[p.name]! : null;
    try {
      const typed = convert(p, text, family);
      if (!(p.name in SECRET_PLACEHOLDERS)) received[p.name] = typed;
    } catch (err) {
      if (err instanceof ConversionError) return { ok: false, param: p, text: text ?? '' };
      throw err;
    }
  }
  return { ok: true, received };
}

export const familyOf = (transport: string): Family => (transport === 'get' || transport === 'post' ? 'http' : 'soap');
