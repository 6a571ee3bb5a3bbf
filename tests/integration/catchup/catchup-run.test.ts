import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.js';
import { createDeadLetters, normalizeEvolution } from '../../../src/inbound/index.js';
import { createEvolutionHistory } from '../../../src/integrations/evolution/index.js';
import { sha256Hex, silentLogger, systemClock } from '../../../src/shared/index.js';
import { evolutionCatchupHandler } from '../../../workers/evolution-catchup.js';
import { startEvolutionFake, storedText, type EvolutionFake } from '../../fakes/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { catchupRunner, inlineQueue, INSTANCE, nowS } from './catchup-harness.js';

describe('catch-up run against the Evolution fake', () => {
  let db: TestDb;
  let evolution: EvolutionFake;
  beforeAll(async () => {
    [db, evolution] = await Promise.all([createTestDb(), startEvolutionFake()]);
  });
  afterAll(async () => {
    await Promise.all([db.close(), evolution.close()]);
  });
  beforeEach(async () => {
    evolution.reset();
    evolution.history.clear();
    evolution.history.options.timeFilter = true;
    // Each test is a fresh instance history: forget checkpoints.
    await db.pg.query(`delete from catchup_checkpoints`);
  });
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows[0]!;
  const count = async (sql: string, params: unknown[] = []) => Number((await one<{ n: number }>(sql, params)).n);
  const stored = (ids: string[]) => count(`select count(*)::int n from interactions where direction = 'inbound' and provider_message_id = any($1)`, [ids]);
  const checkpoint = async () => (await db.pg.query<{ checkpoint_at: Date }>(`select checkpoint_at from catchup_checkpoints where instance = $1`, [INSTANCE])).rows[0]?.checkpoint_at;

  it('feeds messages the webhook never delivered through the inbound path, oldest first, and counts them once', async () => {
    const t = nowS() - 300;
    const jid = '5511960000001@s.whatsapp.net';
    // Stored by Evolution out of order; the run must hand them over by send time.
    evolution.history.add(INSTANCE, storedText('CU-3', jid, 'ainda ta aberta?', t + 20), storedText('CU-1', jid, 'oi julia', t), storedText('CU-2', jid, 'vi a vaga de sabado', t + 10));
    const q = inlineQueue(db);
    const notices: string[] = [];
    const summary = await catchupRunner(db, evolution, q.queue, { alertThreshold: 3 }, notices)();
    expect(summary).toMatchObject({ mode: 'time', read: 3, missing: 3, recovered: 3, advanced: true });
    expect(q.inboundOrder).toEqual(['CU-1', 'CU-2', 'CU-3']);
    expect(await stored(['CU-1', 'CU-2', 'CU-3'])).toBe(3);
    expect(new Set(q.turns).size).toBe(1);
    expect(await count(`select count(*)::int n from business_events where event_type = 'inbound_recovered' and props->>'provider_message_id' like 'CU-%'`)).toBe(3);
    const metrics = await db.rpc<{ recoveredTotal: number; instances: Array<{ instance: string; recoveredTotal: number }> }>('catchup_metrics');
    expect(metrics.recoveredTotal).toBeGreaterThanOrEqual(3);
    expect(metrics.instances[0]).toMatchObject({ instance: INSTANCE, recoveredTotal: 3 });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/recuperei 3 mensagens/);

    // A second run over the same window changes nothing.
    const again = await catchupRunner(db, evolution, q.queue, { alertThreshold: 3 }, notices)();
    expect(again).toMatchObject({ missing: 0, recovered: 0 });
    expect(await stored(['CU-1', 'CU-2', 'CU-3'])).toBe(3);
    expect(notices).toHaveLength(1);
  });

  it('has no effect when nothing was missed', async () => {
    const t = nowS() - 200;
    const msgs = [storedText('OK-1', '5511960000002@s.whatsapp.net', 'oi', t), storedText('OK-2', '5511960000002@s.whatsapp.net', 'tudo bem?', t + 5)];
    evolution.history.add(INSTANCE, ...msgs);
    // The webhook delivered both, as it normally does.
    const webhook = inlineQueue(db);
    for (const m of msgs) {
      const r = normalizeEvolution({ event: 'messages.upsert', instance: INSTANCE, data: m });
      if (r.status !== 'message') throw new Error('fixture did not normalize');
      await webhook.queue.enqueue('inbound', { ...r.message, fromMeAttempt: 0 }, { jobId: `in-${INSTANCE}-${m.key.id}` });
    }
    const events = await count(`select count(*)::int n from business_events where event_type = 'inbound_recovered'`);
    const q = inlineQueue(db);
    const summary = await catchupRunner(db, evolution, q.queue)();
    expect(summary).toMatchObject({ read: 2, missing: 0, recovered: 0, advanced: true });
    expect(q.inboundOrder).toEqual([]);
    expect(q.turns).toEqual([]);
    expect(await count(`select count(*)::int n from business_events where event_type = 'inbound_recovered'`)).toBe(events);
    expect(await count(`select count(*)::int n from catchup_recovered where provider_message_id like 'OK-%'`)).toBe(0);
  });

  it('survives a worker killed while enqueueing: nothing skipped, nothing doubled, checkpoint held until stored', async () => {
    const t = nowS() - 240;
    const jid = '5511960000003@s.whatsapp.net';
    const ids = ['KR-1', 'KR-2', 'KR-3', 'KR-4'];
    evolution.history.add(INSTANCE, ...ids.map((id, i) => storedText(id, jid, `mensagem ${i}`, t + i)));
    const crashing = inlineQueue(db, { failOnInbound: 3 });
    await expect(catchupRunner(db, evolution, crashing.queue)()).rejects.toThrow(/killed/);
    const held = await checkpoint();
    expect(await stored(ids)).toBe(2);
    // BullMQ retries the job: a fresh process, a fresh queue client.
    const retry = inlineQueue(db);
    const summary = await catchupRunner(db, evolution, retry.queue)();
    expect(summary).toMatchObject({ missing: 2, recovered: 0, advanced: true });
    expect(retry.inboundOrder).toEqual(['KR-3', 'KR-4']);
    expect(await stored(ids)).toBe(4);
    expect(await count(`select count(*)::int n from interactions where provider_message_id = any($1)`, [ids])).toBe(4);
    expect(await count(`select count(*)::int n from business_events where event_type = 'inbound_recovered' and props->>'provider_message_id' = any($1)`, [ids])).toBe(4);
    expect((await checkpoint())!.getTime()).toBeGreaterThan(held!.getTime());
  });

  it('survives a crash after enqueueing (before the checkpoint moved) and a slow inbound worker', async () => {
    const t = nowS() - 180;
    const jid = '5511960000004@s.whatsapp.net';
    const ids = ['SL-1', 'SL-2'];
    evolution.history.add(INSTANCE, ...ids.map((id, i) => storedText(id, jid, `oi ${i}`, t + i)));
    const slow = inlineQueue(db, { runInbound: 'later' });
    const first = await catchupRunner(db, evolution, slow.queue)();
    // Enqueued but not stored yet: the checkpoint must not pass them.
    expect(first).toMatchObject({ missing: 2, advanced: false, pending: ['SL-1', 'SL-2'] });
    const held = await checkpoint();
    expect(held!.getTime()).toBeLessThan((t - 1) * 1000 + 1);
    // A second run while they are still queued: same job ids, no second copy.
    const second = await catchupRunner(db, evolution, slow.queue)();
    expect(second.advanced).toBe(false);
    expect(slow.inboundOrder).toEqual(['SL-1', 'SL-2']);
    await slow.drain();
    const third = await catchupRunner(db, evolution, slow.queue)();
    expect(third).toMatchObject({ missing: 0, advanced: true });
    expect(await count(`select count(*)::int n from interactions where provider_message_id = any($1)`, [ids])).toBe(2);
    expect((await checkpoint())!.getTime()).toBeGreaterThan(held!.getTime());
  });

  it('bounds the Evolution calls of each run and continues where it stopped, in order', async () => {
    const t = nowS() - 600;
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) {
      const id = `PG-${String(i).padStart(3, '0')}`;
      ids.push(id);
      evolution.history.add(INSTANCE, storedText(id, `55119600${String(10 + (i % 50)).padStart(5, '0')}@s.whatsapp.net`, `msg ${i}`, t + i * 2));
    }
    const q = inlineQueue(db);
    const run = catchupRunner(db, evolution, q.queue, { pageSize: 20, maxPages: 3 });
    let summary = await run();
    const runs = [summary];
    while (summary.continued) {
      const next = q.other.filter((j) => j.name === 'evolution-catchup').at(-1)!;
      expect(next.payload).toMatchObject({ reason: 'continue', from: summary.to });
      summary = await run(next.payload);
      runs.push(summary);
      expect(runs.length).toBeLessThan(30);
    }
    expect(runs.length).toBeGreaterThan(2);
    // Each run: at most maxPages pages plus a few narrowing probes.
    for (const r of runs) expect(r.calls).toBeLessThanOrEqual(3 + 4);
    expect(q.inboundOrder).toEqual(ids);
    expect(await stored(ids)).toBe(250);
    expect(await count(`select count(*)::int n from catchup_recovered where provider_message_id like 'PG-%'`)).toBe(250);
  });

  it('takes our own in-doubt send found in Evolution for ours (no human take-over) and settles it as sent', async () => {
    const phone = '5511960000031';
    const jid = `${phone}@s.whatsapp.net`;
    const text = 'Oi! Tenho um plantão no sábado, 19h às 7h. Te interessa?';
    const doctorId = (await db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone })).id;
    const reservedAt = new Date(Date.now() - 5 * 60_000);
    const r = await db.rpc<{ id: string; status: string }>('outbound_reserve', {
      p_idempotency_key: 'cu-doubt', p_doctor_id: doctorId, p_conversation_id: null, p_phone: phone, p_instance: INSTANCE,
      p_method: 'REPLY', p_content_hash: sha256Hex(text), p_proactive: false, p_permission_state: 'opted_in', p_now: reservedAt,
    });
    expect(r.status).toBe('reserved');
    // The provider call reached WhatsApp, then the worker died: only Evolution's store knows the id.
    evolution.history.add(INSTANCE, storedText('OURS-1', jid, text, Math.floor(reservedAt.getTime() / 1000) + 1, { key: { id: 'OURS-1', remoteJid: jid, fromMe: true } }));
    const q = inlineQueue(db);
    const run = evolutionCatchupHandler({
      db, history: createEvolutionHistory({ baseUrl: evolution.url, apiKey: evolution.apiKey }), queue: q.queue, clock: systemClock,
      logger: silentLogger, notices: { post: async () => {} }, options: { lagMs: 1_000, storeWaitMs: 300 }, deadLetters: createDeadLetters(db, silentLogger),
    });
    const summary = await run({ instance: INSTANCE, reason: 'schedule' });
    expect(summary).toMatchObject({ missing: 0, settled: 1 });
    expect(q.inboundOrder).toEqual([]);
    const row = await one<{ status: string; provider_message_id: string }>(`select status, provider_message_id from outbound_messages where id = $1`, [r.id]);
    expect(row).toEqual({ status: 'sent', provider_message_id: 'OURS-1' });
    expect(await count(`select count(*)::int n from business_events where event_type = 'human_took_over' and doctor_id = $1`, [doctorId])).toBe(0);
  });

  it('rewinds on reconnect for messages WhatsApp handed over late, but never before the first run\'s look-back', async () => {
    const jid = '5511960000041@s.whatsapp.net';
    evolution.history.add(INSTANCE, storedText('RW-PREHISTORY', jid, 'de antes da julia', nowS() - 2 * 3_600), storedText('RW-RECENT', jid, 'oi', nowS() - 300));
    const q = inlineQueue(db);
    const run = catchupRunner(db, evolution, q.queue);
    // Júlia's first deploy: the instance reports `open` with no checkpoint yet.
    expect(await run({ reason: 'reconnect' })).toMatchObject({ missing: 1 });
    expect(q.inboundOrder).toEqual(['RW-RECENT']);
    // Later, the instance was offline for a while: the checkpoint moved past messages it had not received yet.
    await db.pg.query(`update catchup_checkpoints set created_at = now() - interval '3 days' where instance = $1`, [INSTANCE]);
    evolution.history.add(INSTANCE, storedText('RW-OFFLINE', jid, 'mandei quando vc tava offline', nowS() - 3 * 3_600));
    expect(await run()).toMatchObject({ missing: 0 });
    const summary = await run({ reason: 'reconnect' });
    expect(summary.missing).toBe(2);
    expect(q.inboundOrder).toEqual(['RW-RECENT', 'RW-OFFLINE', 'RW-PREHISTORY']);
  });

  it('falls back to recently active chats on an Evolution that ignores the time filter', async () => {
    evolution.history.options.timeFilter = false;
    const t = nowS() - 120;
    // An old message (before the first run's look-back) must not be fed.
    evolution.history.add(INSTANCE, storedText('FB-OLD', '5511960000005@s.whatsapp.net', 'mensagem antiga', t - 7_200));
    evolution.history.add(INSTANCE, storedText('FB-1', '5511960000005@s.whatsapp.net', 'oi', t), storedText('FB-2', '5511960000006@s.whatsapp.net', 'oi julia', t + 3));
    const q = inlineQueue(db);
    const summary = await catchupRunner(db, evolution, q.queue)();
    expect(summary).toMatchObject({ mode: 'chats', missing: 2, advanced: true });
    expect(q.inboundOrder).toEqual(['FB-1', 'FB-2']);
    expect(await stored(['FB-OLD'])).toBe(0);
    expect(evolution.requestsTo('POST', '/chat/findChats/:instance')).toHaveLength(1);
  });

  it('sweeps chats in bounded runs after a cursor, and moves the checkpoint only when the sweep is done', async () => {
    evolution.history.options.timeFilter = false;
    const t = nowS() - 200;
    const ids = [0, 1, 2, 3, 4].map((i) => `SW-${i}`);
    evolution.history.add(INSTANCE, ...ids.map((id, i) => storedText(id, `55119600000${20 + i}@s.whatsapp.net`, `oi ${i}`, t + i)));
    evolution.history.add(INSTANCE, storedText('SW-OLD', '5511960000020@s.whatsapp.net', 'antiga', t - 7_200));
    const q = inlineQueue(db);
    const run = catchupRunner(db, evolution, q.queue, { maxChats: 2 });
    let summary = await run();
    const start = await checkpoint();
    const runs = [summary];
    while (summary.continued) {
      expect(await checkpoint()).toEqual(start);
      const next = q.other.filter((j) => j.name === 'evolution-catchup').at(-1)!;
      expect(next.payload.cursor).toBeDefined();
      // A chat already swept gets a new message meanwhile: it moves behind the cursor.
      if (runs.length === 1) evolution.history.add(INSTANCE, storedText('SW-NEW', '5511960000020@s.whatsapp.net', 'mais uma', t + 30));
      summary = await run(next.payload);
      runs.push(summary);
      expect(runs.length).toBeLessThan(10);
    }
    expect(runs.map((r) => r.mode)).toEqual(['chats', 'chats', 'chats']);
    expect(runs.every((r) => r.calls <= 1 + 2 + 1)).toBe(true);
    expect(await stored([...ids, 'SW-NEW'])).toBe(6);
    expect(await stored(['SW-OLD'])).toBe(0);
    expect((await checkpoint())!.getTime()).toBeGreaterThan(start!.getTime());
  });
});

export type { Db };
