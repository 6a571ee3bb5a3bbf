import type { Logger } from '../shared/logger.js';
import type { SqlDb } from './rpc.js';

// Errors that mean "the server is not there yet", not "this will never work":
// refused or cut connections, and PostgreSQL's own "starting up" / "shutting down".
const TRANSIENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', '57P01', '57P02', '57P03']);

/** The driver's error, or our DbError wrapping it (its `sqlState` keeps the driver's code). */
export function isTransientConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; sqlState?: unknown } | undefined;
  return [e?.code, e?.sqlState].some((code) => typeof code === 'string' && TRANSIENT.has(code));
}

/**
 * Runs `step` until it gets past a database that is restarting, for at most
 * `timeoutMs`. A process that starts while PostgreSQL restarts (a failover, a
 * maintenance restart, a worker brought back by its supervisor at that moment)
 * would otherwise exit at boot with ECONNREFUSED, and with every replacement doing
 * the same the role stays down until someone looks (found by bench/chaos.ts). The
 * restart may also come in the middle of boot, after the first answer: the boot
 * steps given here (migrating, reading the signing key) are each safe to run again.
 * Any other error is thrown at once: a wrong password or database name does not
 * get better by waiting.
 */
export async function throughRestart<T>(step: () => Promise<T>, opts: { timeoutMs: number; logger?: Logger; firstDelayMs?: number; what?: string }): Promise<T> {
  const deadline = Date.now() + opts.timeoutMs;
  let delay = opts.firstDelayMs ?? 250;
  let warned = false;
  for (;;) {
    try {
      const result = await step();
      if (warned) opts.logger?.info({ step: opts.what }, 'database reachable');
      return result;
    } catch (err) {
      if (!isTransientConnectionError(err) || Date.now() + delay > deadline) throw err;
      if (!warned) opts.logger?.warn({ err: (err as Error).message, step: opts.what, waitMs: opts.timeoutMs }, 'database not reachable yet; waiting');
      warned = true;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}

/** Waits until the database answers (see throughRestart). */
export async function waitForDatabase(db: Pick<SqlDb, 'query'>, opts: { timeoutMs: number; logger?: Logger; firstDelayMs?: number }): Promise<void> {
  await throughRestart(() => db.query('select 1'), { ...opts, what: 'connect' });
}
