import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbError, createSupabaseDb, type Db } from '../../../src/db/index.js';
import { postgresError, rpcOk, startPostgrestFake, type PostgrestFake } from '../../fakes/index.js';

// supabase-js `rpc` against a fake PostgREST: the adapter must send named
// arguments as JSON to POST /rest/v1/rpc/<name> and map PostgREST errors.
describe('Supabase adapter', () => {
  let fake: PostgrestFake;
  let db: Db;
  beforeAll(async () => {
    fake = await startPostgrestFake({
      apiKey: 'service-role-key',
      handlers: {
        doctor_upsert: (args) => rpcOk({ id: 'd1', phone: args.p_phone, name: args.p_name ?? null }),
        julia_ping: () => rpcOk({ ok: true }),
        doctor_get: () => rpcOk(null),
        shift_reserve: () => postgresError({ code: '23505', message: 'duplicate key value violates unique constraint "x"', details: 'Key (id)=(1) already exists.' }),
        broken: () => postgresError({ code: 'P0001', message: 'shift is not open' }),
      },
    });
    db = createSupabaseDb({ url: fake.url, serviceRoleKey: 'service-role-key' });
  });
  afterAll(async () => {
    await db.close();
    await fake.close();
  });

  it('posts named arguments to /rest/v1/rpc/<name>, leaving out undefined ones', async () => {
    const doc = await db.rpc('doctor_upsert', { p_phone: '5511999990000', p_name: undefined, p_lid: null, p_meta: { a: 1 } });
    expect(doc).toEqual({ id: 'd1', phone: '5511999990000', name: null });
    const req = fake.requests.find((r) => r.path === '/rest/v1/rpc/doctor_upsert')!;
    expect(req.method).toBe('POST');
    expect(req.body).toEqual({ p_phone: '5511999990000', p_lid: null, p_meta: { a: 1 } });
    expect(req.headers.apikey).toBe('service-role-key');
    expect(req.headers.authorization).toBe('Bearer service-role-key');
  });

  it('returns null data as null', async () => {
    expect(await db.rpc('doctor_get', { p_phone: 'x' })).toBeNull();
  });

  it('maps a Postgres error to DbError with its SQLSTATE and details', async () => {
    const err = (await db.rpc('shift_reserve', { p_id: 1 }).catch((e: unknown) => e)) as DbError;
    expect(err).toBeInstanceOf(DbError);
    expect(err.sqlState).toBe('23505');
    expect(err.code).toBe('conflict');
    // Details are kept for the column but the value is masked (issue 9, finding 12: they echo personal data).
    expect(err.message).toBe('shift_reserve: duplicate key value violates unique constraint "x" (Key (id)=(***) already exists.)');
    const raised = (await db.rpc('broken').catch((e: unknown) => e)) as DbError;
    expect(raised.sqlState).toBe('P0001');
    expect(raised.message).toBe('broken: shift is not open');
  });

  it('maps an unknown function to PostgREST code PGRST202', async () => {
    const err = (await db.rpc('nope', { p_x: 1 }).catch((e: unknown) => e)) as DbError;
    expect(err.sqlState).toBe('PGRST202');
    expect(err.message).toMatch(/^nope: Could not find the function/);
  });

  it('turns an unreachable server into a DbError, not a hang', async () => {
    const dead = createSupabaseDb({ url: 'http://127.0.0.1:1', serviceRoleKey: 'k', timeoutMs: 2_000 });
    const err = (await dead.rpc('julia_ping').catch((e: unknown) => e)) as DbError;
    expect(err).toBeInstanceOf(DbError);
    await dead.close();
  });
});
