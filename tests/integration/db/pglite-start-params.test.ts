import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgliteDb, createPgliteWorkerDb } from '../../../src/db/index.js';
import { PGLITE_SHARED_BUFFERS } from '../../../src/db/pglite-start-params.mjs';

/**
 * Embedded PGlite starts with a small buffer cache on both of its homes (the main
 * thread in tests and tools, its own thread in the service and the CLI), and the
 * rest of PGlite's start parameters are kept: the cache is the only change.
 */
describe('embedded PGlite start parameters', () => {
  it('the worker thread that holds a DATA_DIR and the in-process database both use the small buffer cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'julia-pglite-params-'));
    const onThread = await createPgliteWorkerDb({ dataDir: join(dir, 'data') });
    const inProcess = await createPgliteDb();
    try {
      for (const db of [onThread, inProcess]) {
        const rows = await db.query<{ name: string; setting: string }>(
          `select name, current_setting(name) setting from unnest(array['shared_buffers', 'max_worker_processes', 'search_path']) name`);
        expect(Object.fromEntries(rows.map((r) => [r.name, r.setting]))).toEqual({ shared_buffers: PGLITE_SHARED_BUFFERS, max_worker_processes: '0', search_path: 'public' });
      }
    } finally {
      await onThread.close();
      await inProcess.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
