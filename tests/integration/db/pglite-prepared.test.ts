import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbError, createPgliteDb, createPgliteWorkerDb, type SqlDb } from '../../../src/db/index.js';

// src/db/pglite-prepared.mjs: on the embedded engine an rpc runs on a statement
// prepared once per SQL text, one round into PGlite per call. It must answer what
// PGlite's query() answers, recover when the schema changes under a prepared
// statement, and keep PGlite's locks (never inside another caller's transaction).

const FUNCTIONS = `
  create function prep_echo(p_j jsonb, p_t text, p_n int, p_b boolean, p_at timestamptz, p_ids uuid[], p_tags text[])
  returns jsonb language plpgsql as $$
  begin
    return jsonb_build_object('j', p_j, 't', p_t, 'n', p_n, 'b', p_b, 'at', p_at, 'ids', to_jsonb(p_ids), 'tags', to_jsonb(p_tags));
  end $$;
  create function prep_int(p int) returns int language sql as $$ select p * 2 $$;
  create function prep_ts(p timestamptz) returns timestamptz language sql as $$ select p + interval '1 hour' $$;
  create function prep_fail(p text) returns jsonb language plpgsql as $$
  begin raise exception 'refused: %', p using errcode = '22023'; end $$;
  create table prep_rows (id int primary key, label text);
  insert into prep_rows values (1, 'um');
  create function prep_row(p int) returns prep_rows language sql as $$ select * from prep_rows where id = p $$;
  create function prep_label(p int) returns text language sql as $$ select label from prep_rows where id = p $$;`;

const ARGS = {
  p_j: { a: [1, 2, { b: null }], s: 'olá "aspas" \\ barra', n: 1.5, e: '🩺' },
  p_t: "d'Ávila\n2ª linha",
  p_n: 42,
  p_b: false,
  p_at: new Date('2026-03-04T15:00:00.123Z'),
  p_ids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
  p_tags: ['a,b', 'c"d', 'com espaço', ''],
};

describe.each([
  ['in process', () => createPgliteDb()],
  ['on its thread', () => createPgliteWorkerDb()],
] as const)('rpc on a prepared statement, PGlite %s', (_label, open) => {
  let db: SqlDb;
  beforeAll(async () => {
    db = await open();
    await db.exec(FUNCTIONS);
  });
  afterAll(async () => db.close());

  it("answers what PGlite's query() answers, for every kind of value, call after call", async () => {
    const reference = (
      await db.query<{ result: unknown }>(
        `select prep_echo(p_j => $1, p_t => $2, p_n => $3, p_b => $4, p_at => $5, p_ids => $6, p_tags => $7) as result`,
        [ARGS.p_j, ARGS.p_t, ARGS.p_n, ARGS.p_b, ARGS.p_at, ARGS.p_ids, ARGS.p_tags],
      )
    )[0]!.result;
    for (let i = 0; i < 3; i++) expect(await db.rpc('prep_echo', ARGS)).toEqual(reference);
    expect(reference).toMatchObject({ j: ARGS.p_j, t: ARGS.p_t, n: 42, b: false, ids: ARGS.p_ids, tags: ARGS.p_tags });
    // Nulls, other result types, and the same function with other argument sets.
    expect(await db.rpc('prep_echo', { ...ARGS, p_j: null, p_t: null })).toMatchObject({ j: null, t: null });
    expect(await db.rpc('prep_echo', { p_j: {}, p_t: 'x', p_n: 1, p_b: true, p_at: ARGS.p_at, p_ids: [], p_tags: [] })).toMatchObject({ ids: [], tags: [] });
    expect(await db.rpc('prep_int', { p: 21 })).toBe(42);
    expect(await db.rpc('prep_ts', { p: ARGS.p_at })).toEqual(new Date('2026-03-04T16:00:00.123Z'));
    expect(await db.rpc('prep_row', { p: 1 })).toEqual((await db.query<{ result: unknown }>('select prep_row(p => $1) as result', [1]))[0]!.result);
  });

  it('maps an error to its SQLSTATE and leaves the session usable', async () => {
    const err = (await db.rpc('prep_fail', { p: 'x' }).catch((e: unknown) => e)) as DbError;
    expect(err).toBeInstanceOf(DbError);
    expect(err.sqlState).toBe('22023');
    expect(err.message).toContain('refused: x');
    expect(await db.rpc('prep_int', { p: 2 })).toBe(4);
    // A wrong argument type fails the call, not the statement cache.
    expect(((await db.rpc('prep_int', { p: 'not a number' }).catch((e: unknown) => e)) as DbError).sqlState).toBe('22P02');
    expect(await db.rpc('prep_int', { p: 3 })).toBe(6);
  });

  it('prepares again when a migration changes the function under a prepared statement', async () => {
    expect(await db.rpc('prep_int', { p: 5 })).toBe(10);
    // Same name and arguments, another result type: the cached plan no longer fits.
    await db.exec(`drop function prep_int(int); create function prep_int(p int) returns text language sql as $$ select 'n=' || p $$;`);
    expect(await db.rpc('prep_int', { p: 5 })).toBe('n=5');
    await db.exec(`drop function prep_int(int); create function prep_int(p int) returns int language sql as $$ select p + 1 $$;`);
    expect(await db.rpc('prep_int', { p: 5 })).toBe(6);
  });

  it("never runs inside another caller's open transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tx = db.withMigrationLock(async (t) => {
      await t.exec(`insert into prep_rows values (2, 'dois')`);
      order.push('tx wrote');
      await held;
      await t.exec(`update prep_rows set label = 'dois, confirmado' where id = 2`);
      order.push('tx done');
    });
    await new Promise((r) => setTimeout(r, 50));
    const read = db.rpc<string | null>('prep_label', { p: 2 }).then((label) => {
      order.push('rpc read');
      return label;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['tx wrote']);
    release();
    await tx;
    expect(await read).toBe('dois, confirmado');
    expect(order).toEqual(['tx wrote', 'tx done', 'rpc read']);
  });
});
