import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { inbound } from './pipeline-harness.js';

/** The model-outage bookkeeping in SQL: twice, at once, and what counts as a person acting. */
describe('model_outage_* functions', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb({ seed: true });
  });
  afterAll(() => db.close());
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows[0]!;
  const control = async (conv: string) => (await one<{ controlled_by: string }>(`select controlled_by from conversations where id = $1`, [conv])).controlled_by;
  const pending = async (conv: string) =>
    (await one<{ n: number }>(`select count(*)::int n from interactions i where i.conversation_id = $1 and i.direction = 'inbound'
      and not exists (select 1 from inbound_handled h where h.interaction_id = i.id)`, [conv])).n;
  const handedOff = async (phone: string) => {
    const conv = await inbound(db, phone, ['oi?']);
    await db.rpc('model_outage_note', { p_conversation_id: conv, p_now: new Date(), p_error: '529' });
    expect(await db.rpc('model_outage_handoff', { p_conversation_id: conv, p_now: new Date() })).toEqual({ handedOff: true, changed: true });
    return conv;
  };

  it('counts attempts from the first failure, also when two turns note at once', async () => {
    const conv = await inbound(db, '5511911118001', ['oi']);
    const t0 = new Date('2026-11-23T14:00:00Z');
    await Promise.all([1, 2, 3].map(() => db.rpc('model_outage_note', { p_conversation_id: conv, p_now: t0 })));
    const o = await db.rpc<{ since: string; attempts: number }>('model_outage_note', { p_conversation_id: conv, p_now: new Date('2026-11-23T14:01:00Z') });
    expect(o.attempts).toBe(4);
    expect(new Date(o.since).toISOString()).toBe(t0.toISOString());
  });

  it('a model-outage hand-off is not a person acting; repeated, it changes nothing; cleared, it returns to Júlia once', async () => {
    const conv = await handedOff('5511911118002');
    expect(await control(conv)).toBe('human');
    expect(await pending(conv)).toBe(1);
    expect(await db.rpc('model_outage_handoff', { p_conversation_id: conv, p_now: new Date() })).toEqual({ handedOff: true, changed: false });
    expect(await db.rpc('model_outage_waiting', {})).toEqual(expect.arrayContaining([expect.objectContaining({ conversationId: conv })]));
    expect(await db.rpc('model_outage_clear', { p_conversation_id: conv })).toEqual({ released: true, existed: true });
    expect(await db.rpc('model_outage_clear', { p_conversation_id: conv })).toEqual({ released: false, existed: false });
    expect(await control(conv)).toBe('julia');
    const ev = await one<{ props: { reason: string } }>(`select props from business_events where conversation_id = $1 and event_type = 'handback'`, [conv]);
    expect(ev.props.reason).toBe('model_recovered');
  });

  it('a supervisor taking over keeps the conversation and owns its pending messages', async () => {
    const conv = await handedOff('5511911118003');
    await db.rpc('conversation_set_control', { p_conversation_id: conv, p_controlled_by: 'human', p_reason: 'supervisor_reply', p_actor: 'chatwoot:9' });
    expect(await db.rpc('model_outage_get', { p_conversation_id: conv })).toBeNull();
    expect(await pending(conv)).toBe(0);
    expect(await db.rpc('model_outage_clear', { p_conversation_id: conv })).toEqual({ released: false, existed: false });
    expect(await control(conv)).toBe('human');
  });

  it('a reply from the WhatsApp phone counts as a person acting', async () => {
    const phone = '5511911118004';
    const conv = await handedOff(phone);
    const fromMe = inboundFrom('from-me', { id: 'OUT-PHONE-1', remoteJid: `${phone}@s.whatsapp.net` });
    expect((await db.rpc<{ status: string }>('inbound_from_me', { p_message: fromMe })).status).toBe('human_control');
    expect(await db.rpc('model_outage_get', { p_conversation_id: conv })).toBeNull();
    expect(await db.rpc<unknown[]>('model_outage_waiting', {})).not.toEqual(expect.arrayContaining([expect.objectContaining({ conversationId: conv })]));
  });

  it('does not take over a conversation a person already has', async () => {
    const conv = await inbound(db, '5511911118005', ['oi']);
    await db.rpc('model_outage_note', { p_conversation_id: conv, p_now: new Date() });
    await db.rpc('conversation_set_control', { p_conversation_id: conv, p_controlled_by: 'human', p_reason: 'supervisor_reply', p_actor: 'chatwoot:9' });
    await db.rpc('model_outage_note', { p_conversation_id: conv, p_now: new Date() });
    expect(await db.rpc('model_outage_handoff', { p_conversation_id: conv, p_now: new Date() })).toEqual({ handedOff: false, changed: false });
    expect(await db.rpc('model_outage_get', { p_conversation_id: conv })).toBeNull();
  });
});
