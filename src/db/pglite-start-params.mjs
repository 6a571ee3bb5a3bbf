// How embedded PGlite starts, shared by the worker thread and the main thread.
// Plain JS: the PGlite worker thread imports it without the tsx loader.
import { PGlite } from '@electric-sql/pglite';

/**
 * Postgres's own buffer cache, inside WebAssembly memory. PGlite's default is
 * Postgres's 128 MB; with a DATA_DIR its pages are real files, so the kernel's
 * page cache already keeps the hot ones and a large pool only holds them twice.
 * 32 MB keeps a 100,000-row import's working set (the doctors table and its
 * indexes) and takes about 100 MB off every process that opens the database
 * (docs/decisions/0275-import.md).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** PGlite's start parameters with the buffer cache above. */
export const pgliteStartParams = () => [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
