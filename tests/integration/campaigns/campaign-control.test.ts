import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignStore } from '../../../src/campaigns/index.js';
import { waitFor } from '../../helpers/wait-for.js';
import { createCampaignHarness, insertDoctors, pendingOutbound, phoneOf, type CampaignHarness } from './campaign-harness.js';

// Monday 2026-03-09, 10:00 in São Paulo.
const MONDAY_1000 = new Date('2026-03-09T13:00:00Z');
const MIN = 60_000;

let h: CampaignHarness;
beforeAll(async () => {
  // Sends of one run spread over 20 s of real time, so a pause lands while most are still queued.
  h = await createCampaignHarness({ instances: ['n1', 'n2', 'n3'], at: MONDAY_1000.toISOString(), spreadMs: 20_000 });
});
afterAll(async () => h?.close());

const sentTo = (from: number, to: number) => {
  const phones = new Set(Array.from({ length: to - from + 1 }, (_, i) => phoneOf(from + i)));
  return h.fake.sentTexts().filter((s) => phones.has(s.number));
};

async function startCampaign(specialty: string, from: number, count: number) {
  await insertDoctors(h.db, { from, count, specialty });
  const c = await h.commands.create({ name: `Campanha ${specialty}`, type: 'reativacao', template: 'Oi {{primeiro_nome}}, sumiu! Bora voltar?', audience: { specialty } });
  await h.commands.start(c.id);
  return c;
}

describe('operating a running campaign', () => {
  it('pausing stops it within seconds; resuming sends the rest, each doctor once', { timeout: 120_000 }, async () => {
    const c = await startCampaign('ortopedia', 2001, 50);
    const first = await h.dispatcher.tick();
    expect(first).toMatchObject({ planned: 50, enqueued: 50 });
    await waitFor(() => sentTo(2001, 2050).length >= 1, { timeoutMs: 20_000, what: 'first campaign send' });

    const paused = await h.commands.pause(c.id);
    expect(paused.campaign.status).toBe('paused');
    expect(paused.withdrawn).toBeGreaterThan(0);
    // Whatever was mid-send finishes; nothing else leaves.
    await waitFor(async () => (await pendingOutbound(h.app)) === 0, { timeoutMs: 10_000, what: 'queue empty after pause' });
    const atPause = sentTo(2001, 2050).length;
    expect(atPause).toBeLessThan(50);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sentTo(2001, 2050)).toHaveLength(atPause);

    h.clock.set(new Date(MONDAY_1000.getTime() + MIN));
    expect((await h.dispatcher.tick()).enqueued).toBe(0);
    const { progress } = await h.commands.show(c.id);
    expect(progress).toMatchObject({ status: 'paused', planned: 50, sent: atPause, queued: 50 - atPause, dispatched: 0 });

    // The pause is what needed the spread; the rest may leave at once.
    h.setSpread(0);
    await h.commands.resume(c.id);
    const again = await h.dispatcher.tick();
    expect(again.enqueued).toBe(50 - atPause);
    await waitFor(async () => (await pendingOutbound(h.app)) === 0 && sentTo(2001, 2050).length === 50, { timeoutMs: 40_000, what: 'rest sent' });
    h.clock.set(new Date(MONDAY_1000.getTime() + 2 * MIN));
    await h.dispatcher.tick();
    const after = await h.commands.show(c.id);
    expect(after.progress).toMatchObject({ status: 'completed', sent: 50, queued: 0 });
    const perDoctor = new Map<string, number>();
    for (const s of sentTo(2001, 2050)) perDoctor.set(s.number, (perDoctor.get(s.number) ?? 0) + 1);
    expect([...perDoctor.values()].every((n) => n === 1)).toBe(true);
    // reativação leaves as REACTIVATION, carrying the campaign id in its outcome event.
    const ev = await h.db.query<{ n: number }>(`select count(*)::int n from business_events where event_type = 'doctor_outbound' and props->>'campaign_id' = '${c.id}'`);
    expect(ev[0]!.n).toBe(50);
  });

  it('cancelling skips what was not sent; the campaigns flag off holds sends back without burning them', { timeout: 60_000 }, async () => {
    h.clock.set(new Date(MONDAY_1000.getTime() + 3 * 3_600_000));
    const c = await startCampaign('neurologia', 3001, 10);
    await h.app.deps.flags.set('campaigns', { enabled: false }, 'test');
    const held = await h.dispatcher.tick();
    expect(held).toMatchObject({ skipped: 'campaigns_disabled', enqueued: 0 });
    expect(await h.commands.progress(c.id)).toMatchObject({ planned: 10, queued: 10 });
    await h.app.deps.flags.set('campaigns', { enabled: true }, 'test');

    const cancelled = await h.commands.cancel(c.id);
    expect(cancelled.campaign.status).toBe('cancelled');
    expect((await h.dispatcher.tick()).enqueued).toBe(0);
    expect(await h.commands.progress(c.id)).toMatchObject({ status: 'cancelled', skipped: 10, sent: 0 });
    expect(sentTo(3001, 3010)).toHaveLength(0);
    await expect(h.commands.resume(c.id)).rejects.toThrow(/não é possível/);
  });

  it('a dispatcher that died between claiming and enqueuing: the next run re-enqueues, once', { timeout: 60_000 }, async () => {
    const t0 = new Date(MONDAY_1000.getTime() + 5 * 3_600_000);
    h.clock.set(t0);
    const c = await startCampaign('urologia', 4001, 6);
    const store = createCampaignStore(h.db);
    // Plan it, then claim like a dispatcher and "crash" before enqueuing.
    await h.app.deps.flags.set('campaigns', { enabled: false }, 'test');
    await h.dispatcher.tick();
    await h.app.deps.flags.set('campaigns', { enabled: true }, 'test');
    expect(await store.claim(c.id, 6, t0)).toHaveLength(6);
    expect((await h.dispatcher.tick()).enqueued).toBe(0);
    expect(sentTo(4001, 4006)).toHaveLength(0);

    h.clock.set(new Date(t0.getTime() + 6 * MIN));
    await h.dispatcher.tick();
    await waitFor(() => sentTo(4001, 4006).length === 6, { timeoutMs: 40_000, what: 'redispatched sends' });
    // Runs again and again: the same keys, nothing new.
    for (let i = 7; i < 10; i++) {
      h.clock.set(new Date(t0.getTime() + i * MIN));
      await h.dispatcher.tick();
    }
    await waitFor(async () => (await pendingOutbound(h.app)) === 0, { timeoutMs: 30_000, what: 'drained' });
    expect(sentTo(4001, 4006)).toHaveLength(6);
    expect(await h.commands.progress(c.id)).toMatchObject({ status: 'completed', sent: 6 });
  });

  it('a doctor who opts out after planning is blocked at send time and counted by rule', { timeout: 60_000 }, async () => {
    const t0 = new Date(MONDAY_1000.getTime() + 7 * 3_600_000);
    h.clock.set(t0);
    const c = await startCampaign('dermatologia', 6001, 3);
    await h.app.deps.flags.set('campaigns', { enabled: false }, 'test');
    await h.dispatcher.tick(); // plans, sends nothing
    await h.app.deps.flags.set('campaigns', { enabled: true }, 'test');
    await h.db.exec(`update doctor_state set permission_state = 'opted_out' where doctor_id = (select id from doctors where phone = '${phoneOf(6002)}')`);
    expect((await h.dispatcher.tick()).enqueued).toBe(3);
    await waitFor(async () => (await pendingOutbound(h.app)) === 0, { timeoutMs: 40_000, what: 'drained' });
    h.clock.set(new Date(t0.getTime() + MIN));
    await h.dispatcher.tick();
    expect(await h.commands.progress(c.id)).toMatchObject({ status: 'completed', planned: 3, sent: 2, blocked: 1, blocked_by_rule: { R0_opted_out: 1 } });
    expect(sentTo(6002, 6002)).toHaveLength(0);
  });
});
