import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/shared/index.js';
import { inboundHandler } from '../../../workers/inbound.js';
import { groupIngestHandler } from '../../../workers/group-ingest.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { recordingQueue } from '../../helpers/recording-queue.js';
import { allowGroup } from '../../helpers/group-access.js';

describe('inbound job', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());
  const handler = (queue = recordingQueue()) => ({ queue, run: inboundHandler({ db, queue, logger: silentLogger, turnDebounceMs: 3_000 }) });
  const count = async (sql: string, params: unknown[] = []) => Number((await db.pg.query<{ n: number }>(sql, params)).rows[0]!.n);

  it('persists the message with exactly one doctor_inbound event and arms a debounced turn', async () => {
    const { queue, run } = handler();
    const msg = inboundFrom('text-conversation', { id: 'IN-1' });
    const r = (await run({ ...msg, fromMeAttempt: 0 })) as { status: string; conversationId: string };
    expect(r.status).toBe('created');
    expect(await count(`select count(*)::int n from interactions where provider_message_id = 'IN-1'`)).toBe(1);
    expect(await count(`select count(*)::int n from business_events e join interactions i on i.id = e.interaction_id where i.provider_message_id = 'IN-1' and e.event_type = 'doctor_inbound'`)).toBe(1);
    expect(queue.jobs).toEqual([{ name: 'turn', payload: { conversationId: r.conversationId }, opts: { debounce: { key: `turn-${r.conversationId}`, ttlMs: 3_000 } } }]);
  });

  it('turns 10 concurrent deliveries of one message into one interaction, one event, one turn', async () => {
    const { queue, run } = handler();
    const msg = { ...inboundFrom('text-conversation', { id: 'IN-DUP' }), fromMeAttempt: 0 };
    const results = (await Promise.all(Array.from({ length: 10 }, () => run(msg)))) as Array<{ status: string }>;
    expect(results.filter((r) => r.status === 'created')).toHaveLength(1);
    expect(await count(`select count(*)::int n from interactions where provider_message_id = 'IN-DUP'`)).toBe(1);
    expect(await count(`select count(*)::int n from business_events e join interactions i on i.id = e.interaction_id where i.provider_message_id = 'IN-DUP'`)).toBe(1);
    // One turn armed by the delivery that stored it; the duplicates only make sure it
    // exists under the same debounce key, without replacing it (one job in BullMQ).
    expect(queue.jobs.filter((j) => j.opts?.debounce?.replace !== false)).toHaveLength(1);
    expect(new Set(queue.jobs.map((j) => j.opts?.debounce?.key))).toEqual(new Set([queue.jobs[0]!.opts!.debounce!.key]));
  });

  it('keeps one doctor for the old and new forms of a number, and learns the lid', async () => {
    const { run } = handler();
    await run({ ...inboundFrom('text-old-number', { id: 'IN-OLD' }), fromMeAttempt: 0 });
    await run({ ...inboundFrom('lid-with-alt', { id: 'IN-LID' }), fromMeAttempt: 0 });
    const rows = (await db.pg.query<{ phone: string; whatsapp_lid: string }>(`select phone, whatsapp_lid from doctors where phone = '5511987654321'`)).rows;
    expect(rows).toEqual([{ phone: '5511987654321', whatsapp_lid: '182736450912345' }]);
    // A later message from that lid alone reaches the same doctor.
    const lidOnly = { ...inboundFrom('lid-without-alt', { id: 'IN-LID2', remoteJid: '182736450912345@lid' }), fromMeAttempt: 0 };
    const r = (await run(lidOnly)) as unknown as { doctorId: string };
    const same = (await db.pg.query<{ id: string }>(`select id from doctors where phone = '5511987654321'`)).rows[0]!;
    expect(r.doctorId).toBe(same.id);
  });

  it('stores a message from an unknown lid under a lid-only doctor, losing nothing', async () => {
    const { run } = handler();
    const r = (await run({ ...inboundFrom('lid-without-alt', { id: 'IN-LID3' }), fromMeAttempt: 0 })) as { status: string; doctorId: string };
    expect(r.status).toBe('created');
    const d = (await db.pg.query<{ phone: string | null; whatsapp_lid: string }>(`select phone, whatsapp_lid from doctors where id = $1`, [r.doctorId])).rows[0];
    expect(d).toEqual({ phone: null, whatsapp_lid: '209384756102938' });
  });

  it('stores reactions without arming a turn', async () => {
    const { queue, run } = handler();
    expect(((await run({ ...inboundFrom('reaction', { id: 'IN-R' }), fromMeAttempt: 0 })) as { status: string }).status).toBe('created');
    expect(queue.jobs).toEqual([]);
  });

  it('sends group messages to group ingestion, never to a turn, and stores them once', async () => {
    const { queue, run } = handler();
    await run({ ...inboundFrom('group', { id: 'G-1' }), fromMeAttempt: 0 });
    expect(queue.jobs.map((j) => j.name)).toEqual(['group-ingest']);
    // A group a manager allowed (posts from others are stored as 'ignored': tests/integration/groups/group-access.test.ts).
    await allowGroup(db, '120363025246125486@g.us');
    const ingest = groupIngestHandler({ db });
    const payload = queue.jobs[0]!.payload;
    expect(await ingest(payload)).toMatchObject({ status: 'created' });
    expect(await ingest(payload)).toMatchObject({ status: 'duplicate' });
    expect(await count(`select count(*)::int n from interactions where provider_message_id = 'G-1'`)).toBe(0);
  });

  it('treats a fromMe message nobody here sent as a person on the phone taking over', async () => {
    const { run } = handler();
    const r = (await run({ ...inboundFrom('from-me', { id: 'ME-1' }), fromMeAttempt: 0 })) as { status: string; conversationId: string };
    expect(r.status).toBe('human_control');
    const c = (await db.pg.query<{ controlled_by: string }>(`select controlled_by from conversations where id = $1`, [r.conversationId])).rows[0];
    expect(c!.controlled_by).toBe('human');
    // Redelivery of the same webhook changes nothing.
    expect(((await run({ ...inboundFrom('from-me', { id: 'ME-1' }), fromMeAttempt: 0 })) as { status: string }).status).toBe('duplicate');
  });

  it('recognises the echo of our own send and ignores it', async () => {
    const d = (await db.pg.query<{ id: string }>(`select id from doctors where phone = '5511987654321'`)).rows[0]!;
    await db.pg.query(
      `insert into outbound_messages (idempotency_key, doctor_id, phone, method, content_hash, status, provider_message_id) values ('k-echo', $1, '5511987654321', 'REPLY', 'h', 'sent', 'ECHO-1')`,
      [d.id],
    );
    const { run } = handler();
    expect(await run({ ...inboundFrom('from-me', { id: 'ECHO-1' }), fromMeAttempt: 0 })).toEqual({ status: 'echo' });
  });

  it('orders pending messages by send time, not arrival', async () => {
    const { run } = handler();
    const late = { ...inboundFrom('text-conversation', { id: 'ORD-2', text: 'segunda msg', timestamp: 1_900_000_020, remoteJid: '5511976543210@s.whatsapp.net' }), fromMeAttempt: 0 };
    const early = { ...inboundFrom('text-conversation', { id: 'ORD-1', text: 'primeira msg', timestamp: 1_900_000_010, remoteJid: '5511976543210@s.whatsapp.net' }), fromMeAttempt: 0 };
    const r = (await run(late)) as { conversationId: string };
    await run(early);
    const loaded = await db.rpc<{ pending: Array<{ text: string }> }>('turn_load', { p_conversation_id: r.conversationId });
    expect(loaded.pending.map((p) => p.text)).toEqual(['primeira msg', 'segunda msg']);
  });
});
