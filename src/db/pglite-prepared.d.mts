import type { PGlite } from '@electric-sql/pglite';

/** Rows of an rpc's fixed SQL text, as pg.query(sql, params).rows, on a statement prepared once. */
export function createPreparedRunner(pg: PGlite): <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;
