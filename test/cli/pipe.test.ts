/** A reader that closes the pipe early (`tsiws-conform serve --list-mutants | head -1`) ends the
 * command quietly: no EPIPE stack trace, exit 0. */
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { BIN } from '../support/cli.js';

test('output cut short by the reader: exit 0 and nothing on stderr', async () => {
  const child = spawn(process.execPath, [BIN, 'serve', '--list-mutants'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Like `head -1`: read the first chunk, then close our end of the pipe.
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});
