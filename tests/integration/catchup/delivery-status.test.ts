import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStatusUpdates } from '../../../src/catchup/index.js';
import { sha256Hex } from '../../../src/shared/index.js';
import { evolutionStatusHandler } from '../../../workers/evolution-status.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/evolution');
const INSTANCE = 'julia-prod';

/** A recorded status event, pointed at one of our provider ids. */
function statusEvent(name: string, id: string) {
  const f = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));
  const items = Array.isArray(f.data) ? f.data : [f.data];
  for (const d of items) {
    if (d.keyId) d.keyId = id;
    if (d.key) d.key.id = id;
  }
  return parseStatusUpdates(f.event, f.data, f.date_time);
}

describe('delivery and read status of outbound messages', () => {
  let db: TestDb;
  let doctorId: string;
  const phone = '5511987650001';
  beforeAll(async () => {
    db = await createTestDb();
    doctorId = (await db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone })).id;
  });
  afterAll(() => db.close());
  const apply = (updates: ReturnType<typeof statusEvent>) => evolutionStatusHandler({ db })({ instance: INSTANCE, updates });
  const row = async (providerId: string) =>
    (await db.pg.query<{ delivery_status: string | null; delivered_at: Date | null; read_at: Date | null; status: string }>(
      `select status, delivery_status, delivered_at, read_at from outbound_messages where provider_message_id = $1`, [providerId])).rows[0];

  async function sent(key: string, providerId: string, text = `texto ${key}`) {
    const r = await db.rpc<{ id: string }>('outbound_reserve', {
      p_idempotency_key: key, p_doctor_id: doctorId, p_conversation_id: null, p_phone: phone, p_instance: INSTANCE,
      p_method: 'REPLY', p_content_hash: sha256Hex(text), p_proactive: false, p_permission_state: 'opted_in',
    });
    await db.rpc('outbound_record_sent', { p_id: r.id, p_provider_message_id: providerId, p_body: text, p_instance: INSTANCE });
    return r.id;
  }

  it('moves a sent message to delivered, then read, and never back', async () => {
    await sent('ds-1', 'PROV-1');
    await apply(statusEvent('messages-update-delivered', 'PROV-1'));
    expect(await row('PROV-1')).toMatchObject({ delivery_status: 'delivered', read_at: null });
    expect((await row('PROV-1'))!.delivered_at).not.toBeNull();
    await apply(statusEvent('messages-update-read', 'PROV-1'));
    const read = await row('PROV-1');
    expect(read).toMatchObject({ delivery_status: 'read', status: 'sent' });
    expect(read!.read_at).not.toBeNull();
    // Late and replayed events: a SERVER_ACK and a DELIVERY_ACK after READ change nothing.
    await apply(statusEvent('messages-update-baileys', 'PROV-1'));
    await apply(statusEvent('messages-update-delivered', 'PROV-1'));
    expect(await row('PROV-1')).toMatchObject({ delivery_status: 'read', read_at: read!.read_at, delivered_at: read!.delivered_at });
  });

  it('keeps an ack that arrives before the send is recorded and applies it when the id is attached', async () => {
    await apply(statusEvent('messages-update-delivered', 'PROV-2'));
    await sent('ds-2', 'PROV-2');
    expect(await row('PROV-2')).toMatchObject({ delivery_status: 'delivered' });
  });

  it('settles an in-doubt send that Evolution reported with send.message, once', async () => {
    const text = 'Oi, Dr. Rafael! Tenho um plantão no sábado no Hospital Santa Clara, 19h às 7h. Te interessa?';
    const past = new Date(Date.now() - 5 * 60_000);
    // Reserved 5 minutes ago; the worker died during the provider call.
    const r = await db.rpc<{ id: string; status: string }>('outbound_reserve', {
      p_idempotency_key: 'ds-doubt', p_doctor_id: doctorId, p_conversation_id: null, p_phone: phone, p_instance: INSTANCE,
      p_method: 'REPLY', p_content_hash: sha256Hex(text), p_proactive: false, p_permission_state: 'opted_in', p_now: past,
    });
    expect(r.status).toBe('reserved');
    // A second reservation of the same text still in flight (recent) must be left to its own worker.
    const fresh = await db.rpc<{ id: string }>('outbound_reserve', {
      p_idempotency_key: 'ds-fresh', p_doctor_id: doctorId, p_conversation_id: null, p_phone: '5511987650002', p_instance: INSTANCE,
      p_method: 'REPLY', p_content_hash: sha256Hex(text), p_proactive: false, p_permission_state: 'opted_in',
    });
    const sighting = statusEvent('send-message', 'PROV-DOUBT').map((u) => ({ ...u, phone, at: new Date(past.getTime() + 2_000).toISOString() }));
    await apply(sighting);
    await apply(statusEvent('send-message', 'PROV-FRESH').map((u) => ({ ...u, phone: '5511987650002' })));
    const first = await db.rpc<{ settled: Array<{ id: string; providerMessageId: string }> }>('outbound_settle_in_doubt');
    expect(first.settled).toEqual([{ id: r.id, providerMessageId: 'PROV-DOUBT' }]);
    expect(await row('PROV-DOUBT')).toMatchObject({ status: 'sent', delivery_status: 'pending' });
    const second = await db.rpc<{ settled: unknown[] }>('outbound_settle_in_doubt');
    expect(second.settled).toEqual([]);
    const events = await db.pg.query<{ n: number }>(
      `select count(*)::int n from business_events where props->>'outbound_message_id' = $1 and event_type in ('doctor_outbound', 'outbound_bypass', 'outbound_blocked')`, [r.id]);
    expect(events.rows[0]!.n).toBe(1);
    const freshRow = await db.pg.query<{ status: string }>(`select status from outbound_messages where id = $1`, [fresh.id]);
    expect(freshRow.rows[0]!.status).toBe('reserved');
  });

  it('reports delivery and response figures from the facts', async () => {
    const since = new Date(Date.now() - 3_600_000);
    const stats = await db.rpc<{ sent: number; delivered: number; read: number; replied: number }>('outbound_delivery_stats', { p_since: since });
    expect(stats).toMatchObject({ sent: 3, delivered: 2, read: 1, replied: 0 });
  });
});
