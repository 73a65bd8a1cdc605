/** Authentication values: fixed ones from configuration, or a signer module's answer. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { getOperation } from '../../../src/contract/index.js';
import { ConfigError, DEFAULTS } from '../../../src/config/settings.js';
import { authValues, trySigner } from '../../../src/engine/send/auth.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-signer-'));
function signerFile(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  return path;
}

describe('authValues', () => {
  test('fixed values; mobilekey only for operations that carry it', async () => {
    const settings = { ...DEFAULTS, repnumber: '9', timestamp: 'T', sig: 'S', mobilekey: 'M' };
    expect(await authValues(settings, getOperation('MobileDispatchUpdate'), {})).toEqual({ repnumber: '9', timestamp: 'T', sig: 'S', mobilekey: 'M' });
    expect(await authValues(settings, getOperation('MobileAccountSearch'), {})).toEqual({ repnumber: '9', timestamp: 'T', sig: 'S' });
  });

  test('a signer receives the operation and the non-secret parameters in contract order', async () => {
    const path = signerFile('ok.mjs', `
      export function sign({ operation, params }) {
        return { timestamp: '2024-01-01T00:00:00Z', sig: operation + ':' + Object.keys(params).join(','), mobilekey: 'mk-' + params.taskkeyid };
      }`);
    const settings = { ...DEFAULTS, repnumber: '5', signer: path, sig: 'ignored' };
    const auth = await authValues(settings, getOperation('MobileDispatchUpdate'), { taskkeyid: '12', status: '3' });
    expect(auth).toEqual({ repnumber: '5', timestamp: '2024-01-01T00:00:00Z', sig: 'MobileDispatchUpdate:taskkeyid,status,repnumber', mobilekey: 'mk-12' });
  });

  test.each([
    ['nosign.mjs', 'export const x = 1;', /does not export a function sign/],
    ['badshape.mjs', 'export function sign() { return { sig: 1 }; }', /sign\(\) must return \{ timestamp: string, sig: string/],
  ])('a broken signer (%s) is a configuration error naming --signer', async (name, source, message) => {
    const settings = { ...DEFAULTS, signer: signerFile(name, source) };
    const err = await authValues(settings, getOperation('MobileAccountSearch'), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/^--signer: /);
    expect((err as Error).message).toMatch(message);
  });

  test('a sign() that throws is a configuration error naming the module, its message in one line', async () => {
    const path = signerFile('throws.mjs', `export function sign() { throw new Error('vault sealed\\n  try later'); }`);
    const err = await authValues({ ...DEFAULTS, signer: path }, getOperation('MobileAccountSearch'), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(`--signer: ${path}: sign() threw for MobileAccountSearch: vault sealed try later`);
  });

  test('trySigner signs each operation\'s example before any request: silent for a working signer, a configuration error for one that throws', async () => {
    const ok = signerFile('fine.mjs', `export function sign() { return { timestamp: 'T', sig: 'S' }; }`);
    await expect(trySigner({ ...DEFAULTS, signer: ok }, ['MobileAccountSearch', 'MobileDispatchUpdate'])).resolves.toBeUndefined();
    const picky = signerFile('picky.mjs', `export function sign({ operation }) { if (operation === 'MobileDispatchUpdate') throw new Error('no key for dispatch'); return { timestamp: 'T', sig: 'S' }; }`);
    await expect(trySigner({ ...DEFAULTS, signer: picky }, ['MobileAccountSearch', 'MobileDispatchUpdate'])).rejects.toThrow(/^--signer: .*picky\.mjs: sign\(\) threw for MobileDispatchUpdate: no key for dispatch$/);
  });

  test('a missing signer file is a configuration error', async () => {
    const settings = { ...DEFAULTS, signer: join(dir, 'absent.mjs') };
    await expect(authValues(settings, getOperation('MobileAccountSearch'), {})).rejects.toThrow(/^--signer: cannot load .*absent\.mjs/);
  });
});
