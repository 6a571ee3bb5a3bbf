import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvolutionFake, storedText, type EvolutionFake } from '../../fakes/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { catchupRunner, inlineQueue, INSTANCE, nowS } from './catchup-harness.js';

/**
 * One record Evolution stored that we cannot turn into an inbound message must
 * not stop catch-up for the whole instance: it is kept as a dead letter, the
 * others are recovered and the checkpoint moves past it.
 */
describe('catch-up with a malformed stored record', () => {
  let db: TestDb;
  let evolution: EvolutionFake;
  beforeAll(async () => {
    [db, evolution] = await Promise.all([createTestDb(), startEvolutionFake()]);
  });
  afterAll(async () => {
    await Promise.all([db.close(), evolution.close()]);
  });
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows;
  const checkpoint = async () => (await rows<{ checkpoint_at: Date }>(`select checkpoint_at from catchup_checkpoints where instance = $1`, [INSTANCE]))[0]?.checkpoint_at;

  it('keeps a 201-character id and a record the normalizer rejects as dead letters, recovers the rest and advances', async () => {
    const t = nowS() - 300;
    const jid = '5511960000041@s.whatsapp.net';
    const longId = `X${'A'.repeat(200)}`;
    const noKeyId = { ...storedText('ignored', jid, 'sem id', t + 15), key: { remoteJid: jid, fromMe: false } };
    evolution.history.add(
      INSTANCE,
      storedText('DL-1', jid, 'oi, tem plantão?', t),
      storedText(longId, jid, 'mensagem com id enorme', t + 10),
      noKeyId as never,
      storedText('DL-2', jid, 'sábado de dia', t + 20),
      // A channel's post and a status: no one's conversation, neither recovered nor a dead letter.
      storedText('NEWS-1', '120363000000000001@newsletter', 'novidades', t + 25),
      storedText('ST-1', 'status@broadcast', 'meu status', t + 26),
    );
    const q = inlineQueue(db);
    const run = catchupRunner(db, evolution, q.queue);
    const before = await checkpoint();
    const summary = await run();
    expect(summary).toMatchObject({ read: 2, missing: 2, advanced: true });
    expect(q.inboundOrder).toEqual(['DL-1', 'DL-2']);
    expect((await rows(`select 1 from interactions where provider_message_id = any($1)`, [['DL-1', 'DL-2']])).length).toBe(2);
    const after = await checkpoint();
    expect(after).toBeDefined();
    if (before) expect(after!.getTime()).toBeGreaterThan(before.getTime());

    const letters = await rows<{ source: string; reason: string; body: string }>(`select source, reason, body from dead_letters where source = 'evolution-catchup' order by first_seen_at`);
    expect(letters).toHaveLength(2);
    expect(letters.map((l) => l.reason).join(' | ')).toMatch(/200/);
    // Kept redacted, like the webhook's dead letters: no doctor's words, no phone.
    expect(letters.map((l) => l.body).join('')).not.toContain('mensagem com id enorme');
    expect(letters.map((l) => l.body).join('')).not.toContain('5511960000041');

    // The next run starts after the checkpoint: nothing thrown, nothing recorded twice.
    await new Promise((r) => setTimeout(r, 1_100));
    evolution.history.add(INSTANCE, storedText('DL-3', jid, 'e domingo?', nowS()));
    const next = await catchupRunner(db, evolution, q.queue, { lagMs: 0 })();
    expect(next.advanced).toBe(true);
    expect(q.inboundOrder).toEqual(['DL-1', 'DL-2', 'DL-3']);
    expect(await rows(`select 1 from dead_letters where source = 'evolution-catchup'`)).toHaveLength(2);
  });

  it('a run whose every record is malformed still moves its checkpoint', async () => {
    await db.pg.query(`delete from catchup_checkpoints`);
    evolution.history.clear();
    const t = nowS() - 200;
    evolution.history.add(INSTANCE, storedText(`Y${'B'.repeat(250)}`, '5511960000042@s.whatsapp.net', 'só isso', t));
    const q = inlineQueue(db);
    const summary = await catchupRunner(db, evolution, q.queue)();
    expect(summary).toMatchObject({ read: 0, missing: 0, advanced: true });
    expect(q.inboundOrder).toEqual([]);
  });
});
