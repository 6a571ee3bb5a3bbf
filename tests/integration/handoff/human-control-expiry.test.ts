import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanControlExpiryHandler } from '../../../workers/human-control-expiry.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

interface Expired { conversationId: string; handoffId: string }

describe('hand-off outcomes and human control with a deadline (SQL)', () => {
  let db: TestDb;
  let n = 0;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const hoursLater = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
  async function handedOff(reason = 'human_request'): Promise<{ conversationId: string; cw: number }> {
    n++;
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: `HCE-${n}`, text: 'quero falar com alguém', remoteJid: `55119877${String(n).padStart(5, '0')}@s.whatsapp.net` }),
    });
    await db.rpc('chatwoot_link', { p_conversation_id: r.conversationId, p_chatwoot_conversation_id: 5000 + n });
    await db.rpc('conversation_set_control', { p_conversation_id: r.conversationId, p_controlled_by: 'human', p_reason: reason, p_actor: 'julia' });
    return { conversationId: r.conversationId, cw: 5000 + n };
  }
  const control = async (id: string) => (await db.pg.query<{ controlled_by: string }>(`select controlled_by from conversations where id = $1`, [id])).rows[0]!.controlled_by;
  const handoffRows = async (id: string) =>
    (await db.pg.query<{ reason: string; category: string; ended_via: string | null; handled_by: string | null; first_human_reply_at: string | null }>(
      `select reason, category, ended_via, handled_by, first_human_reply_at from handoffs where conversation_id = $1 order by started_at`, [id])).rows;
  const count = async (sql: string, id: string) => Number((await db.pg.query<{ n: number }>(sql, [id])).rows[0]!.n);

  it('records each hand-off with its reason category, and how it ended', async () => {
    const { conversationId, cw } = await handedOff('human_request');
    expect(await handoffRows(conversationId)).toEqual([expect.objectContaining({ reason: 'human_request', category: 'pediu_pessoa', ended_via: null })]);
    await db.rpc('handback_from_chatwoot', { p_chatwoot_conversation_id: cw, p_actor: 'chatwoot', p_via: 'resolved' });
    expect((await handoffRows(conversationId))[0]!.ended_via).toBe('handback_resolved');
  });

  it('a supervisor message records who handled it and the first human reply, once', async () => {
    const { conversationId } = await handedOff('legal_threat');
    await db.rpc('handoff_supervisor_message', { p_conversation_id: conversationId, p_actor: 'chatwoot:7', p_now: hoursLater(0.25) });
    await db.rpc('handoff_supervisor_message', { p_conversation_id: conversationId, p_actor: 'chatwoot:9', p_now: hoursLater(0.5) });
    const rows = await handoffRows(conversationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'juridico', handled_by: 'chatwoot:7' });
    const out = await db.rpc<{ replied: number; medianSeconds: number; p90Seconds: number }>('handoff_outcomes', { p_from: null, p_to: null });
    expect(out.replied).toBeGreaterThanOrEqual(1);
    expect(out.p90Seconds).toBeGreaterThanOrEqual(out.medianSeconds);
  });

  it('a message typed on the phone is the take-over and its first human reply', async () => {
    const r = await db.rpc<{ status: string; conversationId: string }>('inbound_from_me', { p_message: inboundFrom('from-me', { id: 'HCE-PHONE-1', remoteJid: '5511987700999@s.whatsapp.net' }) });
    expect(r.status).toBe('human_control');
    const rows = await handoffRows(r.conversationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'phone_takeover', category: 'pessoa_assumiu', handled_by: 'whatsapp_phone' });
    expect(rows[0]!.first_human_reply_at).not.toBeNull();
  });

  it('expires human control with no person message, returning it to Júlia once', async () => {
    const { conversationId } = await handedOff();
    expect(await db.rpc<Expired[]>('human_control_expire', { p_hours: 4, p_now: hoursLater(3) })).toEqual([]);
    expect(await control(conversationId)).toBe('human');
    const expired = await db.rpc<Expired[]>('human_control_expire', { p_hours: 4, p_now: hoursLater(5) });
    expect(expired.map((e) => e.conversationId)).toContain(conversationId);
    expect(await control(conversationId)).toBe('julia');
    expect((await handoffRows(conversationId))[0]!.ended_via).toBe('handback_expired');
    expect(await count(`select count(*) as n from handbacks where conversation_id = $1 and via = 'expired'`, conversationId)).toBe(1);
    expect((await db.rpc<Expired[]>('human_control_expire', { p_hours: 4, p_now: hoursLater(6) })).map((e) => e.conversationId)).not.toContain(conversationId);
  });

  it('a person who wrote within the deadline keeps the conversation', async () => {
    const { conversationId } = await handedOff();
    await db.rpc('handoff_supervisor_message', { p_conversation_id: conversationId, p_actor: 'chatwoot:7', p_now: hoursLater(3) });
    expect((await db.rpc<Expired[]>('human_control_expire', { p_hours: 4, p_now: hoursLater(5) })).map((e) => e.conversationId)).not.toContain(conversationId);
    expect(await control(conversationId)).toBe('human');
  });

  it('a hand-back and an expiry at the same moment hand back once', async () => {
    for (let i = 0; i < 4; i++) {
      const { conversationId, cw } = await handedOff();
      await Promise.all([
        db.rpc('handback_from_chatwoot', { p_chatwoot_conversation_id: cw, p_actor: 'chatwoot', p_via: 'resolved' }),
        db.rpc('human_control_expire', { p_hours: 1, p_now: hoursLater(2) }),
        db.rpc('handback_from_chatwoot', { p_chatwoot_conversation_id: cw, p_actor: 'chatwoot', p_via: 'resolved' }),
      ]);
      expect(await control(conversationId)).toBe('julia');
      expect(await count(`select count(*) as n from handbacks where conversation_id = $1`, conversationId)).toBe(1);
      expect(await count(`select count(*) as n from business_events where conversation_id = $1 and event_type = 'handback'`, conversationId)).toBe(1);
      expect(await count(`select count(*) as n from handoffs where conversation_id = $1 and ended_at is null`, conversationId)).toBe(0);
    }
  });

  it('a person writing while the expiry decides ends with the person in control', async () => {
    for (let i = 0; i < 4; i++) {
      const { conversationId } = await handedOff();
      const now = hoursLater(2);
      await Promise.all([
        db.rpc('human_control_expire', { p_hours: 1, p_now: now }),
        db.rpc('handoff_supervisor_message', { p_conversation_id: conversationId, p_actor: 'chatwoot:7', p_now: now }),
      ]);
      // Either the person came first (no expiry) or right after it (a new hand-off of theirs).
      expect(await control(conversationId)).toBe('human');
      expect(await count(`select count(*) as n from handoffs where conversation_id = $1 and ended_at is null`, conversationId)).toBe(1);
    }
  });

  it('a crash after the expiry and before its notices: the next run posts them, once', async () => {
    const { conversationId } = await handedOff();
    const slack: string[] = [];
    const notes: string[] = [];
    const mirrored: string[] = [];
    let slackDown = true;
    const clock = { now: () => new Date(Date.now() + 2 * 3_600_000) };
    const job = humanControlExpiryHandler({
      db, clock: clock as never, hours: 1,
      notices: {
        slack: async (id, text) => {
          if (slackDown) throw new Error('slack unreachable');
          if (id === conversationId) slack.push(text);
        },
        note: async (n) => void (n.conversationId === conversationId && notes.push(n.key)),
        mirror: async (id) => void (id === conversationId && mirrored.push(id)),
      },
    });
    await expect(job()).rejects.toThrow('slack unreachable');
    expect(await control(conversationId)).toBe('julia');
    slackDown = false;
    await job();
    await job();
    expect(slack).toHaveLength(1);
    expect(slack[0]).toContain('ninguém escreveu ao médico em 1h');
    // The note job is keyed by the hand-off: enqueued twice, posted once (chatwoot-note's job id).
    expect(new Set(notes).size).toBe(1);
    expect(mirrored.length).toBeGreaterThanOrEqual(1);
  });
});
