import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, onPostgres, type TestDb } from '../../helpers/test-db.js';

/**
 * cancelar_vaga's SQL (admin_shift_cancel) against a doctor reserving the
 * same shift at the same moment, and against itself (a click and a redrive):
 * whoever lands second sees the first, so a doctor whose reservation
 * succeeded is always the one the cancel returns to be told, exactly once.
 */
let db: TestDb;
let hospitalId: string, specialtyId: string;
const doctors: string[] = [];

beforeAll(async () => {
  db = await createTestDb({ seed: true });
  hospitalId = (await db.pg.query<{ id: string }>(`select id from hospitals order by slug limit 1`)).rows[0]!.id;
  specialtyId = (await db.pg.query<{ id: string }>(`select id from specialties order by slug limit 1`)).rows[0]!.id;
  for (let i = 0; i < 3; i++) doctors.push((await db.rpc<{ id: string }>('doctor_upsert', { p_phone: `5511977${String(i).padStart(6, '0')}`, p_name: `Dr. Corrida ${i}` })).id);
});
afterAll(() => db.close());

type Cancel = { ok: boolean; already?: boolean; doctorId?: string | null };

describe('admin_shift_cancel', () => {
  it(`${onPostgres ? 'PostgreSQL, pool of 8' : 'embedded PGlite'}: racing reservations and a second cancel, the doctor who got the shift is returned once, the shift ends cancelled and free`, { timeout: 120_000 }, async () => {
    const start = new Date(Date.now() + 5 * 86_400_000);
    let reservedFirst = 0, cancelledFirst = 0;
    for (let round = 0; round < 40; round++) {
      const made = await db.rpc<{ shiftId: string }>('admin_shift_create', {
        p_hospital_id: hospitalId, p_specialty_id: specialtyId, p_starts_at: new Date(start.getTime() + round * 86_400_000),
        p_ends_at: new Date(start.getTime() + round * 86_400_000 + 12 * 3_600_000), p_value_cents: 150_000, p_notes: null,
        p_action_key: `race-${round}`, p_actor: 'slack:UTEST', p_now: new Date(),
      });
      const id = made.shiftId;
      const [c1, r1, c2, r2] = await Promise.all([
        db.rpc<Cancel>('admin_shift_cancel', { p_shift_id: id, p_actor: 'slack:UTEST', p_now: new Date() }),
        db.rpc<{ ok: boolean }>('admin_reserve_shift', { p_shift_id: id, p_doctor_id: doctors[0], p_actor: 'test', p_now: new Date() }),
        db.rpc<Cancel>('admin_shift_cancel', { p_shift_id: id, p_actor: 'slack:UTEST', p_now: new Date() }),
        db.rpc<{ ok: boolean }>('admin_reserve_shift', { p_shift_id: id, p_doctor_id: doctors[1], p_actor: 'test', p_now: new Date() }),
      ]);
      expect(c1.ok && c2.ok).toBe(true);
      // One cancel did it; the other saw it done and names the same doctor (or none).
      expect([c1.already === true, c2.already === true].filter(Boolean)).toHaveLength(1);
      expect(c1.doctorId ?? null).toBe(c2.doctorId ?? null);
      const winners = [r1.ok ? doctors[0] : null, r2.ok ? doctors[1] : null].filter(Boolean);
      expect(winners.length).toBeLessThanOrEqual(1);
      // A reservation that succeeded happened before the cancel: its doctor is the one to tell.
      expect(c1.doctorId ?? null).toBe(winners[0] ?? null);
      if (winners.length) reservedFirst++; else cancelledFirst++;
      const row = (await db.pg.query<{ status: string; reserved_by: string | null }>(`select status, reserved_by from shifts where id = $1`, [id])).rows[0]!;
      expect(row).toEqual({ status: 'cancelled', reserved_by: null });
      const events = (await db.pg.query<{ doctor_id: string | null }>(`select doctor_id from business_events where event_type = 'shift_cancelled' and shift_id = $1`, [id])).rows;
      expect(events).toEqual([{ doctor_id: winners[0] ?? null }]);
      // A reservation after the cancel fails.
      expect((await db.rpc<{ ok: boolean }>('admin_reserve_shift', { p_shift_id: id, p_doctor_id: doctors[2], p_actor: 'test', p_now: new Date() })).ok).toBe(false);
    }
    expect(reservedFirst + cancelledFirst).toBe(40);
  });

  it('a completed or not-worked shift is not cancelled; an unknown one is reported', async () => {
    const made = await db.rpc<{ shiftId: string }>('admin_shift_create', {
      p_hospital_id: hospitalId, p_specialty_id: specialtyId, p_starts_at: new Date(Date.now() + 86_400_000),
      p_ends_at: new Date(Date.now() + 86_400_000 + 6 * 3_600_000), p_value_cents: 90_000, p_notes: null,
      p_action_key: 'done-one', p_actor: 'slack:UTEST', p_now: new Date(),
    });
    await db.pg.query(`update shifts set status = 'completed', reserved_by = $2 where id = $1`, [made.shiftId, doctors[0]]);
    expect(await db.rpc('admin_shift_cancel', { p_shift_id: made.shiftId, p_actor: 'slack:UTEST', p_now: new Date() })).toMatchObject({ ok: false, reason: 'completed' });
    await db.pg.query(`update shifts set status = 'not_completed' where id = $1`, [made.shiftId]);
    expect(await db.rpc('admin_shift_cancel', { p_shift_id: made.shiftId, p_actor: 'slack:UTEST', p_now: new Date() })).toMatchObject({ ok: false, reason: 'not_completed' });
    expect((await db.pg.query<{ status: string }>(`select status from shifts where id = $1`, [made.shiftId])).rows[0]!.status).toBe('not_completed');
    expect(await db.rpc('admin_shift_cancel', { p_shift_id: '00000000-0000-0000-0000-000000000000', p_actor: 'slack:UTEST', p_now: new Date() })).toMatchObject({ ok: false, reason: 'not_found' });
  });
});
