import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * call_record and auto_reply_record run twice, or at once (several connections on the
 * PostgreSQL pass): one call, one event, one stored interaction; one mark per auto-reply.
 */
describe('call_record and auto_reply_record under repetition and concurrency', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());
  const n = async (sql: string, params: unknown[] = []) => Number((await db.pg.query<{ n: number }>(sql, params)).rows[0]!.n);
  const record = (callId: string, phone: string, skip: string | null = null) =>
    db.rpc<{ status: string; interactionId?: string }>('call_record', {
      p_instance: 'julia-prod', p_call_id: callId, p_phone: phone, p_lid: null, p_at: new Date().toISOString(), p_is_video: false, p_skip: skip,
    });

  it('the same call delivered five times at once is recorded once and stored once', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => record('CALL-SQL-1', '5511970002001')));
    const answers = results.filter((r) => r.status === 'answer');
    expect(answers.length).toBeGreaterThanOrEqual(1);
    // Every answer names the one stored call: the send's idempotency key does the rest.
    expect(new Set(answers.map((r) => r.interactionId)).size).toBe(1);
    expect(results.every((r) => r.status === 'answer' || r.status === 'duplicate')).toBe(true);
    expect(await n(`select count(*)::int n from business_events where dedupe_key = 'call:julia-prod:CALL-SQL-1'`)).toBe(1);
    expect(await n(`select count(*)::int n from interactions where provider_message_id = 'call-CALL-SQL-1'`)).toBe(1);
    // Stored handled: no turn ever answers the call itself; I1 holds.
    expect(await n(`select count(*)::int n from inbound_handled h join interactions i on i.id = h.interaction_id where i.provider_message_id = 'call-CALL-SQL-1'`)).toBe(1);
    expect(await n(`select count(*)::int n from business_events e join interactions i on i.id = e.interaction_id where i.provider_message_id = 'call-CALL-SQL-1' and e.event_type = 'doctor_inbound'`)).toBe(1);
  });

  it('a redelivery after a crash before the send was enqueued answers again with the same stored call', async () => {
    const first = await record('CALL-SQL-2', '5511970002002');
    const again = await record('CALL-SQL-2', '5511970002002');
    expect(again).toMatchObject({ status: 'answer', interactionId: first.interactionId });
  });

  it('a call Evolution answered is only an event; a skipped call redelivered stays skipped', async () => {
    expect((await record('CALL-SQL-3', '5511970002003', 'answered_by_provider')).status).toBe('answered_by_provider');
    expect((await record('CALL-SQL-3', '5511970002003', 'answered_by_provider')).status).toBe('duplicate');
    expect(await n(`select count(*)::int n from interactions where provider_message_id = 'call-CALL-SQL-3'`)).toBe(0);
  });

  it('a call during a written exchange is not answered by a text of its own', async () => {
    const r = await db.rpc<{ status: string; conversationId: string }>('inbound_persist', {
      p_message: {
        instance: 'julia-prod', providerMessageId: 'SQL-TXT-4', chatJid: '5511970002004@s.whatsapp.net', phone: '5511970002004', lid: null,
        isGroup: false, fromMe: false, pushName: null, kind: 'text', text: 'oi, tem vaga?', media: null, targetId: null, extra: {},
        sentAt: new Date().toISOString(), triggersTurn: true,
      },
    });
    expect(r.status).toBe('created');
    expect((await record('CALL-SQL-4', '5511970002004')).status).toBe('conversation_active');
  });

  it('an auto-reply marked twice, or at once, is one mark and one event', async () => {
    const r = await db.rpc<{ conversationId: string; interactionId: string }>('inbound_persist', {
      p_message: {
        instance: 'julia-prod', providerMessageId: 'SQL-AR-5', chatJid: '5511970002005@s.whatsapp.net', phone: '5511970002005', lid: null,
        isGroup: false, fromMe: false, pushName: null, kind: 'text', text: 'Esta é uma mensagem automática.', media: null, targetId: null, extra: {},
        sentAt: new Date().toISOString(), triggersTurn: true,
      },
    });
    const mark = () => db.rpc('auto_reply_record', { p_conversation_id: r.conversationId, p_interaction_ids: [r.interactionId], p_reason: 'declared' });
    await Promise.all([mark(), mark(), mark()]);
    await mark();
    expect(await n(`select count(*)::int n from inbound_auto_replies where interaction_id = $1`, [r.interactionId])).toBe(1);
    expect(await n(`select count(*)::int n from business_events where event_type = 'auto_reply_received' and interaction_id = $1`, [r.interactionId])).toBe(1);
    // His only message was automatic: the conversation has no real inbound.
    expect(await n(`select count(*)::int n from conversations where id = $1 and last_inbound_at is null`, [r.conversationId])).toBe(1);
  });
});
