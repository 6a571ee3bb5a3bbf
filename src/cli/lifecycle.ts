/** Resolves on SIGINT/SIGTERM, after which the caller closes what it opened. */
export function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (sig: string) => resolve(sig);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}
