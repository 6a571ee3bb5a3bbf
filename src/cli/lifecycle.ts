import { createApp, type App, type AppOverrides } from '../app.js';
import type { Config } from '../config.js';
import { isTransientConnectionError } from '../db/index.js';
import { createLogger } from '../shared/index.js';
import { errorMessage } from '../shared/errors.js';

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

/**
 * A database connection cut under the driver (a PostgreSQL restart or failover)
 * can reject a query promise that no caller is awaiting any more, and Node
 * ends the process on an unhandled rejection. For that one kind of error the
 * process goes on: whoever needed the query already got its own failure and
 * retries, and the pool reconnects (found by bench/chaos.ts: a worker exited on
 * `write CONNECTION_CLOSED` while PostgreSQL restarted). The roles install it
 * before they boot: postgres.js reads the server's array types on each new
 * connection with a query of its own that nobody awaits, so a connection cut
 * just after login, while a booting process waits for the database, rejects it
 * unhandled. Anything else is a bug and still ends the process, as Node would,
 * after one log line.
 */
export function onUnhandledRejection(reason: unknown, log: { warn(o: object, m: string): void; fatal(o: object, m: string): void }, exit: (code: number) => void): void {
  if (isTransientConnectionError(reason)) {
    log.warn({ err: (reason as { code: string }).code }, 'a dropped database connection rejected a query nobody awaited; continuing');
    return;
  }
  log.fatal({ err: errorMessage(reason) }, 'unhandled rejection; exiting');
  exit(1);
}

export function survivesDroppedConnections(log: Parameters<typeof onUnhandledRejection>[1]): void {
  process.on('unhandledRejection', (reason) => onUnhandledRejection(reason, log, (code) => process.exit(code)));
}

/**
 * The app of a long-running role (serve, web, worker), with the guard above installed before it boots:
 * booting while PostgreSQL restarts is when the driver drops a query nobody awaits.
 */
export function createRoleApp(config: Config, overrides: Omit<AppOverrides, 'logger'> = {}): Promise<App> {
  const logger = createLogger(config.LOG_LEVEL);
  survivesDroppedConnections(logger);
  return createApp(config, { ...overrides, logger });
}
