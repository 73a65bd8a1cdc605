/**
 * Preloaded into every forked test worker (vitest.config.ts, poolOptions.forks.execArgv).
 *
 * The workers share the terminal's process group, so a Ctrl-C (SIGINT) or a hang-up (SIGHUP)
 * reaches them as well as the CLI, which is what stops the run and writes the reports. A worker
 * that died of the signal first would break vitest's channel ("Channel closed", "Worker exited
 * unexpectedly") and lose the tests under way. So workers leave those signals to the CLI; they
 * still end when the pool closes them (SIGTERM, then SIGKILL) or when the CLI's channel goes.
 * Plain JavaScript: it runs before any TypeScript loader is registered.
 */
for (const signal of ['SIGINT', 'SIGHUP']) process.on(signal, () => {});
process.on('disconnect', () => process.exit(0));
