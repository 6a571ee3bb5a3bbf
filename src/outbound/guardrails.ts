import type { Flags } from '../flags/index.js';
import { CONTACT_CAP_7D, REPLY_PROOF_WINDOW_MS, type PermissionState } from '../policy/index.js';
import type { OutboundContext } from './contract.js';

/** Rule ids as they appear in outbound_blocked events and policy_events. */
export type RuleId =
  | 'contract'
  | 'human_control'
  | 'superseded'
  | 'R0_opted_out'
  | 'R1_cooling_off'
  | 'R2_next_allowed_at'
  | 'R3_contact_cap_7d'
  | 'R4a_campaigns_disabled'
  | 'R4b_safe_mode'
  /** A proactive send that waited out safe_mode past its method's lateness window. */
  | 'safe_mode_expired'
  /** The campaign behind the send was paused or cancelled after the send was queued (checked under the lock). */
  | 'campaign_paused'
  | 'campaign_cancelled'
  /** A fill offer whose plan stopped (shift reserved or cancelled, plans switched off) after it was queued. */
  | 'fill_stopped';

/** Rules an operator may switch off through `disabled_rules`; opt-out and the kill switch are not among them. */
export const DISABLEABLE_RULES: ReadonlySet<RuleId> = new Set(['R1_cooling_off', 'R2_next_allowed_at', 'R3_contact_cap_7d', 'R4a_campaigns_disabled']);

export interface GuardrailInput {
  ctx: OutboundContext;
  now: Date;
  state: {
    permission_state: PermissionState;
    cooling_off_until: string | null;
    next_allowed_at: string | null;
    contacts_7d: number;
    /** When the doctor last wrote: people (MANUAL/COMMAND) within 24 h of it are not paced. */
    last_inbound_at?: string | null;
  };
  /** The inbound interaction named by the context, as found in the database for this doctor. */
  inbound: { id: string; occurred_at: string } | null;
  /** The doctor's conversation, when there is one. */
  conversation?: { controlled_by: 'julia' | 'human'; latest_inbound_id: string | null } | null;
  flags: Pick<Flags, 'safeMode' | 'campaigns' | 'disabledRules'>;
}

/**
 * What the reservation re-checks under the per-phone lock right before the
 * provider call (outbound_reserve_checked, migration 0080): the same rules,
 * minus the ones this send is exempt from or bypassed.
 */
export interface Recheck {
  opt_out: boolean;
  /** R1: cooling-off. */
  r1: boolean;
  human_control: boolean;
  /** A reply: the inbound it answers must still be the conversation's latest. */
  answers: string | null;
  r2: boolean;
  r3: boolean;
  r3_cap: number;
  /** R4a: the campaigns flag, read from its table. */
  campaigns_off: boolean;
  /** The campaign behind the send: stopped when it is paused or cancelled. */
  campaign: string | null;
  safe_mode: 'wait' | 'block' | null;
  /** FILL_OFFER: the shift offered; the offer must still be planned and its plan active (checked under the lock). */
  fill?: string;
}

/**
 * Sends the campaigns flag (toggle_campanhas, R4a) stops: a campaign's messages,
 * reactivation outreach, and a follow-up that continues an exchange a campaign
 * started (it carries that campaign's id, workers/followups.ts). Wider than the
 * spec's "CAMPAIGN only" (issue 25): the switch must stop every campaign-driven send.
 */
export function campaignDriven(ctx: Pick<OutboundContext, 'method' | 'campaignId'>): boolean {
  return ctx.method === 'CAMPAIGN' || ctx.method === 'REACTIVATION' || (ctx.method === 'FOLLOWUP' && !!ctx.campaignId);
}

export type GuardrailDecision =
  | { kind: 'allow'; proactive: boolean; bypassed: RuleId[]; recheck: Recheck; unpaced?: boolean }
  | { kind: 'block'; proactive: boolean; rule: RuleId; detail?: string }
  /** safe_mode: a proactive send is paused, not decided (ARCHITECTURE.md section 6, "Pausing"). */
  | { kind: 'wait'; proactive: true; rule: 'R4b_safe_mode' };

/** A person (Chatwoot supervisor, Slack manager) writing within this long of the doctor's last message is not paced. */
export const PEOPLE_WINDOW_MS = 24 * 3_600_000;

/** Required fields per method (spec 9.3); REPLY's proof is checked by R-1 instead. */
function contractViolation(ctx: OutboundContext): string | undefined {
  if (!ctx.doctorId) return 'doctorId';
  if (!ctx.actor?.trim()) return 'actor';
  if (ctx.method === 'CAMPAIGN' && !ctx.campaignId) return 'campaignId';
  if (ctx.method === 'FOLLOWUP' && !ctx.conversationId) return 'conversationId';
  if (ctx.method === 'REMINDER' && !ctx.reminderId) return 'reminderId';
  if (ctx.method === 'FILL_OFFER' && !ctx.fillShiftId) return 'fillShiftId';
  return undefined;
}

/** Within R-1's window of `now`, with a minute of tolerance for clocks that disagree about "now". */
function withinProofWindow(iso: string, now: Date): boolean {
  const age = now.getTime() - new Date(iso).getTime();
  return Number.isFinite(age) && age >= -60_000 && age <= REPLY_PROOF_WINDOW_MS;
}

/** a reply needs the inbound it answers, from this doctor, within 30 minutes. */
export function hasValidInboundProof(input: Pick<GuardrailInput, 'ctx' | 'now' | 'inbound'>): boolean {
  const { ctx, now, inbound } = input;
  if (ctx.method !== 'REPLY' || !ctx.inboundInteractionId || !ctx.lastInboundAt || !ctx.conversationId) return false;
  if (!inbound || inbound.id !== ctx.inboundInteractionId) return false;
  return withinProofWindow(inbound.occurred_at, now) && withinProofWindow(ctx.lastInboundAt, now);
}

/**
 * What a reply's re-check under the lock will be if the database shows its proof
 * (the answered inbound, this doctor's, within the window): the `recheck` that
 * evaluateGuardrails returns for it. Undefined when the context alone already rules
 * the reply out of that branch (not a reply, contract or proof fields missing or
 * stale, Júlia's reply under safe_mode). outbound_begin reserves with it in the same
 * call as the snapshot (migration 0180); the wrapper still evaluates the guardrails
 * on that snapshot and gives the reservation back if they disagree.
 */
export function expectedReplyRecheck(ctx: OutboundContext, now: Date, flags: Pick<Flags, 'safeMode'>): Recheck | undefined {
  if (ctx.method !== 'REPLY' || contractViolation(ctx)) return undefined;
  if (!ctx.inboundInteractionId || !ctx.lastInboundAt || !ctx.conversationId || !withinProofWindow(ctx.lastInboundAt, now)) return undefined;
  const julia = ctx.actor === 'julia';
  if (julia && flags.safeMode.enabled) return undefined;
  return {
    opt_out: false,
    r1: false,
    human_control: julia && !ctx.handoffNotice,
    answers: ctx.inboundInteractionId,
    r2: false,
    r3: false,
    r3_cap: CONTACT_CAP_7D,
    campaigns_off: false,
    campaign: null,
    safe_mode: julia ? 'block' : null,
  };
}

/**
 * check_outbound_guardrails (spec 11.3), in order: R-1 proof, R0 opt-out,
 * R1 cooling-off, R2 next_allowed_at, R3 7-day cap, R4a campaigns (every
 * campaign-driven send, campaignDriven), R4b safe_mode. Pure: the wrapper supplies state and flags read at send time.
 */
export function evaluateGuardrails(input: GuardrailInput): GuardrailDecision {
  const { ctx, now, state, flags } = input;
  const missing = contractViolation(ctx);
  if (missing) return { kind: 'block', proactive: ctx.method !== 'REPLY', rule: 'contract', detail: missing };

  // While a person controls the conversation nothing automatic leaves, except the
  // line that tells the doctor a person is taking over (ARCHITECTURE.md section 4).
  if (ctx.actor === 'julia' && input.conversation?.controlled_by === 'human' && !ctx.handoffNotice) {
    return { kind: 'block', proactive: ctx.method !== 'REPLY', rule: 'human_control' };
  }

  // Only Júlia's own automatic lines are stopped by a person's control.
  const humanControl = ctx.actor === 'julia' && !ctx.handoffNotice;

  // a valid reply answers a doctor who just wrote; nothing else applies (I3, I4a).
  if (hasValidInboundProof(input)) {
    // A newer message arrived during the humanized delay: the turn it armed answers both.
    const latest = input.conversation?.latest_inbound_id;
    if (latest && latest !== ctx.inboundInteractionId) return { kind: 'block', proactive: false, rule: 'superseded' };
    // safe_mode stops Júlia's automatic replies (a person's reply still goes out).
    const julia = ctx.actor === 'julia';
    if (julia && flags.safeMode.enabled) return { kind: 'block', proactive: false, rule: 'R4b_safe_mode' };
    const recheck: Recheck = {
      opt_out: false,
      r1: false,
      human_control: humanControl,
      answers: ctx.inboundInteractionId ?? null,
      r2: false,
      r3: false,
      r3_cap: CONTACT_CAP_7D,
      campaigns_off: false,
      campaign: null,
      safe_mode: julia ? 'block' : null,
    };
    return { kind: 'allow', proactive: false, bypassed: [], recheck };
  }

  const disabled = new Set(flags.disabledRules.filter((r) => DISABLEABLE_RULES.has(r as RuleId)));
  const canBypass = (ctx.method === 'COMMAND' || ctx.method === 'MANUAL') && !!ctx.bypassReason?.trim();
  // A person writing to a doctor who wrote in the last 24 h is not Júlia's pacing:
  // R2, R3, safe_mode and business hours do not hold it (ARCHITECTURE.md section 6, "People sending").
  const lastInbound = state.last_inbound_at ? new Date(state.last_inbound_at).getTime() : NaN;
  const unpaced =
    (ctx.method === 'COMMAND' || ctx.method === 'MANUAL') &&
    ctx.actor !== 'julia' &&
    now.getTime() - lastInbound <= PEOPLE_WINDOW_MS &&
    now.getTime() - lastInbound >= -60_000;
  // A reminder the doctor asked for honours opt-out and safe_mode only.
  const reminder = ctx.method === 'REMINDER';
  const paced = !reminder && !unpaced;
  const bypassed: RuleId[] = [];
  const doctorRule = (rule: RuleId, violated: boolean): GuardrailDecision | undefined => {
    if (!violated || disabled.has(rule)) return undefined;
    if (canBypass) {
      bypassed.push(rule);
      return undefined;
    }
    return { kind: 'block', proactive: true, rule };
  };

  const r1Applies = !reminder && !disabled.has('R1_cooling_off');
  const r4aApplies = campaignDriven(ctx) && !disabled.has('R4a_campaigns_disabled');
  const coolingOff =
    state.permission_state === 'cooling_off' && (!state.cooling_off_until || new Date(state.cooling_off_until) > now);
  const checks: Array<() => GuardrailDecision | undefined> = [
    () => doctorRule('R0_opted_out', state.permission_state === 'opted_out'),
    () => (reminder ? undefined : doctorRule('R1_cooling_off', coolingOff)),
    () => (paced ? doctorRule('R2_next_allowed_at', !!state.next_allowed_at && new Date(state.next_allowed_at) > now) : undefined),
    () => (paced ? doctorRule('R3_contact_cap_7d', state.contacts_7d >= CONTACT_CAP_7D) : undefined),
    () =>
      r4aApplies && !flags.campaigns.enabled
        ? { kind: 'block', proactive: true, rule: 'R4a_campaigns_disabled' }
        : undefined,
    // safe_mode wins over everything proactive, campaigns and bypasses included: the send waits.
    () => (flags.safeMode.enabled && !unpaced ? { kind: 'wait', proactive: true, rule: 'R4b_safe_mode' } : undefined),
  ];
  for (const check of checks) {
    const decision = check();
    if (decision) return decision;
  }
  const recheck: Recheck = {
    opt_out: !canBypass,
    r1: r1Applies && !canBypass,
    human_control: humanControl,
    answers: null,
    r2: paced && !canBypass && !disabled.has('R2_next_allowed_at'),
    r3: paced && !canBypass && !disabled.has('R3_contact_cap_7d'),
    r3_cap: CONTACT_CAP_7D,
    campaigns_off: r4aApplies,
    campaign: ctx.campaignId ?? null,
    safe_mode: unpaced ? null : 'wait',
    ...(ctx.method === 'FILL_OFFER' && ctx.fillShiftId && { fill: ctx.fillShiftId }),
  };
  return { kind: 'allow', proactive: true, bypassed, recheck, ...(unpaced && { unpaced: true }) };
}
