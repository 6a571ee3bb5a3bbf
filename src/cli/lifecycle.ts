/**
 * Resolves on the first SIGINT/SIGTERM, after which the caller closes what it
 * opened. A second signal means "now": the process exits at once.
 */
export function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (sig: string) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      const force = () => process.exit(130);
      process.once('SIGINT', force);
      process.once('SIGTERM', force);
      resolve(sig);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/**
 * Backstop for a shutdown that hangs (a socket that never closes): exit after
 * `ms`. Unref'd, so a clean shutdown is never held up by it.
 */
export function exitAfter(ms: number, log: (msg: string) => void): void {
  setTimeout(() => {
    log(`shutdown did not finish in ${ms} ms; exiting`);
    process.exit(1);
  }, ms).unref();
}
