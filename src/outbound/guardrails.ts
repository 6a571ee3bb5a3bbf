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
  | 'R4b_safe_mode';

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
  };
  /** The inbound interaction named by the context, as found in the database for this doctor. */
  inbound: { id: string; occurred_at: string } | null;
  /** The doctor's conversation, when there is one. */
  conversation?: { controlled_by: 'julia' | 'human'; latest_inbound_id: string | null } | null;
  flags: Pick<Flags, 'safeMode' | 'campaigns' | 'disabledRules'>;
}

export type GuardrailDecision =
  | { kind: 'allow'; proactive: boolean; bypassed: RuleId[] }
  | { kind: 'block'; proactive: boolean; rule: RuleId; detail?: string };

/** Required fields per method (spec 9.3); REPLY's proof is checked by R-1 instead. */
function contractViolation(ctx: OutboundContext): string | undefined {
  if (!ctx.doctorId) return 'doctorId';
  if (!ctx.actor?.trim()) return 'actor';
  if (ctx.method === 'CAMPAIGN' && !ctx.campaignId) return 'campaignId';
  if (ctx.method === 'FOLLOWUP' && !ctx.conversationId) return 'conversationId';
  if (ctx.method === 'REMINDER' && !ctx.reminderId) return 'reminderId';
  return undefined;
}

/** a reply needs the inbound it answers, from this doctor, within 30 minutes. */
export function hasValidInboundProof(input: Pick<GuardrailInput, 'ctx' | 'now' | 'inbound'>): boolean {
  const { ctx, now, inbound } = input;
  if (ctx.method !== 'REPLY' || !ctx.inboundInteractionId || !ctx.lastInboundAt || !ctx.conversationId) return false;
  if (!inbound || inbound.id !== ctx.inboundInteractionId) return false;
  const within = (iso: string) => {
    const age = now.getTime() - new Date(iso).getTime();
    // A minute of tolerance for clocks that disagree about "now".
    return Number.isFinite(age) && age >= -60_000 && age <= REPLY_PROOF_WINDOW_MS;
  };
  return within(inbound.occurred_at) && within(ctx.lastInboundAt);
}

/**
 * check_outbound_guardrails (spec 11.3), in order: R-1 proof, R0 opt-out,
 * R1 cooling-off, R2 next_allowed_at, R3 7-day cap, R4a campaigns, R4b
 * safe_mode. Pure: the wrapper supplies state and flags read at send time.
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

  // a valid reply answers a doctor who just wrote; nothing else applies (I3, I4a).
  if (hasValidInboundProof(input)) {
    // A newer message arrived during the humanized delay: the turn it armed answers both.
    const latest = input.conversation?.latest_inbound_id;
    if (latest && latest !== ctx.inboundInteractionId) return { kind: 'block', proactive: false, rule: 'superseded' };
    return { kind: 'allow', proactive: false, bypassed: [] };
  }

  const disabled = new Set(flags.disabledRules.filter((r) => DISABLEABLE_RULES.has(r as RuleId)));
  const canBypass = (ctx.method === 'COMMAND' || ctx.method === 'MANUAL') && !!ctx.bypassReason?.trim();
  // A reminder the doctor asked for honours opt-out and safe_mode only.
  const reminder = ctx.method === 'REMINDER';
  const bypassed: RuleId[] = [];
  const doctorRule = (rule: RuleId, violated: boolean): GuardrailDecision | undefined => {
    if (!violated || disabled.has(rule)) return undefined;
    if (canBypass) {
      bypassed.push(rule);
      return undefined;
    }
    return { kind: 'block', proactive: true, rule };
  };

  const coolingOff =
    state.permission_state === 'cooling_off' && (!state.cooling_off_until || new Date(state.cooling_off_until) > now);
  const checks: Array<() => GuardrailDecision | undefined> = [
    () => doctorRule('R0_opted_out', state.permission_state === 'opted_out'),
    () => (reminder ? undefined : doctorRule('R1_cooling_off', coolingOff)),
    () => (reminder ? undefined : doctorRule('R2_next_allowed_at', !!state.next_allowed_at && new Date(state.next_allowed_at) > now)),
    () => (reminder ? undefined : doctorRule('R3_contact_cap_7d', state.contacts_7d >= CONTACT_CAP_7D)),
    () =>
      ctx.method === 'CAMPAIGN' && !flags.campaigns.enabled && !disabled.has('R4a_campaigns_disabled')
        ? { kind: 'block', proactive: true, rule: 'R4a_campaigns_disabled' }
        : undefined,
    // safe_mode wins over everything proactive, campaigns and bypasses included.
    () => (flags.safeMode.enabled ? { kind: 'block', proactive: true, rule: 'R4b_safe_mode' } : undefined),
  ];
  for (const check of checks) {
    const decision = check();
    if (decision) return decision;
  }
  return { kind: 'allow', proactive: true, bypassed };
}
