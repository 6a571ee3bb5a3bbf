import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../../src/inbound/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { inboundHandler } from '../../../workers/inbound.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { recordingQueue } from '../../helpers/recording-queue.js';

/**
 * Issue 9, finding 1: one doctor per person whatever identifiers arrive, in
 * any order and at once; rows that turn out to be one person merge.
 */
describe('doctor identity', () => {
  let db: TestDb;
  let seq = 0;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const run = (m: InboundMessage & { fromMeAttempt: number }) => inboundHandler({ db, queue: recordingQueue(), logger: silentLogger, turnDebounceMs: 1_000 })(m);
  type Result = { status: string; doctorId: string; conversationId: string };
  const deliver = (who: { phone?: string | null; lid?: string | null }, text = 'oi', id = `ID-${++seq}`) =>
    run({ ...inboundFrom('text-conversation', { id, text }), phone: who.phone ?? null, lid: who.lid ?? null, fromMeAttempt: 0 }) as Promise<Result>;
  const q = async <R>(sql: string, params: unknown[] = []) => (await db.pg.query<R>(sql, params)).rows;
  const doctorsOf = (phone: string, lid: string) =>
    q<{ id: string; phone: string | null; whatsapp_lid: string | null }>(
      `select id, phone, whatsapp_lid from doctors where phone in ($1, $3) or whatsapp_lid = $2 order by created_at`,
      [phone, lid, phone.slice(0, 4) + phone.slice(5)],
    );

  it('merges a phone row and a bare-lid row when a message carries both, and the message persists (also when redelivered)', async () => {
    const a = await deliver({ phone: '5511981000001' }, 'oi, sou a Dra. Ana');
    const b = await deliver({ lid: '900000000000001' }, 'tem plantão?');
    expect(a.doctorId).not.toBe(b.doctorId);
    const both: InboundMessage = { ...inboundFrom('text-conversation', { id: 'BOTH-1', text: 'sábado serve' }), phone: '5511981000001', lid: '900000000000001' };
    const c = (await run({ ...both, fromMeAttempt: 0 })) as Result;
    expect(c.status).toBe('created');
    // The retry that used to fail with doctors_whatsapp_lid_key now sees the stored message.
    expect(((await run({ ...both, fromMeAttempt: 0 })) as Result).status).toBe('duplicate');
    expect(await doctorsOf('5511981000001', '900000000000001')).toEqual([{ id: a.doctorId, phone: '5511981000001', whatsapp_lid: '900000000000001' }]);
    const msgs = await q<{ doctor_id: string; conversation_id: string; body: string }>(
      `select doctor_id, conversation_id, body from interactions where provider_message_id in ('ID-1', 'ID-2', 'BOTH-1') order by occurred_at, created_at`,
    );
    expect(msgs.map((m) => m.body).sort()).toEqual(['oi, sou a Dra. Ana', 'sábado serve', 'tem plantão?']);
    expect(new Set(msgs.map((m) => m.doctor_id))).toEqual(new Set([a.doctorId]));
    expect(new Set(msgs.map((m) => m.conversation_id))).toEqual(new Set([c.conversationId]));
    // All three still wait for one turn, in the one active conversation.
    const loaded = await db.rpc<{ pending: Array<{ text: string }> }>('turn_load', { p_conversation_id: c.conversationId });
    expect(loaded.pending).toHaveLength(3);
    expect(await q(`select count(*)::int n from conversations where doctor_id = $1 and status = 'active'`, [a.doctorId])).toEqual([{ n: 1 }]);
    expect(await q(`select count(*)::int n from doctors where id = $1`, [b.doctorId])).toEqual([{ n: 0 }]);
  });

  it('lets an opt-out on either row cover the merged person', async () => {
    for (const [i, optedOutRow] of (['phone', 'lid'] as const).entries()) {
      const phone = `551198200000${i}`;
      const lid = `90000000000020${i}`;
      const p = await deliver({ phone });
      const l = await deliver({ lid });
      await db.rpc('doctor_state_set_permission', { p_doctor_id: optedOutRow === 'phone' ? p.doctorId : l.doctorId, p_state: 'opted_out', p_reason: 'pediu para parar' });
      const merged = await deliver({ phone, lid });
      const state = await q<{ permission_state: string; opted_out_reason: string }>(
        `select permission_state, opted_out_reason from doctor_state where doctor_id = $1`,
        [merged.doctorId],
      );
      expect(state).toEqual([{ permission_state: 'opted_out', opted_out_reason: 'pediu para parar' }]);
      expect(await doctorsOf(phone, lid)).toHaveLength(1);
    }
  });

  it('treats a number with and without the ninth digit as one person, and stores it with the digit', async () => {
    const [legacy] = await q<{ id: string }>(`insert into doctors (phone, name) values ('551187000003', 'Dr. Legado') returning id`);
    const r = await deliver({ phone: '5511987000003', lid: '900000000000003' });
    expect(r.doctorId).toBe(legacy!.id);
    expect(await doctorsOf('5511987000003', '900000000000003')).toEqual([{ id: legacy!.id, phone: '5511987000003', whatsapp_lid: '900000000000003' }]);
    // A lid-only message and a 12-digit form sent by some other path reach the same doctor.
    expect((await deliver({ lid: '900000000000003' })).doctorId).toBe(legacy!.id);
    expect((await db.rpc<{ id: string }>('doctor_upsert', { p_phone: '551187000003' })).id).toBe(legacy!.id);
  });

  it('moves memories, reminders, events and reservations of the merged row to the survivor', async () => {
    const p = await deliver({ phone: '5511984000004' });
    const l = await deliver({ lid: '900000000000004' });
    await q(
      `insert into doctor_memories (doctor_id, tipo, informacao, model, embedding) values ($1, 'preferencia', 'prefere noturno', 'm', $2)`,
      // A vector literal as an untyped parameter: vector column with pgvector, text column without (0015).
      [l.doctorId, `[${Array(1024).fill(0.1).join(',')}]`],
    );
    await q(`insert into reminders (doctor_id, conversation_id, remind_at, context, message) values ($1, $2, now() + interval '2 minutes', 'c', 'lembrete')`, [l.doctorId, l.conversationId]);
    const merged = await deliver({ phone: '5511984000004', lid: '900000000000004' });
    expect(merged.doctorId).toBe(p.doctorId);
    for (const table of ['doctor_memories', 'reminders', 'interactions', 'business_events', 'conversations']) {
      expect(await q(`select count(*)::int n from ${table} where doctor_id = $1`, [l.doctorId])).toEqual([{ n: 0 }]);
    }
    expect(await q(`select count(*)::int n from doctor_memories where doctor_id = $1`, [p.doctorId])).toEqual([{ n: 1 }]);
    expect(await q(`select conversation_id from reminders where doctor_id = $1`, [p.doctorId])).toEqual([{ conversation_id: merged.conversationId }]);
    expect(await q(`select count(*)::int n from business_events where doctor_id = $1 and event_type = 'doctors_merged'`, [p.doctorId])).toEqual([{ n: 1 }]);
    // The folded conversation is kept closed and empty, so a turn queued for it finds nothing.
    const folded = await db.rpc<{ pending: unknown[]; conversation: { status: string } }>('turn_load', { p_conversation_id: l.conversationId });
    expect(folded).toMatchObject({ pending: [], conversation: { status: 'closed' } });
  });

  it('keeps interactions immutable outside a merge', async () => {
    const err = await q(`update interactions set doctor_id = doctor_id where provider_message_id = 'ID-1'`).catch((e: Error) => e);
    expect(String(err)).toMatch(/append-only/);
  });

  it('converges concurrent deliveries with overlapping identifiers, in every order, on one doctor', async () => {
    const shapes = [{ phone: 'P' }, { lid: 'L' }, { phone: 'P', lid: 'L' }, { phone: 'P12' }] as const;
    const orders = [[0, 1, 2, 3], [2, 1, 0, 3], [1, 0, 3, 2], [3, 2, 1, 0], [1, 3, 0, 2]];
    for (const [n, order] of orders.entries()) {
      const phone = `55119850000${String(n).padStart(2, '0')}`;
      const lid = `9000000000051${String(n).padStart(2, '0')}`;
      const forms = { P: phone, P12: phone.slice(0, 4) + phone.slice(5), L: lid } as Record<string, string>;
      const results = await Promise.all(
        order.map((i) => {
          const s = shapes[i]!;
          return deliver({ phone: 'phone' in s ? forms[s.phone] : null, lid: 'lid' in s ? forms[s.lid] : null }, `msg ${i}`, `CC-${n}-${i}`);
        }),
      );
      expect(results.every((r) => r.status === 'created')).toBe(true);
      const doctors = await doctorsOf(phone, lid);
      expect(doctors).toEqual([{ id: doctors[0]!.id, phone, whatsapp_lid: lid }]);
      const stored = await q<{ n: number; docs: number; convs: number }>(
        `select count(*)::int n, count(distinct doctor_id)::int docs, count(distinct conversation_id)::int convs from interactions where provider_message_id like $1`,
        [`CC-${n}-%`],
      );
      expect(stored).toEqual([{ n: 4, docs: 1, convs: 1 }]);
    }
  });
});
