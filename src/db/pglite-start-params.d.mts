/** Postgres's buffer cache size in embedded PGlite. */
export const PGLITE_SHARED_BUFFERS: string;
/** PGlite's default start parameters with that buffer cache. */
export function pgliteStartParams(): string[];
