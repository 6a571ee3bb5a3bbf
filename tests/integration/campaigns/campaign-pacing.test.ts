import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, isBusinessHours } from '../../../src/shared/index.js';
import { waitFor } from '../../helpers/wait-for.js';
import { createCampaignHarness, doctorsBetween, insertDoctors, pendingOutbound, phoneOf, type CampaignHarness } from './campaign-harness.js';

// Friday 2026-03-06, 07:00 in São Paulo (UTC-3): before business hours, and a weekend ahead.
const FRIDAY_0700 = '2026-03-06T10:00:00Z';
const INSTANCES = ['num-a', 'num-b'];
const HOUR = 3_600_000;

let h: CampaignHarness;
beforeAll(async () => {
  h = await createCampaignHarness({ instances: INSTANCES, at: FRIDAY_0700 });
});
afterAll(async () => h?.close());

/** One dispatcher run at the clock's time, then wait for the outbound workers to decide every job it queued. */
async function tickAndDrain() {
  const r = await h.dispatcher.tick();
  if (r.enqueued > 0) await waitFor(async () => (await pendingOutbound(h.app)) === 0, { timeoutMs: 60_000, what: 'outbound drained' });
  return r;
}

describe('a campaign to 300 doctors over two sending numbers', () => {
  it('respects 20/hour and 100/day per number and business hours, excludes the opted-out, cooling-off, human-controlled and recently contacted, sends each doctor once', { timeout: 240_000 }, async () => {
    const { db, clock, commands, fake } = h;
    await insertDoctors(db, { from: 1, count: 340, specialty: 'cardiologia' });
    await insertDoctors(db, { from: 1001, count: 20, specialty: 'pediatria' });
    const now = new Date(FRIDAY_0700);
    // 301-310 opted out, 311-320 cooling off, 321-330 with a person in control, 331-340 contacted yesterday.
    await db.exec(`
      update doctor_state set permission_state = 'opted_out', opted_out_at = now() where doctor_id in ${doctorsBetween(301, 310)};
      update doctor_state set permission_state = 'cooling_off', cooling_off_until = '${new Date(now.getTime() + 10 * 24 * HOUR).toISOString()}' where doctor_id in ${doctorsBetween(311, 320)};
      insert into conversations (doctor_id, controlled_by) select id, 'human' from ${doctorsBetween(321, 330)} x;
      update doctor_state set last_outbound_at = '${new Date(now.getTime() - 24 * HOUR).toISOString()}' where doctor_id in ${doctorsBetween(331, 340)};`);

    const c = await commands.create({ name: 'Cardio março', type: 'prospeccao', template: 'Oi {{primeiro_nome}}! Sou a Júlia, temos plantões de {{especialidade}} na {{regiao}}.', audience: { specialty: 'cardiologia' } });
    expect(c.status).toBe('draft');
    await commands.start(c.id);

    // Every 15 minutes from Friday 07:00 to Tuesday 07:00, São Paulo.
    for (let t = now.getTime(); t <= now.getTime() + 96 * HOUR; t += 15 * 60_000) {
      clock.set(new Date(t));
      await tickAndDrain();
      if ((await commands.progress(c.id)).status === 'completed') break;
    }

    const { progress } = await commands.show(c.id);
    expect(progress).toMatchObject({ status: 'completed', planned: 300, sent: 300, blocked: 0, queued: 0, dispatched: 0 });

    // The fake saw each of the 300 exactly once, and nobody else.
    const sent = fake.sentTexts();
    const byNumber = new Map<string, number>();
    for (const s of sent) byNumber.set(s.number, (byNumber.get(s.number) ?? 0) + 1);
    expect(sent).toHaveLength(300);
    for (let n = 1; n <= 300; n++) expect(byNumber.get(phoneOf(n)), `doctor ${n}`).toBe(1);
    expect(sent[0]!.text).toBe('Oi Médica! Sou a Júlia, temos plantões de Cardiologia na Zona Sul.');

    // Limits per number over the send times the wrapper recorded (clock time).
    const rows = await db.query<{ instance: string; sent_at: Date }>(`select instance, sent_at from outbound_messages where status = 'sent'`);
    for (const inst of INSTANCES) {
      const times = rows.filter((r) => r.instance === inst).map((r) => new Date(r.sent_at).getTime()).sort((a, b) => a - b);
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) {
        expect(times.filter((x) => x >= t && x < t + HOUR).length, `${inst} hour from ${new Date(t).toISOString()}`).toBeLessThanOrEqual(20);
        expect(times.filter((x) => x >= t && x < t + 24 * HOUR).length, `${inst} day from ${new Date(t).toISOString()}`).toBeLessThanOrEqual(100);
      }
    }
    for (const r of rows) expect(isBusinessHours(new Date(r.sent_at), DEFAULT_BUSINESS_HOURS), new Date(r.sent_at).toISOString()).toBe(true);
    // 2 numbers x 100/day: 200 on Friday, none over the weekend, the rest on Monday.
    const day = (r: { sent_at: Date }) => new Date(r.sent_at).toISOString().slice(0, 10);
    expect(rows.filter((r) => day(r) === '2026-03-06')).toHaveLength(200);
    expect(rows.filter((r) => day(r) === '2026-03-09')).toHaveLength(100);

    // Replies count for the campaign for 7 days after its message: doctor 1 answers after 2 days, doctor 2 after 8.
    const sentAt = await db.query<{ phone: string; settled_at: Date; doctor_id: string }>(
      `select d.phone, cs.settled_at, cs.doctor_id from campaign_sends cs join doctors d on d.id = cs.doctor_id where d.phone in ('${phoneOf(1)}', '${phoneOf(2)}')`,
    );
    for (const r of sentAt) {
      const at = new Date(new Date(r.settled_at).getTime() + (r.phone === phoneOf(1) ? 2 : 8) * 24 * HOUR).toISOString();
      await db.exec(`insert into interactions (doctor_id, direction, body, occurred_at, created_at) values ('${r.doctor_id}', 'inbound', 'oi', '${at}', '${at}')`);
    }
    expect((await commands.progress(c.id)).replied).toBe(1);
    const one = sentAt.find((r) => r.phone === phoneOf(1))!;
    const within = await commands.attribution(one.doctor_id, new Date(new Date(one.settled_at).getTime() + 6 * 24 * HOUR));
    expect(within?.campaign_id).toBe(c.id);
    expect(await commands.attribution(one.doctor_id, new Date(new Date(one.settled_at).getTime() + 8 * 24 * HOUR))).toBeNull();
  });

  it('retried and duplicated jobs never send a doctor the same campaign twice', { timeout: 60_000 }, async () => {
    const { db, app, fake } = h;
    const before = fake.sentTexts().length;
    const sends = await db.query<{ doctor_id: string; outbound_key: string; campaign_id: string }>(`select doctor_id, campaign_send_key(campaign_id, doctor_id) as outbound_key, campaign_id from campaign_sends where status = 'sent' limit 50`);
    // Completed jobs gone from Redis (as after their retention), then every send enqueued again.
    await app.queues.queues.outbound.clean(0, 10_000, 'completed');
    for (const s of sends) {
      await app.deps.outbound.enqueueOutbound({ method: 'CAMPAIGN', doctorId: s.doctor_id, campaignId: s.campaign_id, actor: 'julia' }, 'outro texto', { idempotencyKey: s.outbound_key });
    }
    await waitFor(async () => (await pendingOutbound(app)) === 0, { timeoutMs: 30_000, what: 'duplicates handled' });
    expect(fake.sentTexts()).toHaveLength(before);
    const tick = await h.dispatcher.tick();
    expect(tick.enqueued).toBe(0);
  });
});
