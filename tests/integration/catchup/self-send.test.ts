import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDeadLetters } from '../../../src/inbound/index.js';
import { createEvolutionHistory } from '../../../src/integrations/evolution/index.js';
import { sha256Hex, silentLogger, systemClock } from '../../../src/shared/index.js';
import { evolutionCatchupHandler } from '../../../workers/evolution-catchup.js';
import { startEvolutionFake, storedText, type EvolutionFake } from '../../fakes/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { inlineQueue, INSTANCE } from './catchup-harness.js';

/**
 * Júlia's own sends read back from Evolution (fromMe) must never be taken for a
 * person answering from the phone (human take-over), whatever state their
 * outbound row is in when the catch-up or the webhook echo looks: in doubt for
 * longer than the 2-minute in-flight window, re-attempted, filed under the
 * chat's @lid or the 12-digit jid, or closed as failed although the text went out.
 */
describe('our own sends read back from Evolution', () => {
  let db: TestDb;
  let evolution: EvolutionFake;
  let n = 0;
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
    await db.pg.query(`delete from catchup_checkpoints`);
  });
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows[0]!;
  const count = async (sql: string, params: unknown[] = []) => Number((await one<{ n: number }>(sql, params)).n);
  const takeovers = (doctorId: string) => count(`select count(*)::int n from business_events where event_type = 'human_took_over' and doctor_id = $1`, [doctorId]);
  const controlledBy = async (doctorId: string) => (await one<{ c: string | null }>(`select max(controlled_by) c from conversations where doctor_id = $1`, [doctorId])).c;
  const secs = (d: Date) => Math.floor(d.getTime() / 1000);

  /** A doctor (with a lid when given) who wrote a moment ago, so the conversation exists under Júlia's control. */
  async function doctor(lid?: string) {
    n++;
    const phone = `55119${String(70_000_000 + n * 1_000 + Math.floor(Math.random() * 999)).padStart(8, '0')}`;
    const d = await one<{ id: string }>(`select (doctor_identify($1, $2)).id`, [phone, lid ?? null]);
    await db.pg.query(`select inbound_conversation($1)`, [d.id]);
    return { id: d.id, phone, jid: `${phone}@s.whatsapp.net` };
  }
  async function reserve(doctorId: string, phone: string, text: string, at: Date, key = `self-${n}-${Math.random()}`) {
    const r = await db.rpc<{ id: string; status: string }>('outbound_reserve', {
      p_idempotency_key: key, p_doctor_id: doctorId, p_conversation_id: null, p_phone: phone, p_instance: INSTANCE,
      p_method: 'REPLY', p_content_hash: sha256Hex(text), p_proactive: false, p_permission_state: 'opted_in', p_now: at,
    });
    expect(r.status).toBe('reserved');
    return r.id;
  }
  const ours = (id: string, remoteJid: string, text: string, at: Date) =>
    storedText(id, remoteJid, text, secs(at), { key: { id, remoteJid, fromMe: true }, pushName: 'Júlia' });
  function catchup() {
    const q = inlineQueue(db);
    const run = evolutionCatchupHandler({
      db, history: createEvolutionHistory({ baseUrl: evolution.url, apiKey: evolution.apiKey }), queue: q.queue, clock: systemClock,
      logger: silentLogger, notices: { post: async () => {} }, options: { lagMs: 1_000, storeWaitMs: 300 }, deadLetters: createDeadLetters(db, silentLogger),
    });
    return { q, run: () => run({ instance: INSTANCE, reason: 'schedule' }) };
  }

  it('an in-doubt send (reserved 5 minutes ago) filed under the chat\'s @lid is ours, and is settled', async () => {
    const lid = `1827364${String(Date.now()).slice(-8)}`;
    const d = await doctor(lid);
    const text = 'Oi! O plantão de sábado no Santa Clara ainda está de pé, 19h às 7h. Te interessa?';
    const at = new Date(Date.now() - 5 * 60_000);
    const id = await reserve(d.id, d.phone, text, at);
    // The provider call reached WhatsApp; the HTTP answer (and so the recorded id) was lost.
    evolution.history.add(INSTANCE, ours('LID-OURS-1', `${lid}@lid`, text, new Date(at.getTime() + 1_000)));
    const { q, run } = catchup();
    const summary = await run();
    expect(await takeovers(d.id)).toBe(0);
    expect(await controlledBy(d.id)).toBe('julia');
    expect(q.inboundOrder).toEqual([]);
    expect(summary).toMatchObject({ missing: 0, settled: 1 });
    expect(await one(`select status, provider_message_id from outbound_messages where id = $1`, [id])).toEqual({ status: 'sent', provider_message_id: 'LID-OURS-1' });
  });

  it('a send closed as failed although the text went out is ours, not a person on the phone', async () => {
    const d = await doctor();
    const text = 'Perfeito, Dra.! Já reservei a vaga de domingo pra você.';
    const at = new Date(Date.now() - 4 * 60_000);
    await db.rpc('outbound_record_blocked', {
      p_idempotency_key: `failed-${n}`, p_doctor_id: d.id, p_conversation_id: null, p_phone: d.phone, p_instance: INSTANCE,
      p_method: 'REPLY', p_content_hash: sha256Hex(text), p_proactive: false, p_permission_state: 'opted_in',
      p_rule: 'provider_rejected', p_status: 'failed', p_now: at,
    });
    // Evolution files it under the 12-digit jid (no ninth digit), as WhatsApp does for some mobiles.
    const jid12 = `${d.phone.slice(0, 4)}${d.phone.slice(5)}@s.whatsapp.net`;
    evolution.history.add(INSTANCE, ours('FAILED-OURS-1', jid12, text, new Date(at.getTime() + 2_000)));
    const { run } = catchup();
    await run();
    expect(await takeovers(d.id)).toBe(0);
    expect(await controlledBy(d.id)).toBe('julia');
  });

  it('a sent row whose recorded id differs from the one Evolution stored is ours (12-digit jid)', async () => {
    const d = await doctor();
    const text = 'Combinado! Te mando os detalhes do plantão amanhã cedo.';
    const at = new Date(Date.now() - 3 * 60_000);
    const id = await reserve(d.id, d.phone, text, at);
    await db.rpc('outbound_record_sent', { p_id: id, p_provider_message_id: 'RECORDED-ID-X', p_body: text, p_instance: INSTANCE, p_now: at });
    const jid12 = `${d.phone.slice(0, 4)}${d.phone.slice(5)}@s.whatsapp.net`;
    evolution.history.add(INSTANCE, ours('STORED-ID-Y', jid12, text, new Date(at.getTime() + 1_000)));
    const { run } = catchup();
    await run();
    expect(await takeovers(d.id)).toBe(0);
    expect(await controlledBy(d.id)).toBe('julia');
  });

  it('the webhook echo of a re-attempted send (first reserved 5 minutes ago, id not yet recorded) is ours', async () => {
    const d = await doctor();
    const text = 'Oi, Dr.! Surgiu uma vaga na UTI de quinta, 7h às 19h. Posso te encaixar?';
    const first = new Date(Date.now() - 5 * 60_000);
    const id = await reserve(d.id, d.phone, text, first);
    // The in-doubt reservation was reconciled as not sent and the provider called again just now.
    await db.rpc('outbound_attempt', { p_id: id, p_now: new Date() });
    const q = inlineQueue(db);
    const echo = {
      instance: INSTANCE, providerMessageId: 'ECHO-REATTEMPT-1', chatJid: d.jid, phone: d.phone, lid: null, isGroup: false, fromMe: true,
      kind: 'text' as const, text, media: null, targetId: null, extra: {}, pushName: null, sentAt: new Date().toISOString(), triggersTurn: true,
    };
    await q.queue.enqueue('inbound', { ...echo, fromMeAttempt: 0 }, { jobId: `in-${echo.providerMessageId}` });
    expect(await takeovers(d.id)).toBe(0);
    expect(await controlledBy(d.id)).toBe('julia');
  });

  it('a send re-attempted just now is in flight, however long ago it was first reserved', async () => {
    const d = await doctor();
    const id = await reserve(d.id, d.phone, 'Oi! Consegue confirmar o plantão de hoje?', new Date(Date.now() - 10 * 60_000));
    const msg = {
      instance: INSTANCE, providerMessageId: `OTHER-${n}`, chatJid: d.jid, phone: d.phone, lid: null, isGroup: false, fromMe: true,
      kind: 'text', text: 'outro texto', media: null, targetId: null, extra: {}, pushName: null, sentAt: new Date().toISOString(), triggersTurn: true,
    };
    // First reserved 10 minutes ago, nothing since: no longer in flight.
    const before = await db.rpc<{ status: string }>('inbound_from_me', { p_message: { ...msg, providerMessageId: `${msg.providerMessageId}-a` } });
    expect(before.status).toBe('human_control');
    await db.pg.query(`update conversations set controlled_by = 'julia' where doctor_id = $1`, [d.id]);
    await db.rpc('outbound_attempt', { p_id: id, p_now: new Date() });
    const after = await db.rpc<{ status: string }>('inbound_from_me', { p_message: msg });
    expect(after.status).toBe('in_flight');
  });

  it('a text Júlia never sent, typed on the phone, still hands the conversation to the person', async () => {
    const d = await doctor();
    const at = new Date(Date.now() - 3 * 60_000);
    // Júlia did send something else to this doctor: only the same text is ours.
    const id = await reserve(d.id, d.phone, 'Oi! Tenho um plantão pra você amanhã.', at);
    await db.rpc('outbound_record_sent', { p_id: id, p_provider_message_id: 'JULIA-SENT-1', p_body: 'x', p_instance: INSTANCE, p_now: at });
    evolution.history.add(INSTANCE, ours('PHONE-1', d.jid, 'Oi doutor, aqui é o Carlos da escala, te ligo em 5 min', new Date(at.getTime() + 30_000)));
    const { q, run } = catchup();
    await run();
    expect(q.inboundOrder).toEqual(['PHONE-1']);
    expect(await takeovers(d.id)).toBe(1);
    expect(await controlledBy(d.id)).toBe('human');
  });
});
