/**
 * The bench's figures measured alone (--only): the proxy's memory (issue 61) takes a few minutes,
 * the whole bench much longer, and its other figures are not needed to follow that one.
 */
import { startServer } from './child.js';
import { PROXY_MEMORY_TARGET, proxyMemory, proxyMemoryLines } from './proxy.js';
import { prebuiltRequests } from './requests.js';
import { DEFAULTS } from '../config/settings.js';

/** The proxy memory figure on a fresh reference server, printed as the whole bench prints it; the exit code (0 met, 1 not). */
export async function onlyProxyMemory(concurrency: number): Promise<number> {
  const server = await startServer();
  try {
    const pm = await proxyMemory(server.url, await prebuiltRequests(DEFAULTS), concurrency);
    const met = pm.growth <= PROXY_MEMORY_TARGET;
    for (const line of proxyMemoryLines(pm)) console.log(line);
    console.log(`targets: proxy memory 100k/10k ${pm.growth} (${met ? 'met' : 'NOT met'})`);
    return met ? 0 : 1;
  } finally {
    await server.stop();
  }
}
