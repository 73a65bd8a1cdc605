/** garbage.ts: a full collection once enough bytes were read back and dropped, not before. */
import { expect, test, vi } from 'vitest';

test('collects once every 16 MiB dropped, with the engine\'s collector', async () => {
  const gc = vi.fn();
  vi.stubGlobal('gc', gc);
  const { dropped } = await import('../../src/runtime/garbage.js');
  dropped(16 * 1024 * 1024 - 1);
  expect(gc).not.toHaveBeenCalled();
  dropped(1);
  expect(gc).toHaveBeenCalledTimes(1);
  for (let i = 0; i < 16; i++) dropped(1024 * 1024);
  expect(gc).toHaveBeenCalledTimes(2);
  vi.unstubAllGlobals();
});
