import { Worker } from 'node:worker_threads';
import { buildRpcCall, MIGRATION_LOCK_KEY, toDbError, type SqlDb, type SqlTx } from './rpc.js';

type Pending = { resolve(v: unknown): void; reject(e: unknown): void };

/**
 * Embedded PGlite on its own thread (see pglite-thread.mjs): the production
 * embedded default. Same SQL, same `rpc`; the event loop stays free for HTTP
 * and jobs while the database works on the other core.
 */
export async function createPgliteWorkerDb(opts: { dataDir?: string; socketPath?: string } = {}): Promise<SqlDb> {
  // socketPath: also serve the database to local processes there (pglite-socket-serve.mjs).
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
    workerData: { dataDir: opts.dataDir, socketPath: opts.socketPath },
  });
  const pending = new Map<number, Pending>();
  let seq = 0;
  let failed: Error | undefined;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { ready?: boolean; warning?: string; id?: number; result?: unknown; error?: { message: string; code?: string } }) => {
      if (m.ready) return resolve();
      if (m.warning) return process.emitWarning(m.warning);
      const p = pending.get(m.id!);
      pending.delete(m.id!);
      if (m.error) p?.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p?.resolve(m.result);
    });
  });
  worker.on('error', (err) => {
    failed = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  });
  const call = <T>(msg: Record<string, unknown>): Promise<T> => {
    if (failed) return Promise.reject(failed);
    const id = ++seq;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...msg, id });
    });
  };
  let txSeq = 0;
  return {
    kind: 'pglite',
    async rpc<T>(name: string, args = {}): Promise<T> {
      const { sql, params } = buildRpcCall(name, args);
      try {
        const rows = await call<Array<{ result: T }>>({ op: 'rpc', sql, params });
        return rows[0]!.result;
      } catch (err) {
        throw toDbError(name, err);
      }
    },
    exec: (sql) => call<void>({ op: 'exec', sql }),
    query: <R>(sql: string, params: unknown[] = []) => call<R[]>({ op: 'query', sql, params }),
    async withMigrationLock<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
      const tx = ++txSeq;
      await call({ op: 'begin', tx });
      try {
        await call({ op: 'txQuery', tx, sql: 'select pg_advisory_xact_lock($1)', params: [MIGRATION_LOCK_KEY] });
        const result = await fn({
          exec: (sql) => call<void>({ op: 'txExec', tx, sql }),
          query: <R>(sql: string, params: unknown[] = []) => call<R[]>({ op: 'txQuery', tx, sql, params }),
        });
        await call({ op: 'end', tx, commit: true });
        return result;
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
    },
    async close() {
      if (failed) return;
      await call({ op: 'close' }).catch(() => {});
      await worker.terminate();
    },
  };
}
