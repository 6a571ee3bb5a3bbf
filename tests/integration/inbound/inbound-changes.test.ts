import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolutionEnvelopeSchema, normalizeEvolution, type InboundMessage } from '../../../src/inbound/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { inboundHandler } from '../../../workers/inbound.js';
import { evolutionVersionPayload, inboundFrom } from '../../helpers/evolution-fixture.js';
import { recordingQueue } from '../../helpers/recording-queue.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/** Edits and revokes applied to their target (docs/decisions/0240-message-kinds.md), on both engines. */
describe('inbound changes: edits and revokes', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());
  const setup = () => {
    const queue = recordingQueue();
    return { queue, run: inboundHandler({ db, queue, logger: silentLogger, turnDebounceMs: 1_000 }) };
  };
  const normalized = (body: Record<string, unknown>): InboundMessage & { fromMeAttempt: number } => {
    const r = normalizeEvolution(evolutionEnvelopeSchema.parse(body));
    if (r.status !== 'message') throw new Error(`not a message: ${JSON.stringify(r)}`);
    return { ...r.message, fromMeAttempt: 0 };
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await db.pg.query<{ n: number }>(sql, params)).rows[0]!.n);
  const pendingTexts = async (conversationId: string) =>
    ((await db.rpc<{ pending: Array<{ text: string }> }>('turn_load', { p_conversation_id: conversationId })).pending).map((p) => p.text);

  it('one edit delivered in its three forms, five times at once, is one record; the pending message reads the edited text', async () => {
    const { run } = setup();
    const target = inboundFrom('text-conversation', { id: 'CH-1', text: 'plantão de sábado?', remoteJid: '5511976543001@s.whatsapp.net' });
    const stored = (await run({ ...target, fromMeAttempt: 0 })) as { conversationId: string };
    const at = Date.now();
    const forms = [
      normalized(evolutionVersionPayload('v2.3-messages-edited', { targetId: 'CH-1', editedAtMs: at })),
      normalized(evolutionVersionPayload('v2.2-messages-edited', { targetId: 'CH-1', editedAtMs: at })),
      normalized(evolutionVersionPayload('v2.2-edited-upsert', { targetId: 'CH-1', editedAtMs: at, remoteJid: '5511976543001@s.whatsapp.net' })),
    ];
    const results = (await Promise.all([...forms, ...forms].map((m) => run(m)))) as Array<{ status: string }>;
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(1);
    expect(await count(`select count(*)::int n from inbound_records where target_provider_id = 'CH-1'`)).toBe(1);
    expect(await pendingTexts(stored.conversationId)).toEqual([forms[0]!.text]);
  });

  it('the latest edit wins whatever order the edits arrive in', async () => {
    const { run } = setup();
    const target = inboundFrom('text-conversation', { id: 'CH-2', text: 'a', remoteJid: '5511976543002@s.whatsapp.net' });
    const { conversationId } = (await run({ ...target, fromMeAttempt: 0 })) as { conversationId: string };
    const edit = (text: string, at: number) => {
      const body = evolutionVersionPayload('v2.3-messages-edited', { targetId: 'CH-2', editedAtMs: at });
      body.data.editedMessage = { conversation: text };
      return normalized(body);
    };
    const now = Date.now();
    await run(edit('terceira versão', now + 3_000));
    await Promise.all([run(edit('primeira versão', now + 1_000)), run(edit('segunda versão', now + 2_000))]);
    expect(await pendingTexts(conversationId)).toEqual(['terceira versão']);
  });

  it('an edit that beats its message is looked at again, then applied', async () => {
    const { queue, run } = setup();
    const edit = normalized(evolutionVersionPayload('v2.3-messages-edited', { targetId: 'CH-3', editedAtMs: Date.now() }));
    expect(await run(edit)).toEqual({ status: 'target_pending_recheck' });
    const recheck = queue.jobs.find((j) => j.name === 'inbound')!;
    expect(recheck.payload).toMatchObject({ changeAttempt: 1, targetId: 'CH-3' });
    expect(recheck.opts?.delayMs).toBeGreaterThan(0);
    await run({ ...inboundFrom('text-conversation', { id: 'CH-3', text: 'original', remoteJid: '5511976543003@s.whatsapp.net' }), fromMeAttempt: 0 });
    expect(await run(recheck.payload)).toMatchObject({ status: 'applied' });
  });

  it('a revoke withdraws a pending message: handled, out of the pending set and of the history', async () => {
    const { run } = setup();
    const { conversationId } = (await run({ ...inboundFrom('text-conversation', { id: 'CH-4', text: 'apaguei isso', remoteJid: '5511976543004@s.whatsapp.net' }), fromMeAttempt: 0 })) as { conversationId: string };
    expect(await run(normalized(evolutionVersionPayload('v2.3-messages-edited-revoke', { targetId: 'CH-4' })))).toMatchObject({ status: 'withdrawn' });
    expect(await run(normalized(evolutionVersionPayload('v2.3-messages-delete', { targetId: 'CH-4', remoteJid: '5511976543004@s.whatsapp.net' })))).toMatchObject({ status: 'duplicate' });
    const loaded = await db.rpc<{ pending: unknown[]; history: Array<{ text: string }> }>('turn_load', { p_conversation_id: conversationId });
    expect(loaded.pending).toEqual([]);
    expect(JSON.stringify(loaded.history)).not.toContain('apaguei isso');
    // Never a second interaction, never a take-over, I1 intact.
    expect(await count(`select count(*)::int n from interactions where conversation_id = $1`, [conversationId])).toBe(1);
    expect(await count(`select count(*)::int n from conversations where id = $1 and controlled_by = 'human'`, [conversationId])).toBe(0);
  });

  it('a change whose target never arrives: dropped when the key named no chat, kept as words when it did', async () => {
    const { run } = setup();
    const blind = { ...normalized(evolutionVersionPayload('v2.3-messages-edited', { targetId: 'CH-NEVER-1', editedAtMs: Date.now() })), changeAttempt: 3 };
    expect(await run(blind)).toEqual({ status: 'dropped' });
    const known = { ...normalized(evolutionVersionPayload('v2.2-edited-upsert', { targetId: 'CH-NEVER-2', editedAtMs: Date.now(), remoteJid: '5511976543005@s.whatsapp.net' })), changeAttempt: 3 };
    expect(await run(known)).toMatchObject({ status: 'created' });
    expect(await count(`select count(*)::int n from interactions where kind = 'edit' and provider_message_id like 'CH-NEVER-2-edit-%'`)).toBe(1);
    expect(await count(`select count(*)::int n from doctors where phone = '5511912345678'`)).toBe(0);
  });

  it('a poll vote is recorded, and the catch-up run counts it as stored (never recovered again)', async () => {
    const { queue, run } = setup();
    const vote = normalized(evolutionVersionPayload('v2.3-poll-vote', { id: 'CH-VOTE-1', remoteJid: '5511976543006@s.whatsapp.net' }));
    expect(await run(vote)).toMatchObject({ status: 'created' });
    expect(await run(vote)).toMatchObject({ status: 'duplicate' });
    expect(queue.jobs).toEqual([]);
    const stored = await db.pg.query<{ s: boolean }>(`select catchup_is_stored('julia-prod', 'CH-VOTE-1', false, false) s`);
    expect(stored.rows[0]!.s).toBe(true);
    const revoke = await db.pg.query<{ s: boolean }>(`select catchup_is_stored('julia-prod', 'CH-4-revoke', false, false) s`);
    expect(revoke.rows[0]!.s).toBe(true);
  });
});
