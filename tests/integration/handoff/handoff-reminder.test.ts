import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/shared/index.js';
import { handoffReminderHandler } from '../../../workers/handoff-reminder.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

describe('handoff-reminder job', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('reminds an unresolved hand-off once after the configured time, with a link, even with two workers at once', async () => {
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', { p_message: inboundFrom('text-conversation', { id: 'HR-1', text: 'oi' }) });
    await db.rpc('conversation_set_control', { p_conversation_id: r.conversationId, p_controlled_by: 'human', p_reason: 'doctor_asked', p_actor: 'julia' });
    await db.pg.query(`update conversations set chatwoot_conversation_id = 42 where id = $1`, [r.conversationId]);
    const handoffAt = (await db.pg.query<{ created_at: Date }>(`select created_at from business_events where event_type = 'handoff'`)).rows[0]!.created_at;
    const clock = fixedClock(new Date(handoffAt.getTime() + 29 * 60_000));
    const posts: Array<{ text: string; blocks?: unknown[] }> = [];
    const notices = { post: async (text: string, blocks?: unknown[]) => void posts.push({ text, ...(blocks ? { blocks } : {}) }) };
    const run = handoffReminderHandler({ db, notices, clock, minutes: 30, chatwootUrl: 'https://cw.example/app/accounts/1' });

    expect(await run()).toEqual({ reminded: 0 });
    clock.set(new Date(handoffAt.getTime() + 31 * 60_000));
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.reminded + b.reminded).toBe(1);
    expect(await run()).toEqual({ reminded: 0 });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.text).toContain('doctor_asked');
    expect(JSON.stringify(posts[0]!.blocks)).toContain('https://cw.example/app/accounts/1/conversations/42');

    // Handed back: nothing left to remind.
    await db.rpc('conversation_set_control', { p_conversation_id: r.conversationId, p_controlled_by: 'julia', p_reason: 'handback', p_actor: 'x' });
    clock.set(new Date(handoffAt.getTime() + 120 * 60_000));
    expect(await run()).toEqual({ reminded: 0 });
  });
});
