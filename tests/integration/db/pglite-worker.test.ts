import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DbError, MigrationError, createPgliteDb, createPgliteWorkerDb, migrate } from '../../../src/db/index.js';

// The production embedded default: PGlite on a worker thread behind the same rpc.
describe('PGlite on a worker thread', () => {
  it('migrates, answers rpc with jsonb, maps errors, and persists across reopen', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    const db = await createPgliteWorkerDb({ dataDir });
    try {
      expect(await migrate(db)).toContain('0001_foundation.sql');
      expect(await migrate(db)).toEqual([]);
      const doc = await db.rpc<{ id: string; permission_state: string }>('doctor_upsert', { p_phone: '5511955550001' });
      expect(doc.permission_state).toBe('opted_in');
      const ev = await db.rpc<{ created: boolean }>('business_event_emit', {
        p_event_type: 'thread_test', p_doctor_id: doc.id, p_conversation_id: null, p_props: { nested: { a: [1, 2] } },
      });
      expect(ev.created).toBe(true);
      const err = (await db.rpc('doctor_upsert', { p_phone: 'x' }).catch((e: unknown) => e)) as DbError;
      expect(err).toBeInstanceOf(DbError);
      expect(err.sqlState).toBe('23514');
      const many = await Promise.all(Array.from({ length: 50 }, () => db.rpc<{ id: string }>('doctor_upsert', { p_phone: '5511955550002' })));
      expect(new Set(many.map((d) => d.id)).size).toBe(1);
    } finally {
      await db.close();
    }
    const reopened = await createPgliteWorkerDb({ dataDir });
    try {
      expect(await reopened.rpc<{ id: string } | null>('doctor_get', { p_phone: '5511955550001' })).not.toBeNull();
    } finally {
      await reopened.close();
    }
  });

  it('gives JSON columns back exactly as PGlite in the same thread would', async () => {
    const threaded = await createPgliteWorkerDb();
    const inline = await createPgliteDb();
    const sql = `select '{"a":[1,2,{"b":null}],"s":"olá \\"aspas\\"","n":1.5}'::jsonb as jb, '[1,"x"]'::json as j,
                        'null'::jsonb as jnull, '"texto"'::jsonb as jstr, null::jsonb as missing,
                        array['{"k":1}'::jsonb] as jarr, 42 as n, 'plain' as t, timestamptz '2026-03-04 15:00:00+00' as at`;
    try {
      const [a] = await threaded.query<Record<string, unknown>>(sql);
      const [b] = await inline.query<Record<string, unknown>>(sql);
      expect(a).toEqual(b);
      expect(a!.jb).toEqual({ a: [1, 2, { b: null }], s: 'olá "aspas"', n: 1.5 });
      expect(a!.jstr).toBe('texto');
      expect(a!.jnull).toBeNull();
      expect(a!.at).toBeInstanceOf(Date);
      // Inside a transaction too (migrations), and through rpc.
      const inTx = await threaded.withMigrationLock((tx) => tx.query<{ jb: unknown }>(`select '{"x":1}'::jsonb as jb`));
      expect(inTx).toEqual([{ jb: { x: 1 } }]);
      await threaded.exec(`create function json_echo(p jsonb) returns jsonb language sql as $$ select p $$`);
      expect(await threaded.rpc('json_echo', { p: { deep: [{ v: 'ç' }] } })).toEqual({ deep: [{ v: 'ç' }] });
    } finally {
      await threaded.close();
      await inline.close();
    }
  });

  it('rolls a broken migration back and keeps the ones before it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mig-thread-'));
    writeFileSync(join(dir, '0001_ok.sql'), 'create table ok_t (id int);');
    writeFileSync(join(dir, '0002_bad.sql'), 'create table half_t (id int); select * from no_such_table;');
    const db = await createPgliteWorkerDb();
    try {
      const err = await migrate(db, { dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MigrationError);
      expect((err as Error).message).toMatch(/0002_bad\.sql failed: relation "no_such_table" does not exist/);
      // The half-applied file left nothing behind; the database still answers.
      const dir2 = mkdtempSync(join(tmpdir(), 'mig-thread2-'));
      writeFileSync(join(dir2, '0001_ok.sql'), 'create table ok_t (id int);');
      writeFileSync(join(dir2, '0002_bad.sql'), 'create table half_t (id int);');
      expect(await migrate(db, { dir: dir2 })).toEqual(['0002_bad.sql']);
    } finally {
      await db.close();
    }
  });
});
