import { describe, expect, it } from 'vitest';
import type { OutboundContext } from './contract.js';
import { evaluateGuardrails, type GuardrailInput } from './guardrails.js';

const now = new Date('2026-03-04T15:00:00Z'); // Wednesday 12:00 in São Paulo
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const INBOUND = '11111111-1111-4111-8111-111111111111';

function input(ctx: Partial<OutboundContext>, over: Partial<Omit<GuardrailInput, 'ctx'>> = {}): GuardrailInput {
  return {
    ctx: { method: 'FOLLOWUP', doctorId: 'd1', conversationId: 'c1', actor: 'julia', ...ctx } as OutboundContext,
    now,
    state: { permission_state: 'opted_in', cooling_off_until: null, next_allowed_at: null, contacts_7d: 0, ...over.state },
    inbound: over.inbound === undefined ? null : over.inbound,
    flags: { safeMode: { enabled: false, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [], ...over.flags },
  };
}
const reply = (lastMinutes = 5, inboundMinutes = lastMinutes): [Partial<OutboundContext>, Partial<GuardrailInput>] => [
  { method: 'REPLY', inboundInteractionId: INBOUND, lastInboundAt: minutesAgo(lastMinutes), conversationId: 'c1' },
  { inbound: { id: INBOUND, occurred_at: minutesAgo(inboundMinutes) } },
];
const optedOut = { permission_state: 'opted_out' as const, cooling_off_until: null, next_allowed_at: null, contacts_7d: 0 };

describe('R-1 inbound proof', () => {
  it('a reply with proof inside 30 minutes is reactive and skips every other rule', () => {
    const [ctx, over] = reply(5);
    const d = evaluateGuardrails(input(ctx, { ...over, state: optedOut, flags: { safeMode: { enabled: false, mode: 'wait' }, campaigns: { enabled: false }, disabledRules: [] } }));
    expect(d).toMatchObject({ kind: 'allow', proactive: false, bypassed: [], recheck: { answers: INBOUND, opt_out: false, r2: false, safe_mode: 'block' } });
  });

  it('safe_mode stops Júlia\'s replies; a person\'s reply still goes out', () => {
    const [ctx, over] = reply(5);
    const safe = { ...over, flags: { safeMode: { enabled: true, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [] } };
    expect(evaluateGuardrails(input(ctx, safe))).toEqual({ kind: 'block', proactive: false, rule: 'R4b_safe_mode' });
    expect(evaluateGuardrails(input({ ...ctx, actor: 'agent-7' }, safe))).toMatchObject({ kind: 'allow', recheck: { safe_mode: null } });
  });

  it('exactly 30 minutes is still valid; 30 minutes and 1 ms is proactive', () => {
    const [ctx, over] = reply(30);
    expect(evaluateGuardrails(input(ctx, over))).toMatchObject({ kind: 'allow', proactive: false });
    const late = new Date(now.getTime() - 30 * 60_000 - 1).toISOString();
    const d = evaluateGuardrails(input({ ...ctx, lastInboundAt: late }, { inbound: { id: INBOUND, occurred_at: late } }));
    expect(d).toMatchObject({ kind: 'allow', proactive: true });
  });

  it('missing fields or an inbound not found for this doctor turn a reply proactive', () => {
    const [ctx, over] = reply(5);
    for (const broken of [
      input({ ...ctx, inboundInteractionId: undefined }, over),
      input({ ...ctx, lastInboundAt: undefined }, over),
      input({ ...ctx, conversationId: undefined }, over),
      input(ctx, { inbound: null }),
      input(ctx, { inbound: { id: 'other', occurred_at: minutesAgo(1) } }),
    ]) {
      expect(evaluateGuardrails(broken)).toMatchObject({ proactive: true });
    }
  });

  it('a reply whose stored inbound is old is proactive even if the context claims a fresh time', () => {
    const [ctx, over] = reply(5, 45);
    expect(evaluateGuardrails(input(ctx, over))).toMatchObject({ proactive: true });
  });

  it('a reply without proof to an opted-out doctor is blocked by R0', () => {
    const [ctx] = reply(50);
    expect(evaluateGuardrails(input(ctx, { state: optedOut }))).toEqual({ kind: 'block', proactive: true, rule: 'R0_opted_out' });
  });
});

describe('rules R0-R4b in order', () => {
  const everything = {
    state: { permission_state: 'opted_out' as const, cooling_off_until: null, next_allowed_at: new Date(now.getTime() + 1).toISOString(), contacts_7d: 9 },
    flags: { safeMode: { enabled: true, mode: 'wait' }, campaigns: { enabled: false }, disabledRules: [] },
  };
  it('reports the first failing rule, in the spec order', () => {
    const ctx = { method: 'CAMPAIGN' as const, campaignId: 'k1' };
    expect(evaluateGuardrails(input(ctx, everything))).toMatchObject({ rule: 'R0_opted_out' });
    const cooling = { ...everything.state, permission_state: 'cooling_off' as const, cooling_off_until: new Date(now.getTime() + 60_000).toISOString() };
    expect(evaluateGuardrails(input(ctx, { ...everything, state: cooling }))).toMatchObject({ rule: 'R1_cooling_off' });
    const waiting = { ...cooling, permission_state: 'opted_in' as const };
    expect(evaluateGuardrails(input(ctx, { ...everything, state: waiting }))).toMatchObject({ rule: 'R2_next_allowed_at' });
    const capped = { ...waiting, next_allowed_at: now.toISOString() };
    expect(evaluateGuardrails(input(ctx, { ...everything, state: capped }))).toMatchObject({ rule: 'R3_contact_cap_7d' });
    const clean = { ...capped, contacts_7d: 2 };
    expect(evaluateGuardrails(input(ctx, { ...everything, state: clean }))).toMatchObject({ rule: 'R4a_campaigns_disabled' });
    expect(evaluateGuardrails(input({ method: 'FOLLOWUP' }, { ...everything, state: clean }))).toMatchObject({ rule: 'R4b_safe_mode' });
  });

  it('a cooling-off that has ended and next_allowed_at equal to now do not block', () => {
    const state = { permission_state: 'cooling_off' as const, cooling_off_until: now.toISOString(), next_allowed_at: now.toISOString(), contacts_7d: 0 };
    expect(evaluateGuardrails(input({}, { state }))).toMatchObject({ kind: 'allow', proactive: true });
  });

  it('the 7-day cap blocks at 3 contacts and not at 2', () => {
    const base = { permission_state: 'opted_in' as const, cooling_off_until: null, next_allowed_at: null };
    expect(evaluateGuardrails(input({}, { state: { ...base, contacts_7d: 2 } }))).toMatchObject({ kind: 'allow' });
    expect(evaluateGuardrails(input({}, { state: { ...base, contacts_7d: 3 } }))).toMatchObject({ rule: 'R3_contact_cap_7d' });
  });

  it('safe_mode beats campaigns.enabled; campaigns off blocks every campaign-driven send and nothing else', () => {
    const safe = { flags: { safeMode: { enabled: true, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [] } };
    expect(evaluateGuardrails(input({ method: 'CAMPAIGN', campaignId: 'k' }, safe))).toMatchObject({ rule: 'R4b_safe_mode' });
    const noCampaigns = { flags: { safeMode: { enabled: false, mode: 'wait' }, campaigns: { enabled: false }, disabledRules: [] } };
    expect(evaluateGuardrails(input({ method: 'CAMPAIGN', campaignId: 'k' }, noCampaigns))).toMatchObject({ rule: 'R4a_campaigns_disabled' });
    expect(evaluateGuardrails(input({ method: 'REACTIVATION', conversationId: undefined }, noCampaigns))).toMatchObject({ rule: 'R4a_campaigns_disabled' });
    expect(evaluateGuardrails(input({ method: 'FOLLOWUP', campaignId: 'k' }, noCampaigns))).toMatchObject({ rule: 'R4a_campaigns_disabled' });
    // A follow-up of no campaign, a reminder and a manager's message still go out.
    expect(evaluateGuardrails(input({ method: 'FOLLOWUP' }, noCampaigns))).toMatchObject({ kind: 'allow', recheck: { campaigns_off: false, campaign: null } });
    expect(evaluateGuardrails(input({ method: 'REMINDER', reminderId: 'r' }, noCampaigns))).toMatchObject({ kind: 'allow' });
    expect(evaluateGuardrails(input({ method: 'COMMAND', actor: 'slack:U1' }, noCampaigns))).toMatchObject({ kind: 'allow' });
    // Allowed campaign-driven sends carry what the lock re-checks: the flag and the campaign.
    const on = { flags: { safeMode: { enabled: false, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [] } };
    expect(evaluateGuardrails(input({ method: 'REACTIVATION', campaignId: 'k' }, on))).toMatchObject({ kind: 'allow', recheck: { campaigns_off: true, campaign: 'k', r1: true } });
    const r4aOff = { flags: { ...on.flags, campaigns: { enabled: false }, disabledRules: ['R4a_campaigns_disabled', 'R1_cooling_off'] } };
    expect(evaluateGuardrails(input({ method: 'REACTIVATION', campaignId: 'k' }, r4aOff))).toMatchObject({ kind: 'allow', recheck: { campaigns_off: false, r1: false } });
  });

  it('disabled_rules switches off R1-R4a but never R0 or R4b', () => {
    const state = { permission_state: 'opted_in' as const, cooling_off_until: null, next_allowed_at: null, contacts_7d: 5 };
    const flags = { safeMode: { enabled: false, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: ['R3_contact_cap_7d', 'R0_opted_out', 'R4b_safe_mode'] };
    expect(evaluateGuardrails(input({}, { state, flags }))).toMatchObject({ kind: 'allow' });
    expect(evaluateGuardrails(input({}, { state: optedOut, flags }))).toMatchObject({ rule: 'R0_opted_out' });
    expect(evaluateGuardrails(input({}, { flags: { ...flags, safeMode: { enabled: true, mode: 'wait' } } }))).toMatchObject({ rule: 'R4b_safe_mode' });
  });
});

describe('method contracts (spec 9.3)', () => {
  it('rejects a missing required field as a contract block', () => {
    expect(evaluateGuardrails(input({ method: 'CAMPAIGN' }))).toMatchObject({ kind: 'block', rule: 'contract', detail: 'campaignId' });
    expect(evaluateGuardrails(input({ method: 'FOLLOWUP', conversationId: undefined }))).toMatchObject({ rule: 'contract', detail: 'conversationId' });
    expect(evaluateGuardrails(input({ method: 'COMMAND', actor: ' ' }))).toMatchObject({ rule: 'contract', detail: 'actor' });
    expect(evaluateGuardrails(input({ method: 'REMINDER' }))).toMatchObject({ rule: 'contract', detail: 'reminderId' });
  });

  it('COMMAND and MANUAL bypass R0-R3 only with a reason, and are recorded as bypasses', () => {
    const state = { permission_state: 'opted_out' as const, cooling_off_until: null, next_allowed_at: new Date(now.getTime() + 1).toISOString(), contacts_7d: 7 };
    for (const method of ['COMMAND', 'MANUAL'] as const) {
      expect(evaluateGuardrails(input({ method, actor: 'U1' }, { state }))).toMatchObject({ rule: 'R0_opted_out' });
      expect(evaluateGuardrails(input({ method, actor: 'U1', bypassReason: 'médico pediu retorno' }, { state }))).toMatchObject({
        kind: 'allow',
        proactive: true,
        bypassed: ['R0_opted_out', 'R2_next_allowed_at', 'R3_contact_cap_7d'],
      });
    }
    expect(evaluateGuardrails(input({ method: 'FOLLOWUP', bypassReason: 'x' }, { state }))).toMatchObject({ rule: 'R0_opted_out' });
    const safe = { state, flags: { safeMode: { enabled: true, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [] } };
    expect(evaluateGuardrails(input({ method: 'COMMAND', bypassReason: 'x' }, safe))).toMatchObject({ kind: 'wait', rule: 'R4b_safe_mode' });
  });

  it('a person writing within 24 h of the doctor\'s last message is not paced: R2, R3 and safe_mode do not hold it, R0 does', () => {
    const paced = { permission_state: 'opted_in' as const, cooling_off_until: null, next_allowed_at: new Date(now.getTime() + 1).toISOString(), contacts_7d: 7 };
    const safeFlags = { safeMode: { enabled: true, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [] };
    const recent = { ...paced, last_inbound_at: minutesAgo(24 * 60) };
    for (const method of ['COMMAND', 'MANUAL'] as const) {
      expect(evaluateGuardrails(input({ method, actor: 'U1' }, { state: recent, flags: safeFlags }))).toMatchObject({
        kind: 'allow',
        unpaced: true,
        recheck: { r2: false, r3: false, safe_mode: null, opt_out: true },
      });
      const stale = { ...paced, last_inbound_at: new Date(now.getTime() - 24 * 3_600_000 - 1).toISOString() };
      expect(evaluateGuardrails(input({ method, actor: 'U1' }, { state: stale }))).toMatchObject({ rule: 'R2_next_allowed_at' });
      expect(evaluateGuardrails(input({ method, actor: 'U1' }, { state: { ...recent, permission_state: 'opted_out' } }))).toMatchObject({ rule: 'R0_opted_out' });
    }
    // Júlia is never "a person".
    expect(evaluateGuardrails(input({ method: 'COMMAND', actor: 'julia' }, { state: recent }))).toMatchObject({ rule: 'R2_next_allowed_at' });
  });

  it('REMINDER honours opt-out and safe_mode but not cooling-off, next_allowed_at or the cap', () => {
    const ctx = { method: 'REMINDER' as const, reminderId: 'r1' };
    const busy = { permission_state: 'cooling_off' as const, cooling_off_until: null, next_allowed_at: new Date(now.getTime() + 9e6).toISOString(), contacts_7d: 9 };
    expect(evaluateGuardrails(input(ctx, { state: busy }))).toMatchObject({ kind: 'allow', proactive: true, bypassed: [], recheck: { r2: false, r3: false, safe_mode: 'wait' } });
    expect(evaluateGuardrails(input(ctx, { state: optedOut }))).toMatchObject({ rule: 'R0_opted_out' });
    expect(evaluateGuardrails(input(ctx, { flags: { safeMode: { enabled: true, mode: 'wait' }, campaigns: { enabled: true }, disabledRules: [] } }))).toMatchObject({ kind: 'wait', rule: 'R4b_safe_mode' });
  });
});
