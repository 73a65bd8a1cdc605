/** tsiws-conform checks --wsi lists the WS-I assertions (issue 51). */
import { expect, test } from 'vitest';
import listChecks from '../../../src/cli/checks.js';
import { WSI_ASSERTIONS } from '../../../src/checks/wsi/catalog.js';

function run(argv: string[]) {
  const out: string[] = [];
  const io = { out: (s: string) => out.push(s), err: (s: string) => out.push(s), env: {} } as unknown as Parameters<typeof listChecks>[1];
  return listChecks(argv, io).then((code) => ({ code, out }));
}

test('checks --wsi --json lists every assertion with its id, target, requirement, section and prerequisites', async () => {
  const { code, out } = await run(['--wsi', '--json']);
  expect(code).toBe(0);
  const listed = JSON.parse(out.join('\n')) as Array<{ id: string; tad: string | null; target: string }>;
  expect(listed.map((a) => a.id)).toEqual(WSI_ASSERTIONS.map((a) => a.id));
  expect(listed.find((a) => a.id === 'R1014')).toMatchObject({ tad: 'BP1202', target: 'envelope' });
});

test('checks --wsi as text: two lines per assertion and a count', async () => {
  const { out } = await run(['--wsi']);
  expect(out).toHaveLength(WSI_ASSERTIONS.length * 2 + 1);
  expect(out[0]).toMatch(/^R9980 +envelope +An ENVELOPE MUST conform/);
  expect(out.at(-1)).toBe(`\n${WSI_ASSERTIONS.length} WS-I assertions. A failure is a warning, or an error when the target's WSDL claims Basic Profile 1.1 or under --wsi bp11.`);
});
