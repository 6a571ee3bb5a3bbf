import type { Logger } from '../shared/logger.js';
import type { SqlDb } from './rpc.js';

// Errors that mean "the server is not there yet", not "this will never work":
// refused or cut connections, and PostgreSQL's own "starting up" / "shutting down".
const TRANSIENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', '57P01', '57P02', '57P03']);

export function isTransientConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && TRANSIENT.has(code);
}

/**
 * Waits until the database answers, for at most `timeoutMs`. A process that
 * starts while PostgreSQL restarts (a failover, a maintenance restart, a worker
 * brought back by its supervisor at that moment) would otherwise exit at boot
 * with ECONNREFUSED, and with every replacement doing the same the role stays
 * down until someone looks (found by bench/chaos.ts). Any other error is thrown
 * at once: a wrong password or database name does not get better by waiting.
 */
export async function waitForDatabase(db: Pick<SqlDb, 'query'>, opts: { timeoutMs: number; logger?: Logger; firstDelayMs?: number }): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let delay = opts.firstDelayMs ?? 250;
  let warned = false;
  for (;;) {
    try {
      await db.query('select 1');
      if (warned) opts.logger?.info('database reachable');
      return;
    } catch (err) {
      if (!isTransientConnectionError(err) || Date.now() + delay > deadline) throw err;
      if (!warned) opts.logger?.warn({ err: (err as Error).message, waitMs: opts.timeoutMs }, 'database not reachable yet; waiting');
      warned = true;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}
