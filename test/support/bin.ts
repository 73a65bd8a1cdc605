/** The bin a test starts as a child process: the compiled package's in the `cli` project
 * (compiled-package.ts), else the checkout's, which runs its sources compiled into .build/
 * (bin/checkout-build.js), or through tsx with TSIWS_CHECKOUT_BUILD=off. */
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** The checkout's bin: its TypeScript sources, compiled once (.build/) or through tsx. */
export const SOURCE_BIN = fileURLToPath(new URL('../../bin/tsiws-conform.js', import.meta.url));

export const BIN: string = inject('compiledBin') ?? SOURCE_BIN;
