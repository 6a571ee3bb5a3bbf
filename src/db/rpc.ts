import { AppError } from '../shared/errors.js';
import { maskPii } from '../shared/pii.js';

/** Named arguments of a SQL function. `undefined` means "use the SQL default". */
export type RpcArgs = Record<string, unknown>;

/** The database API: every read and write is a SQL function that returns jsonb. */
export interface Db {
  readonly kind: 'pglite' | 'postgres' | 'supabase';
  rpc<T = unknown>(name: string, args?: RpcArgs): Promise<T>;
  close(): Promise<void>;
}

/** Adapters that can also run raw SQL: the migration runner and seeding need it. */
export interface SqlDb extends Db {
  /** Runs `fn` in one transaction holding a cluster-wide advisory lock. */
  withMigrationLock<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  /** Raw SQL for migrations, seeds and benchmarks; application code uses `rpc`. */
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

export interface SqlTx {
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

/** A failed SQL function call: `code` is the SQLSTATE (or PostgREST code). */
export class DbError extends AppError {
  constructor(
    readonly fn: string,
    readonly sqlState: string | undefined,
    message: string,
  ) {
    // Postgres details echo row values ("Key (whatsapp_lid)=(...)"): masked where the error is made.
    super(sqlState === '23505' ? 'conflict' : 'db', maskPii(`${fn}: ${message}`), { sqlState });
  }
}

const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Builds `select fn(a => $1, b => $2) as result`. Names are checked against a
 * strict pattern because they are spliced into SQL; values are always bound.
 */
export function buildRpcCall(name: string, args: RpcArgs = {}): { sql: string; params: unknown[] } {
  if (!IDENT.test(name)) throw new DbError(name, undefined, 'invalid function name');
  const params: unknown[] = [];
  const named: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (!IDENT.test(key)) throw new DbError(name, undefined, `invalid argument name ${key}`);
    params.push(toParam(value));
    named.push(`${key} => $${params.length}`);
  }
  return { sql: `select ${name}(${named.join(', ')}) as result`, params };
}

/**
 * Values are bound as they are: both drivers learn each parameter's type from
 * the server and serialize by it (objects → jsonb, arrays → arrays, Date →
 * timestamptz). Pre-stringifying objects double-encodes them on postgres.js.
 */
function toParam(value: unknown): unknown {
  return value;
}

export function toDbError(fn: string, err: unknown): DbError {
  if (err instanceof DbError) return err;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return new DbError(fn, code, message);
}

/**
 * SQLSTATEs after which Postgres has rolled the whole statement back: a deadlock
 * victim (40P01) or a serialization failure (40001). An rpc is one statement in its
 * own transaction, so calling it again is exactly as safe as the first call.
 */
export const TRANSIENT_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/**
 * Runs an rpc call again, after a short jittered pause, when the server aborted it
 * as a deadlock victim or a serialization failure; any other error goes straight up.
 * Postgres picks one victim per cycle, so the other side finishes and the retry
 * then finds the rows free.
 */
export async function retryTransient<T>(call: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const code = err instanceof DbError ? err.sqlState : undefined;
      if (attempt >= attempts || !code || !TRANSIENT_SQLSTATES.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 10 * attempt + Math.floor(Math.random() * 40)));
    }
  }
}

/** Advisory-lock key shared by every adapter so two processes never migrate at once. */
export const MIGRATION_LOCK_KEY = 7_217_001;
