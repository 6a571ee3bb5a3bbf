import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseDoctor, exportDoctor, parseDoctorSubject } from '../../../src/doctor-rights/index.js';
import type { InboundMessage } from '../../../src/inbound/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { inboundHandler } from '../../../workers/inbound.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { recordingQueue } from '../../helpers/recording-queue.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * The doctor's rights (LGPD), in SQL on a real database (also in the PostgreSQL
 * pass): export holds his messages and memories; erase removes them in one
 * transaction, keeps the opt-out of a doctor who had opted out as a hash, does
 * not block forever one who had not, stays idempotent and safe beside an
 * inbound message for the same doctor.
 */
describe('doctor export and erase', () => {
  let db: TestDb;
  let seq = 0;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  const q = async <R>(sql: string, params: unknown[] = []) => (await db.pg.query<R>(sql, params)).rows;
  const deliver = (who: { phone?: string | null; lid?: string | null }, text = 'oi', id = `DR-${process.pid}-${++seq}`) =>
    inboundHandler({ db, queue: recordingQueue(), logger: silentLogger, turnDebounceMs: 1_000 })({
      ...inboundFrom('text-conversation', { id, text }), phone: who.phone ?? null, lid: who.lid ?? null, fromMeAttempt: 0,
    } as InboundMessage & { fromMeAttempt: number }) as Promise<{ status: string; doctorId: string; conversationId: string }>;
  const vector = `[${Array.from({ length: 1024 }, (_, i) => ((i % 7) / 10).toFixed(1)).join(',')}]`;
  const remember = (doctorId: string, text: string) =>
    db.rpc('doctor_memory_save', { p_doctor_id: doctorId, p_tipo: 'preferencia', p_informacao: text, p_model: 'test', p_embedding: vector });
  const optOut = (doctorId: string) =>
    db.rpc('doctor_state_set_permission', { p_doctor_id: doctorId, p_state: 'opted_out', p_reason: 'pediu para sair', p_actor: 'test' });
  const permissionOf = async (phone: string) =>
    (await q<{ permission_state: string }>(`select s.permission_state from doctors d join doctor_state s on s.doctor_id = d.id where d.phone = $1`, [phone]))[0]?.permission_state;
  const violations = async () => (await db.rpc<{ violations: number; checks: Array<{ id: string; violations: number }> }>('julia_invariants', {}));

  it('export gives his profile, identities, messages, memories and events as one document', async () => {
    const phone = '5511981110001';
    const a = await deliver({ phone, lid: '810000000000001@lid' }, 'Oi, sou o Dr. Paulo, faço clínica médica');
    await deliver({ phone }, 'prefiro plantão noturno no ABC');
    await remember(a.doctorId, 'Prefere plantões noturnos na região do ABC');
    const doc = await exportDoctor(db, parseDoctorSubject('(11) 98111-0001'), 'test');
    expect(doc.found).toBe(true);
    expect(doc.identities).toEqual({ phone, whatsapp_lid: '810000000000001@lid' });
    const bodies = (doc.data?.interactions ?? []).map((i) => i.body);
    expect(bodies).toEqual(expect.arrayContaining(['Oi, sou o Dr. Paulo, faço clínica médica', 'prefiro plantão noturno no ABC']));
    expect((doc.data?.doctor_memories ?? []).map((m) => m.informacao ?? m.content ?? JSON.stringify(m)).join(' ')).toContain('noturnos na região do ABC');
    expect(doc.data?.doctor_memories?.[0]).not.toHaveProperty('embedding');
    expect((doc.data?.business_events ?? []).some((e) => e.event_type === 'doctor_inbound')).toBe(true);
    expect(doc.data?.conversations).toHaveLength(1);
    // Audited, without his number.
    const audit = await q<{ action: string; actor: string; subject_hash: string; counts: Record<string, number> }>(`select * from doctor_rights_audit where action = 'export' order by id desc limit 1`);
    expect(audit[0]).toMatchObject({ action: 'export', actor: 'test' });
    expect(audit[0]!.counts.interactions).toBe(2);
    expect(JSON.stringify(audit[0])).not.toContain('98111');
  });

  it('erase removes his data and conversations; an opted-out doctor stays opted out by hash, even re-created by inbound or the upsert', async () => {
    const phone = '5511981110002';
    const a = await deliver({ phone, lid: '810000000000002@lid' }, 'Me chamo Dra. Helena Prado, CRM 123456');
    await remember(a.doctorId, 'Mora em Santo André');
    await optOut(a.doctorId);
    const erased = await eraseDoctor(db, parseDoctorSubject('+55 11 8111-0002'), 'os:tester');
    expect(erased).toMatchObject({ status: 'erased', opt_out_kept: true, counts: { interactions: 1, memories: 1, conversations: 1 } });

    expect(await q(`select 1 from interactions where doctor_id = $1`, [a.doctorId])).toHaveLength(0);
    expect(await q(`select 1 from doctor_memories where doctor_id = $1`, [a.doctorId])).toHaveLength(0);
    expect(await q(`select 1 from conversations where doctor_id = $1`, [a.doctorId])).toHaveLength(0);
    const [tomb] = await q<Record<string, unknown>>(`select * from doctors where id = $1`, [a.doctorId]);
    expect(tomb).toMatchObject({ name: null, whatsapp_lid: null, crm: null, preferences: {}, profile: {} });
    expect(String(tomb!.phone)).toMatch(/^0\d{14}$/);
    // Nothing in the database still carries his number or his words.
    const everywhere = await q<{ n: number }>(`select count(*)::int n from doctor_rights_audit a where a.counts::text like '%81110002%' or a.subject_hash like '%81110002%'`);
    expect(everywhere[0]!.n).toBe(0);
    expect(await q(`select 1 from business_events where props::text like '%Helena%'`)).toHaveLength(0);
    expect((await violations()).violations).toBe(0);

    // Twice is fine.
    expect(await eraseDoctor(db, parseDoctorSubject(phone), 'os:tester')).toEqual({ status: 'already_erased' });
    expect((await exportDoctor(db, parseDoctorSubject(phone), 'test')).found).toBe(false);

    // Back through a WhatsApp message (old 8-digit form): born opted out, with his event (I6).
    const back = await deliver({ phone: '551181110002' }, 'oi de novo');
    expect(back.doctorId).not.toBe(a.doctorId);
    expect(await permissionOf(phone)).toBe('opted_out');
    // Back by his @lid alone, and through the upsert an import uses.
    await deliver({ lid: '810000000000002@lid' }, 'oi pelo lid');
    expect((await q<{ permission_state: string }>(`select s.permission_state from doctors d join doctor_state s on s.doctor_id = d.id where d.whatsapp_lid = '810000000000002@lid'`))[0]?.permission_state).toBe('opted_out');
    const audit = await q<{ outcome: string; actor: string }>(`select outcome, actor from doctor_rights_audit where action = 'erase' order by id`);
    expect(audit.map((x) => x.outcome)).toEqual(['erased_opt_out_kept', 'already_erased']);
    expect((await violations()).violations).toBe(0);
  });

  it('re-created through doctor_upsert and doctor_identify (the import and Slack paths), the number is born opted out', async () => {
    const phone = '5511981110003';
    const a = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone, p_name: 'Dr. Ícaro Lima' });
    await optOut(a.id);
    await eraseDoctor(db, parseDoctorSubject(phone), 'test');
    const again = await db.rpc<{ id: string; permission_state: string }>('doctor_upsert', { p_phone: phone, p_name: 'Dr. Ícaro Lima' });
    expect(again.permission_state).toBe('opted_out');
    // A row known only by a new @lid, later shown with the erased number (identify re-keys it): opted out too.
    const other = '5511981110006';
    const b = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: other, p_name: 'Dra. Bia' });
    await optOut(b.id);
    await eraseDoctor(db, parseDoctorSubject(other), 'test');
    const lidOnly = await deliver({ lid: '810000000000006@lid' }, 'oi');
    expect((await q<{ permission_state: string }>(`select permission_state from doctor_state where doctor_id = $1`, [lidOnly.doctorId]))[0]?.permission_state).toBe('opted_in');
    const both = await deliver({ phone: other, lid: '810000000000006@lid' }, 'sou eu');
    expect(both.doctorId).toBe(lidOnly.doctorId);
    expect(await permissionOf(other)).toBe('opted_out');
    expect((await violations()).violations).toBe(0);
  });

  it('his own new consent takes his number off the list: opting in again is not undone by a later merge', async () => {
    const phone = '5511981110007';
    const a = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: phone, p_name: 'Dr. Teta' });
    await optOut(a.id);
    await eraseDoctor(db, parseDoctorSubject(phone), 'test');
    const back = await deliver({ phone }, 'oi');
    expect(await permissionOf(phone)).toBe('opted_out');
    await db.rpc('doctor_state_set_permission', { p_doctor_id: back.doctorId, p_state: 'opted_in', p_reason: 'pediu para voltar', p_actor: 'test' });
    // Re-keyed (his @lid learnt with the number): stays opted in.
    await deliver({ phone, lid: '810000000000007@lid' }, 'sou eu mesmo');
    expect(await permissionOf(phone)).toBe('opted_in');
  });

  it('erasing a doctor who had not opted out does not block him: he comes back opted in', async () => {
    const phone = '5511981110004';
    const a = await deliver({ phone }, 'quero plantões');
    const res = await eraseDoctor(db, parseDoctorSubject(phone), 'test');
    expect(res).toMatchObject({ status: 'erased', opt_out_kept: false });
    expect(await eraseDoctor(db, parseDoctorSubject(phone), 'test')).toEqual({ status: 'not_found' });
    const back = await deliver({ phone }, 'oi, voltei');
    expect(back.doctorId).not.toBe(a.doctorId);
    expect(await permissionOf(phone)).toBe('opted_in');
    expect((await violations()).violations).toBe(0);
  });

  it('refuses to erase a doctor holding an upcoming reserved shift, changing nothing', async () => {
    const phone = '5511981110005';
    const a = await deliver({ phone }, 'fechado, pego o plantão');
    await db.exec(`
      insert into specialties (slug, name) values ('dr-clinica', 'Clínica DR') on conflict (slug) do nothing;
      insert into hospitals (slug, name, address, city) values ('dr-hosp', 'Hospital DR', 'Rua A, 1', 'São Paulo') on conflict (slug) do nothing;
      insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, status, reserved_by, reserved_at)
      select (select id from hospitals where slug = 'dr-hosp'), (select id from specialties where slug = 'dr-clinica'),
             now() + interval '2 days', now() + interval '2 days 12 hours', 'diurno', 12, 165000, 'reserved', '${a.doctorId}', now();`);
    await expect(eraseDoctor(db, parseDoctorSubject(phone), 'test')).rejects.toThrow(/reserved shift/);
    expect(await q(`select 1 from interactions where doctor_id = $1`, [a.doctorId])).toHaveLength(1);
  });

  it('is safe beside inbound messages for the same doctor arriving at the same time', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 6; round++) {
      const phone = `55119811120${String(round).padStart(2, '0')}`;
      const first = await deliver({ phone }, 'primeira');
      await optOut(first.doctorId);
      const [inbound, erased] = await Promise.all([deliver({ phone }, `ao mesmo tempo ${round}`), eraseDoctor(db, parseDoctorSubject(phone), 'test')]);
      expect(erased.status).toBe('erased');
      // Either the message was persisted first and erased with the rest, or it came
      // after and made a new doctor, born opted out. Never a message on the tombstone.
      expect(await q(`select 1 from interactions where doctor_id = $1`, [first.doctorId])).toHaveLength(0);
      if (inbound.doctorId !== first.doctorId) {
        expect(await permissionOf(phone)).toBe('opted_out');
        expect(await q(`select 1 from interactions where doctor_id = $1`, [inbound.doctorId])).toHaveLength(1);
      }
    }
    expect((await violations()).violations).toBe(0);
  });
});
