import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsAppProvider } from '../../../src/integrations/evolution/index.js';
import type { OutboundContext } from '../../../src/outbound/index.js';
import { createDoctor, createHarness, eventsOf, WEDNESDAY_NOON, type Harness } from './harness.js';

// Issue 25, finding 6: the campaigns switch stops every campaign-driven send at send
// time, and the campaign's status and R1 are re-checked under the per-phone lock
// right before the provider call (docs/architecture.md, "Outbound", Checked at the last moment).

const sendTexts = (h: Harness) => h.fake.requestsTo('POST', '/message/sendText/:instance').length;

/** The presence call is the moment between the wrapper's decision and the provider call. */
function hooked(between: { run?: () => Promise<void> }) {
  return (p: WhatsAppProvider): WhatsAppProvider => ({
    ...p,
    kind: p.kind,
    sendText: (...a) => p.sendText(...a),
    findSentText: (...a) => p.findSentText(...a),
    unavailableUntil: (i) => p.unavailableUntil(i),
    async sendPresence() {
      await between.run?.();
    },
  });
}

async function campaign(h: Harness, type: 'reativacao' | 'prospeccao', status = 'running'): Promise<string> {
  const r = await h.db.pg.query<{ id: string }>(
    `insert into campaigns (name, type, template, status) values ($1, $2, 'Oi {{primeiro_nome}}', $3) returning id`,
    [`Campanha ${type} ${Math.random().toString(36).slice(2, 7)}`, type, status],
  );
  return r.rows[0]!.id;
}

const outcomes = async (h: Harness, doctorId: string) => (await eventsOf(h.db, doctorId)).map((e) => [e.event_type, e.props['rule'] ?? null]);

describe('campaigns off (R4a) stops every campaign-driven send at send time', () => {
  const between: { run?: () => Promise<void> } = {};
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ presence: true, wrap: hooked(between) });
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    between.run = undefined;
    await h.flags.set('campaigns', { enabled: true }, 'test');
  });

  it('blocks a reactivation campaign send (REACTIVATION) with R4a, once, and nothing reaches Evolution', async () => {
    const d = await createDoctor(h.db);
    const c = await campaign(h, 'reativacao');
    await h.flags.set('campaigns', { enabled: false }, 'test');
    const before = sendTexts(h);
    const ctx: OutboundContext = { method: 'REACTIVATION', doctorId: d.id, campaignId: c, actor: 'julia' };
    expect(await h.send(ctx, 'Oi, sumiu! Temos plantões novos.', { idempotencyKey: `campaign:${c}:${d.id}` })).toMatchObject({
      outcome: 'blocked',
      rule: 'R4a_campaigns_disabled',
    });
    // The job retried: the same decision, no second event.
    expect(await h.send(ctx, 'Oi, sumiu! Temos plantões novos.', { idempotencyKey: `campaign:${c}:${d.id}` })).toMatchObject({ outcome: 'blocked', replay: true });
    expect(sendTexts(h)).toBe(before);
    expect(await outcomes(h, d.id)).toEqual([['outbound_blocked', 'R4a_campaigns_disabled']]);
  });

  it('blocks a follow-up that carries its campaign; a follow-up of no campaign still goes out', async () => {
    const c = await campaign(h, 'prospeccao');
    const d = await createDoctor(h.db);
    const other = await createDoctor(h.db);
    await h.flags.set('campaigns', { enabled: false }, 'test');
    const before = sendTexts(h);
    const campaignFollowup: OutboundContext = { method: 'FOLLOWUP', doctorId: d.id, conversationId: d.conversationId, campaignId: c, actor: 'julia' };
    expect(await h.send(campaignFollowup, 'Conseguiu ver a vaga?')).toMatchObject({ outcome: 'blocked', rule: 'R4a_campaigns_disabled' });
    expect(sendTexts(h)).toBe(before);
    const plainFollowup: OutboundContext = { method: 'FOLLOWUP', doctorId: other.id, conversationId: other.conversationId, actor: 'julia' };
    expect(await h.send(plainFollowup, 'Conseguiu ver a vaga?')).toMatchObject({ outcome: 'sent' });
    expect(sendTexts(h)).toBe(before + 1);
    expect(await outcomes(h, d.id)).toEqual([['outbound_blocked', 'R4a_campaigns_disabled']]);
  });

  it('campaigns switched off between the decision and the provider call: blocked under the lock', async () => {
    const d = await createDoctor(h.db);
    const c = await campaign(h, 'reativacao');
    between.run = () => h.flags.set('campaigns', { enabled: false }, 'test').then(() => undefined);
    const before = sendTexts(h);
    const res = await h.send({ method: 'REACTIVATION', doctorId: d.id, campaignId: c, actor: 'julia' }, 'Voltamos com vagas!');
    expect(res).toMatchObject({ outcome: 'blocked', rule: 'R4a_campaigns_disabled' });
    expect(sendTexts(h)).toBe(before);
    expect(await outcomes(h, d.id)).toEqual([['outbound_blocked', 'R4a_campaigns_disabled']]);
  });
});

describe("the campaign's status and R1 are re-checked under the per-phone lock right before the provider call", () => {
  const between: { run?: () => Promise<void> } = {};
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ presence: true, wrap: hooked(between) });
  });
  afterAll(async () => h.close());
  beforeEach(() => {
    between.run = undefined;
    h.clock.set(WEDNESDAY_NOON);
  });

  it('a campaign paused after its send was queued: the send goes back to the campaign, nothing sent, no outcome; resumed, it goes out once', async () => {
    const d = await createDoctor(h.db);
    const c = await campaign(h, 'prospeccao');
    const key = `campaign:${c}:${d.id}`;
    // As the dispatcher leaves it: the doctor's send of this campaign is out of its hands.
    await h.db.pg.query(`insert into campaign_sends (campaign_id, doctor_id, status, dispatched_at) values ($1, $2, 'dispatched', $3)`, [c, d.id, h.clock.now()]);
    between.run = async () => {
      await h.db.rpc('campaign_transition', { p_campaign_id: c, p_action: 'pause', p_now: h.clock.now() });
    };
    const before = sendTexts(h);
    const ctx: OutboundContext = { method: 'CAMPAIGN', doctorId: d.id, campaignId: c, actor: 'julia' };
    expect(await h.send(ctx, 'Oi! Temos plantões de clínica.', { idempotencyKey: key })).toEqual({ outcome: 'withdrawn', rule: 'campaign_paused' });
    expect(sendTexts(h)).toBe(before);
    expect(await outcomes(h, d.id)).toEqual([]);
    expect((await h.db.pg.query(`select 1 from outbound_messages where idempotency_key = $1`, [key])).rows).toEqual([]);
    const [send] = (await h.db.pg.query<{ status: string }>(`select status from campaign_sends where campaign_id = $1 and doctor_id = $2`, [c, d.id])).rows;
    expect(send).toEqual({ status: 'queued' });
    // Resumed: the dispatcher's send under the same key reaches him once, and a retry replays it.
    between.run = undefined;
    await h.db.rpc('campaign_transition', { p_campaign_id: c, p_action: 'resume', p_now: h.clock.now() });
    expect(await h.send(ctx, 'Oi! Temos plantões de clínica.', { idempotencyKey: key })).toMatchObject({ outcome: 'sent' });
    expect(await h.send(ctx, 'Oi! Temos plantões de clínica.', { idempotencyKey: key })).toMatchObject({ outcome: 'sent', replay: true });
    expect(sendTexts(h)).toBe(before + 1);
    expect(await outcomes(h, d.id)).toEqual([['doctor_outbound', null]]);
  });

  it('a campaign follow-up whose campaign was paused is blocked with campaign_paused (a follow-up has no campaign to wait in)', async () => {
    const d = await createDoctor(h.db);
    const c = await campaign(h, 'prospeccao', 'paused');
    const before = sendTexts(h);
    expect(await h.send({ method: 'FOLLOWUP', doctorId: d.id, conversationId: d.conversationId, campaignId: c, actor: 'julia' }, 'Conseguiu ver a vaga?')).toMatchObject({
      outcome: 'blocked',
      rule: 'campaign_paused',
    });
    expect(sendTexts(h)).toBe(before);
    expect(await outcomes(h, d.id)).toEqual([['outbound_blocked', 'campaign_paused']]);
  });

  it('a cancelled campaign blocks its queued send (campaign_cancelled) and its follow-ups', async () => {
    const d = await createDoctor(h.db);
    const c = await campaign(h, 'reativacao', 'cancelled');
    const before = sendTexts(h);
    expect(await h.send({ method: 'REACTIVATION', doctorId: d.id, campaignId: c, actor: 'julia' }, 'Sentimos sua falta!')).toMatchObject({
      outcome: 'blocked',
      rule: 'campaign_cancelled',
    });
    const e = await createDoctor(h.db);
    expect(await h.send({ method: 'FOLLOWUP', doctorId: e.id, conversationId: e.conversationId, campaignId: c, actor: 'julia' }, 'E aí, topa?')).toMatchObject({
      outcome: 'blocked',
      rule: 'campaign_cancelled',
    });
    expect(sendTexts(h)).toBe(before);
  });

  it('cooling-off landing between the decision and the send is honoured (R1)', async () => {
    const d = await createDoctor(h.db);
    between.run = async () => {
      await h.db.rpc('doctor_state_set_permission', {
        p_doctor_id: d.id,
        p_state: 'cooling_off',
        p_reason: 'test',
        p_until: new Date(h.clock.now().getTime() + 30 * 86_400_000),
        p_actor: 'test',
        p_now: h.clock.now(),
      });
    };
    const before = sendTexts(h);
    const res = await h.send({ method: 'FOLLOWUP', doctorId: d.id, conversationId: d.conversationId, actor: 'julia' }, 'Ainda tem interesse no plantão?');
    expect(res).toMatchObject({ outcome: 'blocked', event: 'outbound_blocked', rule: 'R1_cooling_off' });
    expect(sendTexts(h)).toBe(before);
    expect((await outcomes(h, d.id)).filter(([t]) => t !== 'permission_changed')).toEqual([['outbound_blocked', 'R1_cooling_off']]);
  });

  it('a running campaign still sends, and the invariants hold after all of the above', async () => {
    const d = await createDoctor(h.db);
    const c = await campaign(h, 'prospeccao');
    expect(await h.send({ method: 'CAMPAIGN', doctorId: d.id, campaignId: c, actor: 'julia' }, 'Plantões de sábado abertos.')).toMatchObject({ outcome: 'sent' });
    const report = await h.db.rpc<{ checks: Array<{ id: string; violations: number }> }>('julia_invariants', {
      p_since: new Date('2026-01-01T00:00:00Z'),
      p_now: new Date('2026-03-04T15:30:00Z'),
    });
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
