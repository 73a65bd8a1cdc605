/** Run settings are grouped by concern in the settings table (src/config/settings.ts): every row
 * names one group, and a function takes the groups it needs (SettingsOf). */
import { expect, test } from 'vitest';
import { SETTING_GROUPS } from '../../src/config/setting.js';
import { DEFAULTS, SETTINGS, type SettingsOf } from '../../src/config/settings.js';

test('every run setting is in exactly one group, and every group holds some', () => {
  const keysOf = (group: string) => SETTINGS.filter((s) => s.group === group).map((s) => s.key);
  expect(SETTING_GROUPS.flatMap(keysOf).sort()).toEqual(Object.keys(DEFAULTS).sort());
  expect(SETTING_GROUPS.filter((g) => keysOf(g).length === 0)).toEqual([]);
});

test('a group is a view of the settings: it holds its own settings and no other group\'s', () => {
  const auth: SettingsOf<'auth'> = DEFAULTS;
  expect(auth.repnumber).toBe('1');
  // @ts-expect-error baseUrl is a target setting: a function given the auth settings cannot read it
  expect(auth.baseUrl).toBeUndefined();
  const target: SettingsOf<'target' | 'access'> = DEFAULTS;
  // @ts-expect-error sig is an auth setting
  expect(target.sig).toBeUndefined();
});
