/**
 * The bench's figures measured alone (--only): the proxy's memory (issue 61) takes a few minutes,
 * the whole bench much longer, and its other figures are not needed to follow that one.
 */
import { startServer } from './child.js';
import { PROXY_MEMORY_TARGET, proxyMemory } from './proxy.js';
import { prebuiltRequests } from './requests.js';
import { DEFAULTS } from '../config/settings.js';

const MiB = 1024 * 1024;

/** The proxy memory figure on a fresh reference server, printed as the whole bench prints it; the exit code (0 met, 1 not). */
export async function onlyProxyMemory(concurrency: number): Promise<number> {
  const server = await startServer();
  try {
    const pm = await proxyMemory(server.url, await prebuiltRequests(DEFAULTS), concurrency);
    const met = pm.growth <= PROXY_MEMORY_TARGET;
    console.log(`proxy memory: peak ${(pm.peakBytes[0] / MiB).toFixed(0)} MiB after ${pm.exchanges[0]} exchanges, ${(pm.peakBytes[1] / MiB).toFixed(0)} MiB after ${pm.exchanges[1]}: ${pm.growth} (target at most ${PROXY_MEMORY_TARGET})`);
    console.log(`targets: proxy memory 100k/10k ${pm.growth} (${met ? 'met' : 'NOT met'})`);
    return met ? 0 : 1;
  } finally {
    await server.stop();
  }
}
