import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFillPlanner, createFillStore } from '../../../src/fill/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { doctorId, flagsOf, openShift, phoneOf, recordingOutbound, seedFill } from './fill-fixtures.js';

// Monday 2026-03-09, 10:00 in São Paulo; the shift starts Thursday 10:00 (3 days out: 5 doctors every 6 h).
const MONDAY_1000 = new Date('2026-03-09T13:00:00Z');
const THURSDAY_1000 = new Date('2026-03-12T13:00:00Z');
const HOUR = 3_600_000;
const at = (h: number) => new Date(MONDAY_1000.getTime() + h * HOUR);

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

function planner(clock: ReturnType<typeof fixedClock>, flags = flagsOf()) {
  const outbound = recordingOutbound();
  const withdrawn: string[] = [];
  const p = createFillPlanner({
    db, clock, logger: silentLogger, flags, outbound, horizonDays: 20, registrationRequired: true,
    withdraw: async (keys) => {
      withdrawn.push(...keys);
      return keys;
    },
  });
  return { p, outbound, withdrawn };
}

/** What the wrapper would record once it sent these offers. */
async function delivered(keys: string[], when: Date) {
  for (const key of keys) {
    const doctor = key.split(':')[2]!;
    await db.query(
      `insert into outbound_messages (idempotency_key, doctor_id, phone, method, content_hash, status, proactive, sent_at, created_at)
       select $1, d.id, d.phone, 'FILL_OFFER', md5($1), 'sent', true, $2, $2 from doctors d where d.id = $3`,
      [key, when.toISOString(), doctor],
    );
  }
}

const offersOf = (shiftId: string) =>
  db.query<{ doctor_id: string; status: string; wave: number }>(`select doctor_id, status, wave from fill_offers where shift_id = $1 order by wave, score desc`, [shiftId]);

describe('fill plans: waves and stopping', () => {
  let shift: string;
  const clock = fixedClock(MONDAY_1000);
  let p: ReturnType<typeof planner>['p'];
  let outbound: ReturnType<typeof planner>['outbound'];
  let withdrawn: string[];
  beforeAll(() => {
    ({ p, outbound, withdrawn } = planner(clock));
  });

  it('a shift 3 days out gets its first wave: the 5 best-ranked doctors, each through FILL_OFFER with its own key', async () => {
    await seedFill(db, { doctors: 14 });
    // Doctor 7 lives in the hospital's region: he ranks first.
    await db.exec(`update doctors set region = 'zona leste' where phone = '${phoneOf(7)}'`);
    shift = await openShift(db, THURSDAY_1000);
    const res = await p.tick();
    expect(res).toMatchObject({ plans_created: 1, waves: 1, planned: 5, enqueued: 5 });
    expect(outbound.sends).toHaveLength(5);
    const first = outbound.sends[0]!;
    expect(first.ctx).toMatchObject({ method: 'FILL_OFFER', doctorId: await doctorId(db, 7), fillShiftId: shift, actor: 'julia' });
    expect(first.opts.idempotencyKey).toBe(`fill:${shift}:${await doctorId(db, 7)}`);
    expect(first.text).toContain('Hospital fill-hospital');
    expect(first.text).toContain('qui 12/03 às 10:00');
    expect(first.text).toContain('R$ 1.500,00');
    const explained = await createFillStore(db).explain(shift, await doctorId(db, 7));
    expect(explained).toMatchObject({ status: 'planned', wave: 1, parts: { regiao: { value: 10 } } });
    expect(explained!.parts['regiao']!.reason).toContain('mesma região');
    await delivered(outbound.sends.map((s) => s.opts.idempotencyKey), at(0));
  });

  it('the next wave goes out only after the spacing, to other doctors, while nobody accepts', async () => {
    clock.set(at(1));
    expect(await p.tick()).toMatchObject({ waves: 0, planned: 0 });
    clock.set(at(5.9));
    expect(await p.tick()).toMatchObject({ waves: 0 });
    clock.set(at(6));
    const res = await p.tick();
    expect(res).toMatchObject({ waves: 1, planned: 5 });
    const offers = await offersOf(shift);
    expect(offers.filter((o) => o.wave === 1).every((o) => o.status === 'expired')).toBe(true);
    expect(new Set(offers.map((o) => o.doctor_id)).size).toBe(10);
    expect(outbound.sends.slice(5).every((s) => !outbound.sends.slice(0, 5).some((f) => f.ctx.doctorId === s.ctx.doctorId))).toBe(true);
  });

  it('a reservation stops the plan: his offer accepted, the others withdrawn and taken out of the queue, no further wave', async () => {
    const wave2 = outbound.sends.slice(5);
    const taker = wave2[0]!.ctx.doctorId;
    await db.query(`update shifts set status = 'reserved', reserved_by = $2, reserved_at = $3 where id = $1`, [shift, taker, at(6.5).toISOString()]);
    const offers = await offersOf(shift);
    expect(offers.find((o) => o.doctor_id === taker)!.status).toBe('accepted');
    expect(offers.filter((o) => o.wave === 2 && o.doctor_id !== taker).every((o) => o.status === 'withdrawn')).toBe(true);
    clock.set(at(7));
    const res = await p.tick();
    expect(res.withdrawn).toBe(4);
    expect(withdrawn.sort()).toEqual(wave2.filter((s) => s.ctx.doctorId !== taker).map((s) => s.opts.idempotencyKey).sort());
    clock.set(at(13));
    const sends = outbound.sends.length;
    expect(await p.tick()).toMatchObject({ waves: 0, planned: 0 });
    expect(outbound.sends).toHaveLength(sends);
    const [plan] = await db.query<{ status: string; filled_by: string }>(`select status, filled_by from fill_plans where shift_id = $1`, [shift]);
    expect(plan).toMatchObject({ status: 'filled', filled_by: taker });
    const m = await createFillStore(db).metrics(at(-1), at(24));
    expect(m).toMatchObject({ shifts: 1, filled: 1, fill_rate: 1, median_time_to_fill_s: 6.5 * 3600, offers_per_filled_shift: 5 });
  });
});

describe('fill plans: who is never offered a shift', () => {
  it('skips a clash, a refusal, opt-out, cooling-off, the weekly cap, another open offer, human control, registration and R2', async () => {
    await seedFill(db, { doctors: 0, specialty: 'fill-rules', hospital: 'fill-rules-h' });
    await db.exec(`
      with d as (
        insert into doctors (phone, name, specialty_id, city, region, registration_status)
        select '55119' || lpad((80000000 + g)::text, 8, '0'), 'Regra ' || g, (select id from specialties where slug = 'fill-rules'), 'São Paulo', 'zona sul',
          case when g = 8 then 'pendente' else 'aprovado' end
        from generate_series(1, 10) g returning id, name)
      insert into doctor_state (doctor_id) select id from d;`);
    const doc = async (g: number) => (await db.query<{ id: string }>(`select id from doctors where name = $1`, [`Regra ${g}`]))[0]!.id;
    const shift = await openShift(db, THURSDAY_1000, { specialty: 'fill-rules', hospital: 'fill-rules-h' });
    const other = await openShift(db, new Date(THURSDAY_1000.getTime() + 24 * HOUR), { specialty: 'fill-rules', hospital: 'fill-rules-h' });
    const now = at(24);
    // 1: holds a clashing shift.
    await db.query(
      `insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, status, reserved_by, reserved_at)
       select hospital_id, specialty_id, starts_at + interval '2 hours', ends_at + interval '2 hours', period, duration_hours, value_cents, 'reserved', $2, $3
       from shifts where id = $1`, [shift, await doc(1), now.toISOString()]);
    // 2: refused this shift before.
    await db.query(`insert into fill_offers (shift_id, doctor_id, wave, score, status, outbound_key) values ($1, $2, 0, 0, 'refused', fill_offer_key($1, $2))`, [shift, await doc(2)]);
    await db.query(`update doctor_state set permission_state = 'opted_out' where doctor_id = $1`, [await doc(3)]);
    await db.query(`update doctor_state set permission_state = 'cooling_off', cooling_off_until = $2 where doctor_id = $1`, [await doc(4), at(24 * 10).toISOString()]);
    // 5: three proactive sends this week.
    for (const day of [1, 2, 3]) {
      await db.query(
        `insert into outbound_messages (idempotency_key, doctor_id, phone, method, content_hash, status, proactive, sent_at, created_at)
         select 'cap-' || $2 || '-' || d.id, d.id, d.phone, 'CAMPAIGN', md5($2::text), 'sent', true, $3, $3 from doctors d where d.id = $1`,
        [await doc(5), day, new Date(now.getTime() - day * 24 * HOUR).toISOString()]);
    }
    // 6: holds another plan's open offer.
    await db.query(`insert into fill_offers (shift_id, doctor_id, wave, score, status, outbound_key) values ($1, $2, 1, 50, 'sent', fill_offer_key($1, $2))`, [other, await doc(6)]);
    await db.query(`insert into conversations (doctor_id, controlled_by) values ($1, 'human')`, [await doc(7)]);
    await db.query(`update doctor_state set next_allowed_at = $2 where doctor_id = $1`, [await doc(9), at(30).toISOString()]);

    const res = await db.rpc<{ ok: boolean; offers: Array<{ doctor_id: string }> }>('fill_plan_wave', { p_shift_id: shift, p_now: now, p_size: 10, p_spacing_s: 3600, p_ttl_s: 3600 })
      .catch(() => null);
    // The plan does not exist yet: the sync creates it, then the wave may go.
    expect(res).toMatchObject({ ok: false });
    await db.rpc('fill_plan_sync', { p_now: now, p_horizon_days: 20 });
    const wave = await db.rpc<{ ok: boolean; offers: Array<{ doctor_id: string }> }>('fill_plan_wave', { p_shift_id: shift, p_now: now, p_size: 10, p_spacing_s: 3600, p_ttl_s: 3600 });
    expect(wave.ok).toBe(true);
    expect(wave.offers.map((o) => o.doctor_id)).toEqual([await doc(10)]);
    // The other plan's wave cannot take doctor 10 now: his offer for the first shift is open.
    const second = await db.rpc<{ ok: boolean; offers: Array<{ doctor_id: string }> }>('fill_plan_wave', { p_shift_id: other, p_now: now, p_size: 10, p_spacing_s: 3600, p_ttl_s: 3600 });
    expect(second.offers.map((o) => o.doctor_id)).not.toContain(await doc(10));
  });

  it('sends nothing outside business hours, with fill plans off, or for a hospital switched off', async () => {
    await seedFill(db, { doctors: 0, specialty: 'fill-off', hospital: 'fill-off-h' });
    await db.exec(`
      with d as (insert into doctors (phone, name, specialty_id, city, region, registration_status)
        select '55119' || lpad((81000000 + g)::text, 8, '0'), 'Off ' || g, (select id from specialties where slug = 'fill-off'), 'São Paulo', 'zona sul', 'aprovado'
        from generate_series(1, 4) g returning id)
      insert into doctor_state (doctor_id) select id from d;`);
    const shift = await openShift(db, new Date(THURSDAY_1000.getTime() + 7 * 24 * HOUR), { specialty: 'fill-off', hospital: 'fill-off-h' });
    const offers = async () => (await db.query(`select 1 from fill_offers where shift_id = $1`, [shift])).length;
    // Monday 21:00 in São Paulo.
    const night = fixedClock(new Date('2026-03-10T00:00:00Z'));
    expect(await planner(night).p.tick()).toMatchObject({ skipped: 'business_hours', planned: 0 });
    // Saturday 10:00.
    expect(await planner(fixedClock(new Date('2026-03-14T13:00:00Z'))).p.tick()).toMatchObject({ skipped: 'business_hours' });
    const day = fixedClock(new Date('2026-03-10T13:00:00Z'));
    expect(await planner(day, flagsOf({ fill_plans: { enabled: false } })).p.tick()).toMatchObject({ skipped: 'disabled', planned: 0 });
    const hospital = (await db.query<{ id: string }>(`select id from hospitals where slug = 'fill-off-h'`))[0]!.id;
    await createFillStore(db).setHospitalEnabled(hospital, false, 'UMANAGER1', day.now());
    await planner(day).p.tick();
    expect(await offers()).toBe(0);
    const [status] = (await createFillStore(db).status(day.now())).filter((s) => s.shift_id === shift);
    expect(status).toMatchObject({ plan_status: 'off', wave: 0 });
    await createFillStore(db).setHospitalEnabled(hospital, true, 'UMANAGER1', day.now());
    await planner(day).p.tick();
    // More than 7 days out: a wave of 3.
    expect(await offers()).toBe(3);
  });
});

describe('a wave that finds nobody', () => {
  let empty: TestDb;
  beforeAll(async () => {
    empty = await createTestDb();
  });
  afterAll(async () => empty?.close());

  it('leaves the plan due: shifts imported before the doctors are offered on the next run, not a spacing later', async () => {
    await seedFill(empty, { doctors: 0 });
    const shift = await openShift(empty, THURSDAY_1000);
    const clock = fixedClock(MONDAY_1000);
    const outbound = recordingOutbound();
    const p = createFillPlanner({ db: empty, clock, logger: silentLogger, flags: flagsOf(), outbound, horizonDays: 20, registrationRequired: true, withdraw: async (keys) => keys });
    expect(await p.tick()).toMatchObject({ plans_created: 1, waves: 0, planned: 0 });
    const [plan] = await empty.query<{ wave: number; next_wave_at: string }>(`select wave, next_wave_at from fill_plans where shift_id = $1`, [shift]);
    expect(plan!.wave).toBe(0);
    expect(new Date(plan!.next_wave_at).getTime()).toBeLessThanOrEqual(MONDAY_1000.getTime());
    // The doctors arrive; the next per-minute run sends the first wave (a spacing would be six hours here).
    await seedFill(empty, { doctors: 3 });
    clock.set(new Date(MONDAY_1000.getTime() + 60_000));
    expect(await p.tick()).toMatchObject({ waves: 1, planned: 3, enqueued: 3 });
    expect(outbound.sends.map((s) => s.ctx.fillShiftId)).toEqual([shift, shift, shift]);
    const [after] = await empty.query<{ wave: number }>(`select wave from fill_plans where shift_id = $1`, [shift]);
    expect(after!.wave).toBe(1);
  });
});

describe('ranking', () => {
  it('history at the hospital and stated preferences move a doctor up or down, each part explained', async () => {
    await seedFill(db, { doctors: 0, specialty: 'fill-rank', hospital: 'fill-rank-h' });
    await db.exec(`
      with d as (insert into doctors (phone, name, specialty_id, city, region, preferences, registration_status)
        select '55119' || lpad((83000000 + g)::text, 8, '0'), 'Rank ' || g, (select id from specialties where slug = 'fill-rank'), 'Campinas', 'interior',
          case when g = 1 then '{"valor_minimo": 300000}'::jsonb when g = 2 then '{"periodo": "diurno", "hospitais_preferidos": ["fill-rank-h"]}'::jsonb else '{}'::jsonb end,
          'aprovado'
        from generate_series(1, 6) g returning id)
      insert into doctor_state (doctor_id) select id from d;`);
    const doc = async (g: number) => (await db.query<{ id: string }>(`select id from doctors where name = $1`, [`Rank ${g}`]))[0]!.id;
    const shift = await openShift(db, THURSDAY_1000, { specialty: 'fill-rank', hospital: 'fill-rank-h' });
    // Doctor 3 did two shifts of this specialty at this hospital.
    for (const days of [10, 20]) {
      await db.query(
        `insert into shifts (hospital_id, specialty_id, starts_at, ends_at, period, duration_hours, value_cents, status, reserved_by, reserved_at)
         select hospital_id, specialty_id, starts_at - make_interval(days => $2), ends_at - make_interval(days => $2), period, duration_hours, value_cents, 'completed', $3, $4
         from shifts where id = $1`, [shift, days, await doc(3), at(-24 * days).toISOString()]);
    }
    const now = at(48);
    await db.rpc('fill_plan_sync', { p_now: now, p_horizon_days: 20 });
    const wave = await db.rpc<{ offers: Array<{ doctor_id: string; score: number }> }>('fill_plan_wave', { p_shift_id: shift, p_now: now, p_size: 6, p_spacing_s: 3600, p_ttl_s: 3600 });
    const order = wave.offers.map((o) => o.doctor_id);
    expect(order[0]).toBe(await doc(2));
    expect(order[1]).toBe(await doc(3));
    expect(order.at(-1)).toBe(await doc(1));
    const store = createFillStore(db);
    expect((await store.explain(shift, await doc(3)))!.parts['historico']).toEqual({ value: 8, reason: 'já fez 2 plantão(ões) desta especialidade neste hospital' });
    const low = (await store.explain(shift, await doc(1)))!;
    expect(low.parts['preferencias']).toEqual({ value: -25, reason: 'valor abaixo do mínimo que ele pede' });
    expect(low.score).toBe(25);
  });
});

describe("the doctor's answer", () => {
  it('an offer that reached him becomes a ref in his conversation; "não posso" refuses it and he is never offered that shift again', async () => {
    await seedFill(db, { doctors: 0, specialty: 'fill-ans', hospital: 'fill-ans-h' });
    await db.exec(`
      with d as (insert into doctors (phone, name, specialty_id, city, region, registration_status)
        values ('5511982000001', 'Ana', (select id from specialties where slug = 'fill-ans'), 'São Paulo', 'zona sul', 'aprovado') returning id)
      insert into doctor_state (doctor_id) select id from d;`);
    const ana = (await db.query<{ id: string }>(`select id from doctors where phone = '5511982000001'`))[0]!.id;
    const shift = await openShift(db, THURSDAY_1000, { specialty: 'fill-ans', hospital: 'fill-ans-h' });
    const now = at(30);
    await db.rpc('fill_plan_sync', { p_now: now, p_horizon_days: 20 });
    const wave = await db.rpc<{ offers: Array<{ outbound_key: string }> }>('fill_plan_wave', { p_shift_id: shift, p_now: now, p_size: 5, p_spacing_s: 3600, p_ttl_s: 3600 });
    expect(wave.offers).toHaveLength(1);
    const conv = (await db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: ana })).id;
    // Not sent yet: nothing to reserve by ref.
    expect(await db.rpc('fill_offer_context', { p_doctor_id: ana, p_conversation_id: conv, p_refused: false, p_now: now })).toMatchObject({ offers: [] });
    await delivered([wave.offers[0]!.outbound_key], now);
    const ctx = await db.rpc<{ offers: Array<{ shift_id: string; ref: string }> }>('fill_offer_context', { p_doctor_id: ana, p_conversation_id: conv, p_refused: false, p_now: now });
    expect(ctx.offers).toEqual([{ shift_id: shift, ref: 'v1' }]);
    const agent = await db.rpc<{ offered: Array<{ ref: string; status: string }> }>('agent_context', { p_doctor_id: ana, p_conversation_id: conv, p_now: now });
    expect(agent.offered).toMatchObject([{ ref: 'v1', status: 'open' }]);
    expect(await db.rpc('fill_offer_context', { p_doctor_id: ana, p_conversation_id: conv, p_refused: true, p_now: now })).toMatchObject({ refused: 1 });
    expect((await createFillStore(db).explain(shift, ana))!.status).toBe('refused');
    const later = at(40);
    await db.query(`update fill_plans set next_wave_at = $2 where shift_id = $1`, [shift, later.toISOString()]);
    const again = await db.rpc<{ ok: boolean; offers: unknown[] }>('fill_plan_wave', { p_shift_id: shift, p_now: later, p_size: 5, p_spacing_s: 3600, p_ttl_s: 3600 });
    expect(again).toMatchObject({ ok: true, offers: [] });
  });
});
