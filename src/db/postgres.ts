import postgres from 'postgres';
import { buildRpcCall, MIGRATION_LOCK_KEY, toDbError, type SqlDb, type SqlTx } from './rpc.js';

export interface PostgresOptions {
  url: string;
  max?: number;
  /** Per-statement timeout; a stuck query must not hold a worker forever. */
  statementTimeoutMs?: number;
}

export function createPostgresDb(opts: PostgresOptions): SqlDb & { sql: postgres.Sql } {
  const sql = postgres(opts.url, {
    max: opts.max ?? 10,
    connect_timeout: 10,
    idle_timeout: 30,
    onnotice: () => {},
    connection: { statement_timeout: opts.statementTimeoutMs ?? 15_000, application_name: 'julia' },
  });
  return {
    kind: 'postgres',
    sql,
    async rpc<T>(name: string, args = {}): Promise<T> {
      const call = buildRpcCall(name, args);
      try {
        const rows = await sql.unsafe(call.sql, call.params as postgres.ParameterOrJSON<never>[]);
        return (rows[0] as unknown as { result: T }).result;
      } catch (err) {
        throw toDbError(name, err);
      }
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
