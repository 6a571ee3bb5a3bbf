import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * Migration 0160 on the engine of this pass (PGlite; PostgreSQL in the second
 * pass): every table of ours has row-level security and every function of ours a
 * pinned search_path, read from the catalogs, so a later migration that adds a
 * table or function and forgets it fails here. And the roles Supabase exposes
 * through PostgREST (anon, authenticated) get nothing, even with table grants.
 */
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

const EXT_OWNED = (cls: string) => `exists (select 1 from pg_depend d where d.classid = '${cls}'::regclass and d.objid = x.oid and d.deptype = 'e')`;

describe('catalog', () => {
  it('every table in public has row-level security enabled (none forced, none with a policy)', async () => {
    const tables = await db.pg.query<{ name: string; rls: boolean; forced: boolean; policies: number }>(
      `select x.relname as name, x.relrowsecurity as rls, x.relforcerowsecurity as forced,
              (select count(*)::int from pg_policy p where p.polrelid = x.oid) as policies
       from pg_class x join pg_namespace n on n.oid = x.relnamespace
       where n.nspname = 'public' and x.relkind in ('r', 'p') and not ${EXT_OWNED('pg_class')}`,
    );
    expect(tables.rows.length).toBeGreaterThan(30);
    expect(tables.rows.filter((t) => !t.rls).map((t) => t.name)).toEqual([]);
    // Forced RLS would bind the owner, i.e. Júlia herself; a policy would open a door.
    expect(tables.rows.filter((t) => t.forced || t.policies > 0).map((t) => t.name)).toEqual([]);
  });

  it('every function of ours in public has search_path pinned to public, extensions, pg_temp', async () => {
    const fns = await db.pg.query<{ fn: string; config: string[] | null }>(
      `select x.oid::regprocedure::text as fn, x.proconfig as config
       from pg_proc x join pg_namespace n on n.oid = x.pronamespace
       where n.nspname = 'public' and x.prokind in ('f', 'p') and not ${EXT_OWNED('pg_proc')}`,
    );
    expect(fns.rows.length).toBeGreaterThan(100);
    const unpinned = fns.rows.filter((f) => !(f.config ?? []).some((c) => /^search_path=public, extensions, pg_temp$/.test(c)));
    expect(unpinned.map((f) => f.fn)).toEqual([]);
    expect(fns.rows.map((f) => f.fn)).toContain('harden_public_schema()');
  });

  it('a function or table added after 0160 is hardened by the revoke_api_roles() its migration ends with', async () => {
    await db.pg.exec(`create table h13_later (id int primary key);
      create function h13_later_fn() returns int language sql as $$ select 1 $$;
      select revoke_api_roles();`);
    const t = await db.pg.query<{ rls: boolean }>(`select relrowsecurity as rls from pg_class where relname = 'h13_later'`);
    const f = await db.pg.query<{ config: string[] }>(`select proconfig as config from pg_proc where proname = 'h13_later_fn'`);
    expect(t.rows[0]?.rls).toBe(true);
    expect(f.rows[0]?.config).toEqual(['search_path=public, extensions, pg_temp']);
    await db.pg.exec('drop table h13_later; drop function h13_later_fn()');
  });
});

describe('anon and authenticated (as Supabase has them) get nothing', () => {
  // Roles are cluster-wide on PostgreSQL: the ones this file creates are dropped after it.
  let created: string[] = [];
  beforeAll(async () => {
    const existing = await db.pg.query<{ rolname: string }>(`select rolname from pg_roles where rolname in ('anon', 'authenticated')`);
    created = ['anon', 'authenticated'].filter((r) => !existing.rows.some((e) => e.rolname === r));
    // Supabase's default privileges grant these roles every new table in public; grant
    // them here too, so what is tested is RLS itself and not a missing grant.
    await db.pg.exec(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin; end if;
      if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin; end if;
    end $$;
    grant usage on schema public to anon, authenticated;
    grant all on all tables in schema public to anon, authenticated;
    insert into doctors (phone, name) values ('5511987650160', 'Dra. RLS');`);
  });
  afterAll(async () => {
    for (const r of created) await db.pg.exec(`drop owned by ${r}; drop role ${r}`);
  });

  const as = <T>(role: string, sql: string) =>
    db.withMigrationLock(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return tx.query<T>(sql);
    });

  for (const role of ['anon', 'authenticated']) {
    it(`${role} reads no row of any table and cannot insert, update or delete`, async () => {
      const owner = await db.pg.query<{ n: number }>(`select count(*)::int as n from doctors`);
      expect(owner.rows[0]!.n).toBeGreaterThan(0);
      const tables = await db.pg.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r'`,
      );
      // One statement over every table: each count is what this role sees of it.
      const counts = await as<{ name: string; n: number }>(
        role,
        tables.rows.map(({ name }) => `select '${name}' as name, count(*)::int as n from public.${name}`).join(' union all '),
      );
      expect(counts).toHaveLength(tables.rows.length);
      expect(counts.filter((c) => c.n > 0)).toEqual([]);
      await expect(as(role, `insert into public.doctors (phone) values ('5511900000160')`)).rejects.toThrow(/row-level security/);
      expect(await as(role, `update public.doctors set name = 'x' returning id`)).toEqual([]);
      expect(await as(role, `delete from public.doctors returning id`)).toEqual([]);
      await expect(as(role, `select public.julia_ping()`)).rejects.toThrow(/permission denied/);
      // Nothing changed behind the refusals.
      const after = await db.pg.query<{ name: string }>(`select name from doctors where phone = '5511987650160'`);
      expect(after.rows).toEqual([{ name: 'Dra. RLS' }]);
    });
  }

  it('the owner (how Júlia connects) still reads and writes through the functions as before', async () => {
    const r = await db.rpc<{ ok: boolean }>('julia_ping');
    expect(r.ok).toBe(true);
    await db.rpc('feature_flag_set', { p_key: 'h13_probe', p_value: { enabled: true }, p_updated_by: 'test' });
    const flags = await db.rpc<Record<string, unknown>>('feature_flags_get');
    expect(flags).toMatchObject({ h13_probe: { enabled: true } });
  });
});
