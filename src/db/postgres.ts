import postgres from 'postgres';
import { buildRpcCall, MIGRATION_LOCK_KEY, retryTransient, toDbError, type SqlDb, type SqlTx } from './rpc.js';

export interface PostgresOptions {
  url: string;
  max?: number;
  /** Per-statement timeout; a stuck query must not hold a worker forever. */
  statementTimeoutMs?: number;
  /** Named prepared statements for `rpc` (default: yes, unless the URL is a transaction pooler). */
  prepare?: boolean;
  /**
   * A Unix socket to connect through instead of the URL's host (the embedded database
   * served beside `julia serve`, pglite-beside.ts). Its one session is shared with the
   * service, so no session settings are sent.
   */
  path?: string;
}

/**
 * Supabase's transaction-mode pooler (Supavisor/PgBouncer on port 6543) hands each
 * transaction to any server connection, so a statement prepared on one is unknown
 * on the next: prepared statements must be off there.
 */
export function isTransactionPooler(url: string): boolean {
  try {
    return new URL(url).port === '6543';
  } catch {
    return false;
  }
}

export function createPostgresDb(opts: PostgresOptions): SqlDb & { sql: postgres.Sql } {
  const sql = postgres(opts.url, {
    max: opts.max ?? 5,
    connect_timeout: 10,
    idle_timeout: 30,
    onnotice: () => {},
    ...(opts.path
      ? { path: opts.path }
      : { connection: { statement_timeout: opts.statementTimeoutMs ?? 15_000, application_name: 'julia' } }),
  });
  // postgres.js leaves `unsafe` text unprepared: each call with parameters then costs a
  // Parse+Describe round trip before its Bind+Execute one, and a fresh plan. The rpc
  // texts are few and fixed (one per function and argument set), so each connection
  // prepares each once: one round trip per call (bench/outbound.ts sends 3 per message).
  const prepare = opts.prepare ?? !isTransactionPooler(opts.url);
  return {
    kind: 'postgres',
    sql,
    async rpc<T>(name: string, args = {}): Promise<T> {
      const call = buildRpcCall(name, args);
      return retryTransient(async () => {
        try {
          const rows = await sql.unsafe(call.sql, call.params as postgres.ParameterOrJSON<never>[], { prepare });
          return (rows[0] as unknown as { result: T }).result;
        } catch (err) {
          throw toDbError(name, err);
        }
      });
    },
    async exec(text: string) {
      await sql.unsafe(text).simple();
    },
    async query<R>(text: string, params: unknown[] = []) {
      return (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as R[];
    },
    async withMigrationLock<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
      return sql.begin(async (tx) => {
        await tx.unsafe('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        return fn({
          exec: async (text) => void (await tx.unsafe(text).simple()),
          query: async <R>(text: string, params: unknown[] = []) =>
            (await tx.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as R[],
        });
      }) as Promise<T>;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
