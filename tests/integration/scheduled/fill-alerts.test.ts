import { describe, expect, it } from 'vitest';
import { fillAlertsHandler } from '../../../workers/fill-alerts.js';
import { doctorWithConversation, rows, scheduledHarnessForFile, shift } from './harness.js';

const NOW = '2026-03-04T15:00:00Z'; // Wednesday 12:00 São Paulo
const h = scheduledHarnessForFile(NOW);


const handler = () => fillAlertsHandler({ db: h.db, notices: h.notices, clock: h.clock, logger: h.logger, beforeHours: 24 });
const hoursFromNow = (hours: number) => new Date(new Date(NOW).getTime() + hours * 3_600_000).toISOString();

/** A shift with an active fill plan, as the wave job leaves it, and the offers already made. */
async function planned(startsInHours: number, offers: Array<{ doctorId: string; status: string }> = []) {
  const id = await shift(h, hoursFromNow(startsInHours), hoursFromNow(startsInHours + 12));
  await h.db.pg.query(`insert into fill_plans (shift_id, status, wave, started_at) values ($1, 'active', $2, $3)`, [id, offers.length ? 1 : 0, hoursFromNow(-48)]);
  for (const o of offers) {
    await h.db.pg.query(
      `insert into fill_offers (shift_id, doctor_id, wave, score, score_parts, status, outbound_key, created_at, sent_at)
       values ($1, $2, 1, 0.8, '{}'::jsonb, $3, $5, $4, $4)`,
      [id, o.doctorId, o.status, hoursFromNow(-40), `fill:${id}:${o.doctorId}`],
    );
  }
  return id;
}

describe('fill alerts: a shift still open 24 h before its start', () => {
  it('alerts once, naming the doctors asked with masked phones; a shift further out, or filled, does not alert', async () => {
    const ana = await doctorWithConversation(h, 'Dra. Ana Prado');
    const bruno = await doctorWithConversation(h, 'Dr. Bruno Lima');
    const phoneOf = async (id: string) => (await rows<{ phone: string }>(h, 'select phone from doctors where id = $1', [id]))[0]!.phone;
    const [anaPhone, brunoPhone] = [await phoneOf(ana.id), await phoneOf(bruno.id)];
    const soon = await planned(10, [{ doctorId: ana.id, status: 'refused' }, { doctorId: bruno.id, status: 'sent' }]);
    await planned(30);
    const filled = await planned(5);
    await h.db.pg.query(`update shifts set status = 'reserved', reserved_by = $2, reserved_at = $3 where id = $1`, [filled, ana.id, NOW]);
    await h.db.pg.query(`update fill_plans set status = 'filled', filled_at = $2, filled_by = $3 where shift_id = $1`, [filled, NOW, ana.id]);

    expect(await handler()()).toMatchObject({ posted: 1 });
    expect(h.notices.posts).toHaveLength(1);
    const post = h.notices.posts[0]!;
    expect(post).toContain('a 10h do início');
    expect(post).toContain('Hospital de Mauá, Clínica Médica');
    expect(post).toContain('Dra. Ana Prado');
    expect(post).toContain('recusou');
    expect(post).toContain('Dr. Bruno Lima');
    expect(post).toContain('Dr. Bruno Lima (+55 11 9••••-' + brunoPhone!.slice(-4) + '): sem resposta');
    // Masked: country, DDD, first digit, last four; never the whole number.
    expect(post).toContain(`+55 11 9••••-${anaPhone!.slice(-4)}`);
    expect(post).not.toContain(anaPhone!.slice(2));
    expect(post).not.toContain(brunoPhone!.slice(2));
    expect((await rows<{ alerted_at: Date | null }>(h, 'select alerted_at from fill_plans where shift_id = $1', [soon]))[0]!.alerted_at).not.toBeNull();

    // The next run (and a retried one) finds nothing new.
    h.clock.set(hoursFromNow(0.25));
    expect(await handler()()).toMatchObject({ posted: 0 });
    expect(h.notices.posts).toHaveLength(1);

    // The shift 30 h out enters the window later, and alerts then, once.
    h.clock.set(hoursFromNow(7));
    expect(await handler()()).toMatchObject({ posted: 1 });
    expect(h.notices.posts[1]).toContain('a 23h do início');
    expect(h.notices.posts[1]).toContain('Nenhum médico foi perguntado ainda');
  });

  it('two runs at once post each shift once', async () => {
    const carla = await doctorWithConversation(h, 'Dra. Carla Dias');
    await planned(12, [{ doctorId: carla.id, status: 'sent' }]);
    await planned(20);
    const results = await Promise.all([handler()(), handler()(), handler()()]);
    expect(results.reduce((a, r) => a + r.posted, 0)).toBe(2);
    expect(h.notices.posts).toHaveLength(2);
    expect(h.notices.posts.filter((p) => p.includes('Dra. Carla Dias'))).toHaveLength(1);
  });
});
