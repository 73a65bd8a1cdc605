/**
 * Authentication values for one request. The spec leaves the signature algorithm, the timestamp
 * format and how mobilekey is obtained open, so they come from configuration or from a signer module
 * (`--signer ./signer.mjs` exporting `sign({ operation, params })`).
 */
import { pathToFileURL } from 'node:url';
import { getOperation, hasMobileKey, type Operation } from '../../contract/index.js';
import { exampleCase } from '../../cases/examples.js';
import { ConfigError, type SettingsOf } from '../../config/settings.js';
import type { WireValues } from '../../transports/index.js';

export interface SignerResult {
  readonly timestamp: string;
  readonly sig: string;
  readonly mobilekey?: string;
}

/** `now` is the time the timestamp should state; the stale-timestamp case passes a day-old one. */
type SignFn = (input: { operation: string; params: Record<string, string>; now: Date }) => SignerResult | Promise<SignerResult>;

const signers = new Map<string, Promise<SignFn>>();

async function loadSigner(path: string): Promise<SignFn> {
  let mod: { sign?: unknown; default?: { sign?: unknown } };
  try {
    mod = (await import(pathToFileURL(path).href)) as typeof mod;
  } catch (err) {
    throw new ConfigError(`--signer: cannot load ${path}: ${oneLine(err)}`);
  }
  const sign = mod.sign ?? mod.default?.sign;
  if (typeof sign !== 'function') throw new ConfigError(`--signer: ${path} does not export a function sign({ operation, params })`);
  return sign as SignFn;
}

/** An error's message as one line: a usage error is said in one line (a SyntaxError's has several). */
const oneLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n').map((l) => l.trim()).filter((l) => l !== '').join(' ');

export function signerFor(path: string): Promise<SignFn> {
  let signer = signers.get(path);
  if (!signer) signers.set(path, (signer = loadSigner(path)));
  return signer;
}

/** The values of repnumber, timestamp, sig and (where the operation has it) mobilekey. */
export async function authValues(settings: SettingsOf<'auth'>, op: Operation, values: WireValues, now = new Date()): Promise<Record<string, string>> {
  const auth: Record<string, string> = {
    repnumber: settings.repnumber,
    timestamp: settings.timestamp ?? now.toISOString(),
    sig: settings.sig ?? '',
  };
  if (hasMobileKey(op)) auth['mobilekey'] = settings.mobilekey ?? '';
  if (settings.signer) {
    const sign = await signerFor(settings.signer);
    const params: Record<string, string> = {};
    for (const p of op.params) {
      const v = p.name in values ? values[p.name] : auth[p.name];
      if (v !== undefined && p.name !== 'sig' && p.name !== 'timestamp' && p.name !== 'mobilekey') params[p.name] = v;
    }
    const signed = await callSigner(sign, settings.signer, { operation: op.name, params, now });
    if (!signed || typeof signed.sig !== 'string' || typeof signed.timestamp !== 'string') {
      throw new ConfigError(`--signer: sign() must return { timestamp: string, sig: string, mobilekey?: string } (for ${op.name})`);
    }
    auth['timestamp'] = signed.timestamp;
    auth['sig'] = signed.sig;
    if (hasMobileKey(op) && typeof signed.mobilekey === 'string') auth['mobilekey'] = signed.mobilekey;
  }
  return auth;
}

/** sign() called: a signer that throws is the user's module failing, said as a usage error naming
 * it (exit 2), not a bug of ours (exit 4) nor a tool error a case. */
async function callSigner(sign: SignFn, path: string, input: Parameters<SignFn>[0]): Promise<SignerResult> {
  try {
    return await sign(input);
  } catch (err) {
    throw new ConfigError(`--signer: ${path}: sign() threw for ${input.operation}: ${oneLine(err)}`);
  }
}

/** Signs each operation's example once before any request (engine/run/run.ts): a signer that throws
 * ends the run as bad usage before anything is sent, not as a tool error in every case. */
export async function trySigner(settings: SettingsOf<'auth'>, operations: readonly string[]): Promise<void> {
  for (const name of operations) {
    const op = getOperation(name);
    await authValues(settings, op, exampleCase(op).values);
  }
}

/** A different signature of the same length (or a non-empty one where there was none): the
 * auth-corrupted-sig case's, and discovery's bad-signature contrast. */
export function corruptSignature(sig: string): string {
  if (sig === '') return 'corrupted';
  const last = sig.at(-1)!;
  return sig.slice(0, -1) + (last === 'A' ? 'B' : 'A');
}
