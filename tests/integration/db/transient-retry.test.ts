import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbError } from '../../../src/db/index.js';
import { createTestDb, onPostgres, type TestDb } from '../../helpers/test-db.js';

// On a real server two rpc calls that lock the same rows in opposite orders deadlock,
// and Postgres aborts one of them. The adapter runs the victim again: both callers get
// their answer, and since the victim's first try was rolled back, each effect lands once.
describe.runIf(onPostgres)('rpc on a real PostgreSQL: deadlock victims are retried', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
    await db.exec(`
      create table retry_probe (id int primary key, v int not null default 0);
      insert into retry_probe (id) values (1), (2);
      create sequence retry_probe_calls;
      create function retry_probe_lock(p_first int, p_second int) returns jsonb language plpgsql as $$
      begin
        perform nextval('retry_probe_calls');
        update retry_probe set v = v + 1 where id = p_first;
        perform pg_sleep(0.3);
        update retry_probe set v = v + 1 where id = p_second;
        return jsonb_build_object('ok', true);
      end $$;
      create function retry_probe_fail() returns jsonb language plpgsql as $$
      begin
        perform nextval('retry_probe_calls');
        raise exception 'not transient' using errcode = '23514';
      end $$;
    `);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('two calls locking rows in opposite orders both succeed, each effect applied once', async () => {
    const [a, b] = await Promise.all([
      db.rpc('retry_probe_lock', { p_first: 1, p_second: 2 }),
      db.rpc('retry_probe_lock', { p_first: 2, p_second: 1 }),
    ]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    const rows = await db.query<{ id: number; v: number }>('select id, v from retry_probe order by id');
    expect(rows).toEqual([{ id: 1, v: 2 }, { id: 2, v: 2 }]);
    // Three calls reached the server: the deadlock's victim ran twice.
    const calls = await db.query<{ calls: string }>('select last_value::text as calls from retry_probe_calls');
    expect(Number(calls[0]?.calls)).toBe(3);
  });

  it('any other error is not retried', async () => {
    const before = Number((await db.query<{ n: string }>('select last_value::text as n from retry_probe_calls'))[0]?.n);
    const err = await db.rpc('retry_probe_fail').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DbError);
    expect((err as DbError).sqlState).toBe('23514');
    const after = Number((await db.query<{ n: string }>('select last_value::text as n from retry_probe_calls'))[0]?.n);
    expect(after - before).toBe(1);
  });
});
