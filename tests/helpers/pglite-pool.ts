import type { PGlite } from '@electric-sql/pglite';
import { createPgliteDb, pgliteDb, snapshotPglite, type PgliteSnapshot, type SqlDb } from '../../src/db/index.js';

/**
 * Migrated PGlite databases kept open in a test worker and handed to its files one after another (starting one
 * costs about a second of CPU, restoring one a few tens of milliseconds: src/db/pglite-snapshot.ts). A database is
 * restored when it is handed out again, so a write that arrives after its file closed it is wiped too, and it goes
 * back to the pool only if its schema, grants, functions and roles are still the template's.
 */
interface Pooled {
  pg: PGlite;
  snapshot: PgliteSnapshot;
}

/** Idle databases per template; a worker runs few files at once, so a few are kept. */
const idle = new Map<string, Pooled[]>();
const KEEP = 3;

/** An idle database restored; one that cannot be restored (a session its file left broken) is closed instead. */
async function reuse(template: string): Promise<Pooled | undefined> {
  for (let entry = idle.get(template)?.pop(); entry; entry = idle.get(template)?.pop()) {
    try {
      await entry.snapshot.restore();
      return entry;
    } catch {
      await entry.pg.close().catch(() => {});
    }
  }
  return undefined;
}

async function start(load: () => Blob): Promise<Pooled> {
  const { pg } = await createPgliteDb({ loadDataDir: load() });
  return { pg, snapshot: await snapshotPglite(pg) };
}

/** A migrated database from `template` (a dumpDataDir tarball, read by `load`); close() hands it back. */
export async function pooledPgliteDb(template: string, load: () => Blob): Promise<SqlDb & { pg: PGlite }> {
  const held = (await reuse(template)) ?? (await start(load));
  const db = pgliteDb(held.pg);
  // Closed for its file as a real close would be: every later call fails.
  let closed = false;
  const open = async () => {
    if (closed) throw new Error('the database is closed');
  };
  return {
    ...db,
    rpc: (name, args) => open().then(() => db.rpc(name, args)),
    exec: (sql) => open().then(() => db.exec(sql)),
    query: (sql, params) => open().then(() => db.query(sql, params)),
    withMigrationLock: (fn) => open().then(() => db.withMigrationLock(fn)),
    async close() {
      if (closed) return;
      closed = true;
      if (!(await held.snapshot.unchanged())) return void (await held.pg.close().catch(() => {}));
      const list = idle.get(template) ?? [];
      idle.set(template, list);
      list.push(held);
      // The one handed out next is the one just closed; beyond a few, the longest idle goes.
      if (list.length > KEEP) await list.shift()!.pg.close().catch(() => {});
    },
  } as SqlDb & { pg: PGlite };
}
