import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { DbError, createPostgresDb, migrate } from '../../../src/db/index.js';
import { isTransactionPooler } from '../../../src/db/postgres.js';
import { servePglite } from '../../helpers/pg-wire.js';

// The DATABASE_URL adapter speaks the real Postgres wire protocol (postgres.js)
// to a PGlite served over a socket: migrations and rpc travel the same path they
// would to Supabase's Postgres or any other server.
describe('Postgres (DATABASE_URL) adapter', () => {
  let pg: PGlite;
  let served: { url: string; stop(): Promise<void> };
  let db: ReturnType<typeof createPostgresDb>;

  beforeAll(async () => {
    pg = await PGlite.create({ extensions: { vector } });
    served = await servePglite(pg);
    // One connection: pglite-socket interleaves protocol messages across concurrent connections.
    db = createPostgresDb({ url: served.url, max: 1 });
  });
  afterAll(async () => {
    await db.close();
    await served.stop();
    await pg.close();
  });

  it('applies every migration over the wire, and a second run applies nothing', async () => {
    const applied = await migrate(db);
    expect(applied).toContain('0001_foundation.sql');
    expect(await migrate(db)).toEqual([]);
  });

  it('calls functions with named arguments and returns parsed jsonb', async () => {
    const doc = await db.rpc<{ id: string; phone: string; name: string; permission_state: string }>('doctor_upsert', {
      p_phone: '5511999991111',
      p_name: 'Dra. Wire',
      p_lid: undefined,
    });
    expect(doc).toMatchObject({ phone: '5511999991111', name: 'Dra. Wire', permission_state: 'opted_in' });
    const byPhone = await db.rpc<{ id: string }>('doctor_get', { p_phone: '5511999991111' });
    expect(byPhone.id).toBe(doc.id);
    expect(await db.rpc('doctor_get', { p_phone: '5500000000000' })).toBeNull();
  });

  it('binds objects as jsonb, not as a JSON string (no double encoding)', async () => {
    const doc = await db.rpc<{ id: string }>('doctor_get', { p_phone: '5511999991111' });
    const ev = await db.rpc<{ created: boolean }>('business_event_emit', {
      p_event_type: 'wire_test', p_doctor_id: doc.id, p_conversation_id: null, p_props: { kind: 'object', n: 1 },
    });
    expect(ev.created).toBe(true);
    const rows = await db.sql`select jsonb_typeof(props) as t, props from business_events where event_type = 'wire_test'`;
    expect(rows[0]).toEqual({ t: 'object', props: { kind: 'object', n: 1 } });
  });

  it('prepares each rpc text once per connection, and not behind a transaction pooler', async () => {
    // One connection (max: 1): the statement doctor_get used above is already prepared on it.
    await db.rpc('doctor_get', { p_phone: '5511999991111' });
    const prepared = await db.sql<{ statement: string }[]>`select statement from pg_prepared_statements`;
    const texts = prepared.map((r) => r.statement);
    expect(texts.filter((t) => t === 'select doctor_get(p_phone => $1) as result')).toHaveLength(1);
    expect(isTransactionPooler('postgres://u:p@aws-0-sa-east-1.pooler.supabase.com:6543/postgres')).toBe(true);
    expect(isTransactionPooler('postgres://u:p@db.example.supabase.co:5432/postgres')).toBe(false);
  });

  it('maps server errors to DbError with the SQLSTATE', async () => {
    const err = (await db.rpc('doctor_upsert', { p_phone: 'x' }).catch((e: unknown) => e)) as DbError;
    expect(err).toBeInstanceOf(DbError);
    expect(err.sqlState).toBe('23514');
    expect(err.message).toMatch(/^doctor_upsert: /);
  });
});
