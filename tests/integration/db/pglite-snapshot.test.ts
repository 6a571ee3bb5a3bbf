import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgliteDb, snapshotPglite, type PgliteSnapshot } from '../../../src/db/index.js';
import { pooledPgliteDb } from '../../helpers/pglite-pool.js';

// The eval's scenarios and the PGlite pass's test files each get a database as migrated (and seeded) by putting one
// embedded database back, not by starting another.
describe('snapshotPglite', () => {
  let db: Awaited<ReturnType<typeof createPgliteDb>>;
  let snap: PgliteSnapshot;
  const count = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  beforeAll(async () => {
    db = await createPgliteDb({ loadDataDir: new Blob([readFileSync(inject('pgliteSeededTemplate'))]) });
    snap = await snapshotPglite(db.pg);
  });
  afterAll(() => db.close());

  it('puts back the rows, the sequences and a clean session', async () => {
    const before = { doctors: await count('doctors'), shifts: await count('shifts'), migrations: await count('schema_migrations') };
    expect(before.doctors).toBeGreaterThan(0);
    const seq = (await db.query<{ name: string }>(`select format('%I.%I', schemaname, sequencename) as name from pg_sequences limit 1`))[0]!.name;
    const next = async () => (await db.query<{ v: string }>(`select nextval('${seq}')::text as v`))[0]!.v;
    const first = await next();
    await snap.restore();

    await db.rpc('doctor_upsert', { p_phone: '5511988887777', p_name: 'Dra. Passageira' });
    await db.exec(`delete from shifts where status = 'open'; update schema_migrations set name = name`);
    await next();
    await next();
    await db.exec(`create temporary table scratch (x int); set statement_timeout = '1234ms'; select pg_advisory_lock(42)`);
    await snap.restore();

    expect({ doctors: await count('doctors'), shifts: await count('shifts'), migrations: await count('schema_migrations') }).toEqual(before);
    expect(await count(`doctors where phone = '5511988887777'`)).toBe(0);
    expect(await next()).toBe(first);
    expect((await db.query<{ t: string | null }>(`select to_regclass('pg_temp.scratch')::text as t`))[0]!.t).toBeNull();
    expect((await db.query<{ s: string }>(`select current_setting('statement_timeout') as s`))[0]!.s).toBe('0');
    expect((await db.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory'`))[0]!.n).toBe(0);
    // Foreign keys hold again after the restore turned triggers back on.
    await expect(db.exec(`insert into doctor_state (doctor_id) values ('00000000-0000-0000-0000-000000000001')`)).rejects.toThrow();
  });

  it('says when the schema changed, which rows alone cannot put back', async () => {
    expect(await snap.unchanged()).toBe(true);
    await db.exec('create table stray (x int)');
    expect(await snap.unchanged()).toBe(false);
    await db.exec('drop table stray');
    expect(await snap.unchanged()).toBe(true);
    await db.exec(`create or replace function julia_stray() returns int language sql as 'select 1'`);
    expect(await snap.unchanged()).toBe(false);
    await db.exec('drop function julia_stray()');
  });
});

describe('the PGlite pass reuses a database a file closed', () => {
  const template = () => inject('pgliteTemplate');
  const load = () => new Blob([readFileSync(template())]);

  it('closed for the file that closed it; the next file sees none of its rows', async () => {
    const a = await pooledPgliteDb(template(), load);
    await a.rpc('doctor_upsert', { p_phone: '5511977776666', p_name: 'Dr. Anterior' });
    const pg = a.pg;
    await a.close();
    await expect(a.query('select 1')).rejects.toThrow(/closed/);
    await expect(a.rpc('julia_ping')).rejects.toThrow(/closed/);
    // A late write through the raw handle, after the file closed it, is wiped before the next file gets it.
    await pg.query(`insert into specialties (slug, name) values ('tardia', 'Tardia')`);
    const b = await pooledPgliteDb(template(), load);
    try {
      expect(b.pg).toBe(pg);
      expect((await b.query<{ n: number }>(`select count(*)::int as n from doctors`))[0]!.n).toBe(0);
      expect((await b.query<{ n: number }>(`select count(*)::int as n from specialties where slug = 'tardia'`))[0]!.n).toBe(0);
      expect((await b.rpc<{ ok: boolean }>('julia_ping')).ok).toBe(true);
    } finally {
      await b.close();
    }
  });

  it('starts another when the one idle cannot be restored (a transaction left aborted after its file closed it)', async () => {
    const a = await pooledPgliteDb(template(), load);
    const pg = a.pg;
    await a.close();
    await pg.exec('begin; select 1 / 0').catch(() => {});
    const b = await pooledPgliteDb(template(), load);
    try {
      expect(b.pg).not.toBe(pg);
      expect(pg.closed).toBe(true);
      expect((await b.rpc<{ ok: boolean }>('julia_ping')).ok).toBe(true);
    } finally {
      await b.close();
    }
  });

  it('throws away a database whose schema its file changed', async () => {
    const a = await pooledPgliteDb(template(), load);
    await a.exec('create table left_behind (x int)');
    const pg = a.pg;
    await a.close();
    expect(pg.closed).toBe(true);
    const b = await pooledPgliteDb(template(), load);
    try {
      expect(b.pg).not.toBe(pg);
      expect((await b.query<{ t: string | null }>(`select to_regclass('left_behind')::text as t`))[0]!.t).toBeNull();
    } finally {
      await b.close();
    }
  });
});
