import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DbError, MigrationError, createPgliteDb, migrate } from '../../../src/db/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

describe('PGlite adapter', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ seed: true });
  });
  afterAll(() => db.close());

  it('calls SQL functions with named arguments and returns jsonb', async () => {
    const ping = await db.rpc<{ ok: boolean; now: string }>('julia_ping');
    expect(ping.ok).toBe(true);
    expect(Date.parse(ping.now)).toBeGreaterThan(0);
    const doc = await db.rpc<{ id: string; phone: string; permission_state: string }>('doctor_upsert', {
      p_phone: '5511999990001',
      p_name: 'Dr. Teste',
    });
    expect(doc.phone).toBe('5511999990001');
    expect(doc.permission_state).toBe('opted_in');
    const again = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: '5511999990001' });
    expect(again.id).toBe(doc.id);
  });

  it('converges concurrent upserts of one phone on one doctor', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => db.rpc<{ id: string }>('doctor_upsert', { p_phone: '5511999990002' })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it('maps SQL errors to DbError with the SQLSTATE', async () => {
    const err = (await db.rpc('no_such_function').catch((e: unknown) => e)) as DbError;
    expect(err).toBeInstanceOf(DbError);
    expect(err.sqlState).toBe('42883');
    const bad = (await db.rpc('doctor_upsert', { p_phone: 'not-a-phone' }).catch((e: unknown) => e)) as DbError;
    expect(bad.sqlState).toBe('23514');
  });

  it('rejects identifiers that could inject SQL', async () => {
    await expect(db.rpc('julia_ping(); drop table doctors; --')).rejects.toThrow(/invalid function name/);
    await expect(db.rpc('doctor_get', { 'p_phone=>1); --': 'x' })).rejects.toThrow(/invalid argument name/);
  });

  it('loads the seed: hospitals and about 60 open future shifts', async () => {
    const stats = await db.rpc<{ hospitals: number; open_shifts: number }>('stats_overview');
    expect(stats.hospitals).toBe(10);
    expect(stats.open_shifts).toBe(60);
  });

  it('keeps interactions and business events immutable', async () => {
    const doc = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: '5511999990003' });
    await db.pg.query(`insert into interactions (doctor_id, direction, body) values ($1, 'inbound', 'oi')`, [doc.id]);
    await expect(db.pg.query(`update interactions set body = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.pg.query(`delete from interactions`)).rejects.toThrow(/append-only/);
  });
});

describe('API roles (Supabase)', () => {
  it('leaves every function callable by service_role only, not by anon, authenticated or PUBLIC', async () => {
    const db = await createPgliteDb();
    try {
      // Supabase's roles exist before our migrations run there.
      await db.exec(`create role anon; create role authenticated; create role service_role;`);
      await migrate(db);
      const can = async (role: string, fn: string) =>
        (await db.pg.query<{ ok: boolean }>(`select has_function_privilege($1, $2, 'execute') as ok`, [role, fn])).rows[0]!.ok;
      // One function from the first migration and one from a later one.
      for (const fn of ['doctor_upsert(text,text,text)', 'inbound_persist(jsonb)']) {
        expect(await can('anon', fn)).toBe(false);
        expect(await can('authenticated', fn)).toBe(false);
        expect(await can('service_role', fn)).toBe(true);
      }
    } finally {
      await db.close();
    }
  });
});

describe('migration runner', () => {
  it('is idempotent: a second run applies nothing and changes nothing', async () => {
    const db = await createPgliteDb();
    try {
      const first = await migrate(db);
      expect(first.length).toBeGreaterThan(0);
      const before = await db.pg.query('select name, checksum, applied_at from schema_migrations order by name');
      expect(await migrate(db)).toEqual([]);
      const after = await db.pg.query('select name, checksum, applied_at from schema_migrations order by name');
      expect(after.rows).toEqual(before.rows);
    } finally {
      await db.close();
    }
  });

  it('stops on a broken file, naming it and the SQL error, and keeps earlier ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mig-'));
    writeFileSync(join(dir, '0001_ok.sql'), 'create table ok_table (id int);');
    writeFileSync(join(dir, '0002_broken.sql'), 'create tabel broken (id int);');
    const db = await createPgliteDb();
    try {
      const err = await migrate(db, { dir }).catch((e) => e);
      expect(err).toBeInstanceOf(MigrationError);
      expect(err.message).toMatch(/0002_broken\.sql/);
      expect(err.message).toMatch(/syntax error at or near "tabel"/);
      const applied = await db.pg.query<{ name: string }>('select name from schema_migrations');
      expect(applied.rows.map((r) => r.name)).toEqual(['0001_ok.sql']);
    } finally {
      await db.close();
    }
  });

  it('refuses a file edited after it was applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mig-'));
    writeFileSync(join(dir, '0001_a.sql'), 'create table a (id int);');
    const db = await createPgliteDb();
    try {
      await migrate(db, { dir });
      writeFileSync(join(dir, '0001_a.sql'), 'create table a (id bigint);');
      await expect(migrate(db, { dir })).rejects.toThrow(/0001_a\.sql.*changed after it was applied/);
    } finally {
      await db.close();
    }
  });
});
