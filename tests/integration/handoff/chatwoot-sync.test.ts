import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatwootClient } from '../../../src/integrations/chatwoot/index.js';
import { chatwootSyncHandler } from '../../../workers/chatwoot-sync.js';
import { startChatwootFake, type ChatwootFake } from '../../fakes/index.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

describe('chatwoot-sync job', () => {
  let db: TestDb;
  let fake: ChatwootFake;
  beforeAll(async () => {
    db = await createTestDb();
    fake = await startChatwootFake();
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
  });
  const client = () => createChatwootClient({ baseUrl: fake.url, apiToken: fake.apiToken, accountId: String(fake.accountId), inboxId: '1' });
  const job = (attemptsMade: number) => ({ attemptsMade }) as Job;

  it('does not duplicate a message when it died after posting and before recording', async () => {
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', { p_message: inboundFrom('text-conversation', { id: 'CWS-1', text: 'oi' }) });
    // First attempt: Chatwoot accepted the post, then the process "died" before recording it.
    const dying = { ...db, rpc: async (name: string, args?: Record<string, unknown>) => {
      if (name === 'chatwoot_mark_mirrored') throw new Error('process died');
      return db.rpc(name, args);
    } } as unknown as TestDb;
    await expect(chatwootSyncHandler({ db: dying, chatwoot: client() })({ conversationId: r.conversationId }, job(0))).rejects.toThrow('process died');
    expect(fake.messages()).toHaveLength(1);
    // The retry sees our source id in Chatwoot and only records it.
    await chatwootSyncHandler({ db, chatwoot: client() })({ conversationId: r.conversationId }, job(1));
    expect(fake.messages()).toHaveLength(1);
    expect(fake.conversations()).toHaveLength(1);
    // Nothing is pending any more: a further run posts nothing.
    await chatwootSyncHandler({ db, chatwoot: client() })({ conversationId: r.conversationId }, job(0));
    expect(fake.messages()).toHaveLength(1);
  });

  it('opens one Chatwoot conversation even when two syncs race', async () => {
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', { p_message: inboundFrom('text-conversation', { id: 'CWS-2', remoteJid: '5511981110000@s.whatsapp.net' }) });
    const before = fake.conversations().length;
    await Promise.all([0, 1].map(() => chatwootSyncHandler({ db, chatwoot: client() })({ conversationId: r.conversationId }, job(0)).catch(() => undefined)));
    const linked = await db.pg.query<{ chatwoot_conversation_id: number }>(`select chatwoot_conversation_id from conversations where id = $1`, [r.conversationId]);
    // Both may have opened one, but the first link wins and only it is ever used.
    expect(linked.rows[0]!.chatwoot_conversation_id).toBeGreaterThan(0);
    expect(fake.conversations().length - before).toBeGreaterThanOrEqual(1);
    const used = new Set(fake.messages().filter((m) => m.content && m.conversation_id !== 1).map((m) => m.conversation_id));
    expect([...used]).toEqual([linked.rows[0]!.chatwoot_conversation_id]);
  });
});
