import { performance } from 'node:perf_hooks';
import type { Db } from '../db/index.js';
import type { FlagStore } from '../flags/index.js';
import { ProviderConfigError, ProviderError, type WhatsAppProvider } from '../integrations/evolution/index.js';
import { nextAllowedAfter, REPLY_PROOF_WINDOW_MS } from '../policy/index.js';
import { NotFoundError, ValidationError, errorMessage } from '../shared/errors.js';
import { newId, sha256Hex } from '../shared/ids.js';
import type { BusinessHours } from '../shared/business-hours.js';
import type { Logger } from '../shared/logger.js';
import type { Clock } from '../shared/time.js';
import type { OutboundContext } from './contract.js';
import { routeSend, type DeferReason } from './decide-route.js';
import { evaluateGuardrails, expectedReplyRecheck, type GuardrailDecision, type Recheck } from './guardrails.js';
import { createManagerAlerts } from './manager-alerts.js';
import { pauseVerdict } from './safe-mode-lateness.js';
import { createOutboundStore, uuidOrNull, type ExistingSend, type PreparedSend, type ReserveAnswer, type SendRow } from './outbound-store.js';
import type { RateLimiter } from './rate-limiter.js';
import { typingDelayMs } from './typing.js';

export interface OutboundDeps {
  db: Db;
  flags: Pick<FlagStore, 'get'>;
  provider: WhatsAppProvider;
  rateLimiter: RateLimiter;
  /** Configured Evolution instances (EVOLUTION_INSTANCE). */
  instances: string[];
  clock: Clock;
  logger: Logger;
  /** Send "composing" before the text (off in tests and benchmarks). */
  presence?: boolean;
  /** How long after a provider call started its fate may still be unknown: provider timeout plus margin. */
  inDoubtGraceMs?: number;
  /** Metrics hook: time from the call to the guardrail decision (state read + flags + rules). */
  onDecision?: (ms: number, decision: GuardrailDecision) => void;
  /** The managers' channel (SlackNotifier.post): provider configuration faults, expired paused sends. */
  alert?: (text: string) => Promise<void>;
  /** How often a send paused by safe_mode looks at the flag again (default SAFE_MODE_POLL_MS). */
  safeModePollMs?: number;
  /** At most one configuration-fault alert per instance per this period, across processes. */
  configAlertPeriodMs?: number;
  /** When proactive sends may leave (BUSINESS_HOURS / BUSINESS_DAYS); spec O3's default when absent. */
  businessHours?: BusinessHours;
  /**
   * Reserve a reply expected to go out in the same call as its snapshot (outbound_begin,
   * migration 0180). On by default, on both engines: since outbound_begin reads a reply's
   * rows once under the per-phone lock (migration 0211) it also costs PGlite's single
   * database thread less than the three calls (docs/decisions/0210-hot-helpers.md). Off:
   * tests of the three-call path, which presence always takes.
   */
  reserveWithSnapshot?: boolean;
}

export type OutboundResult =
  | { outcome: 'sent'; event: 'doctor_outbound' | 'outbound_bypass'; outboundMessageId: string; interactionId: string; instance: string; replay?: boolean }
  | { outcome: 'blocked'; event: 'outbound_blocked'; rule: string; outboundMessageId: string; replay?: boolean }
  | { outcome: 'deduped'; event: 'outbound_deduped'; outboundMessageId: string; replay?: boolean }
  /** Its campaign was paused before the provider call: handed back to the campaign, which sends it on resume (no outcome event, as for a withdrawn job). */
  | { outcome: 'withdrawn'; rule: 'campaign_paused' }
  /** Not decided yet: run again at `until` (no outcome event is written for a deferral). */
  | { outcome: 'deferred'; until: Date; reason: DeferReason; delayMs: number };

export interface SendOptions {
  /** Same key, same message: at most one send and one outcome. Random when absent. */
  idempotencyKey?: string;
}

export type SendOutbound = (ctx: OutboundContext, text: string, opts?: SendOptions) => Promise<OutboundResult>;

/**
 * The one way out (spec 3.1, O1): guardrails → dedupe/reservation → rate limits
 * → presence → provider → one transaction with the interaction and exactly one
 * outcome event. See docs/decisions/0003-outbound.md for the crash protocol.
 */
export function createSendOutbound(deps: OutboundDeps): SendOutbound {
  const store = createOutboundStore(deps.db);
  const grace = deps.inDoubtGraceMs ?? 15_000;
  const alerts = createManagerAlerts(deps);

  const replay = (e: ExistingSend): OutboundResult | undefined => {
    if (e.status === 'sent' || e.status === 'bypass')
      return { outcome: 'sent', event: e.rule ? 'outbound_bypass' : 'doctor_outbound', outboundMessageId: e.id, interactionId: '', instance: e.instance ?? '', replay: true };
    if (e.status === 'deduped') return { outcome: 'deduped', event: 'outbound_deduped', outboundMessageId: e.id, replay: true };
    if (e.status === 'blocked' || e.status === 'failed')
      return { outcome: 'blocked', event: 'outbound_blocked', rule: e.rule ?? 'unknown', outboundMessageId: e.id, replay: true };
    return undefined;
  };

  /** Provider call; `callAt` is when the reservation was (re)written, right before it. */
  async function deliver(id: string, row: SendRow, text: string, instance: string, ctx: OutboundContext, callAt: Date): Promise<OutboundResult> {
    try {
      const { messageId } = await deps.provider.sendText(instance, row.phone, text);
      return await recordSent(id, row, text, instance, messageId, ctx);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.delivered !== 'no') throw err; // in doubt: the next attempt reconciles
      await store.release(id);
      if (row.proactive) await deps.rateLimiter.release(instance, row.idempotencyKey);
      if (err instanceof ProviderConfigError) await alerts.configFault(instance, err.status);
      if (err.retryable) {
        const until = deps.provider.unavailableUntil(instance) ?? new Date(callAt.getTime() + 5_000);
        return deferred(until, 'provider_unavailable', callAt);
      }
      const res = await store.recordBlocked(row, 'provider_rejected', 'failed', { status: err.status ?? null }, deps.clock.now());
      return { outcome: 'blocked', event: 'outbound_blocked', rule: res.rule, outboundMessageId: res.id };
    }
  }

  /**
   * safe_mode is on and this send is proactive: it waits (no row, no event) and
   * looks again shortly; past its method's lateness window it is settled as
   * expired, with its one outcome event, and the managers are told.
   */
  async function pause(row: SendRow, ctx: OutboundContext, now: Date): Promise<OutboundResult> {
    const verdict = pauseVerdict(ctx.method, ctx.dueAt, now, deps.safeModePollMs);
    if (verdict.kind === 'wait') return deferred(verdict.until, 'safe_mode', now);
    const props = { due_at: verdict.dueAt.toISOString(), late_ms: verdict.lateMs };
    const res = await store.recordBlocked(row, 'safe_mode_expired', 'blocked', props, now);
    if (!res.replay) await alerts.expired(ctx, verdict.lateMs);
    return replayOr(res, { outcome: 'blocked', event: 'outbound_blocked', rule: 'safe_mode_expired', outboundMessageId: res.id });
  }

  async function recordSent(id: string, row: SendRow, text: string, instance: string, messageId: string, ctx: OutboundContext): Promise<OutboundResult> {
    const at = deps.clock.now();
    const props = { ...(ctx.campaignId && { campaign_id: ctx.campaignId }), ...(ctx.reminderId && { reminder_id: ctx.reminderId }) };
    const res = await store.recordSent(id, { providerMessageId: messageId, body: text, instance, nextAllowedAt: nextAllowedAfter(row.proactive, at), props }, at);
    return { outcome: 'sent', event: res.event_type ?? 'doctor_outbound', outboundMessageId: id, interactionId: res.interaction_id, instance, ...(res.replay && { replay: true }) };
  }

  /** A reservation whose provider call may or may not have happened (crash, timeout, 5xx). */
  async function reconcile(e: ExistingSend, prep: PreparedSend, row: SendRow, ctx: OutboundContext, text: string, now: Date): Promise<OutboundResult> {
    const instance = e.instance ?? deps.instances[0]!;
    const addresses = await store.addresses(row.doctorId);
    let found: { messageId: string } | null;
    try {
      // Under every jid the chat may be filed under (ninth digit or not, @lid): a miss under one is no proof.
      found = await deps.provider.findSentText(instance, row.phone, text, new Date(e.created_at), { lid: addresses?.lid ?? null });
    } catch (err) {
      if (!(err instanceof ProviderConfigError)) throw err;
      await alerts.configFault(instance, err.status);
      return deferred(deps.provider.unavailableUntil(instance) ?? new Date(now.getTime() + 60_000), 'provider_unavailable', now);
    }
    if (found) {
      deps.logger.info({ outboundMessageId: e.id }, 'outbound: in-doubt send found at the provider, recording it');
      return recordSent(e.id, { ...row, proactive: e.proactive }, text, instance, found.messageId, ctx);
    }
    // last_attempt_at is written right before the provider call (after presence), so the
    // grace period measures how long that call may still be in flight, nothing else.
    const lastAttempt = new Date(e.last_attempt_at ?? e.created_at).getTime();
    if (now.getTime() - lastAttempt < grace) return deferred(new Date(lastAttempt + grace), 'in_doubt', now);
    return decideAndSend(prep, row, ctx, text, now, e);
  }

  async function decideAndSend(prep: PreparedSend, row: SendRow, ctx: OutboundContext, text: string, now: Date, existing?: ExistingSend, t0 = performance.now()): Promise<OutboundResult> {
    const flags = await deps.flags.get();
    const decision = evaluateGuardrails({ ctx, now, state: prep.state, inbound: prep.inbound, conversation: prep.conversation, flags });
    deps.onDecision?.(performance.now() - t0, decision);
    row.proactive = decision.proactive;
    if (decision.kind === 'block') {
      const res = await store.recordBlocked(row, decision.rule, 'blocked', decision.detail ? { detail: decision.detail } : {}, now);
      return replayOr(res, { outcome: 'blocked', event: 'outbound_blocked', rule: decision.rule, outboundMessageId: res.id });
    }
    if (decision.kind === 'wait') {
      // An in-doubt reservation reconciled as not sent must not linger while paused.
      if (existing) await store.release(existing.id);
      return pause(row, ctx, now);
    }
    const route = await routeSend(deps, ctx, prep, { proactive: decision.proactive, key: row.idempotencyKey, now, instance: existing?.instance, ...(decision.unpaced && { unpaced: true }) });
    if (route.kind === 'defer') return deferred(route.until, route.reason, now);
    row.instance = route.instance;
    if (deps.presence) {
      const fault = await deps.provider.sendPresence(route.instance, row.phone, 'composing', typingDelayMs(text)).then(
        () => undefined,
        (err: unknown) => {
          deps.logger.debug({ err: errorMessage(err) }, 'presence failed (ignored)');
          return err instanceof ProviderConfigError ? err : undefined;
        },
      );
      // A bad key or missing instance shows up here first: the send waits, the managers are told.
      if (fault) {
        if (decision.proactive) await deps.rateLimiter.release(route.instance, row.idempotencyKey);
        await alerts.configFault(route.instance, fault.status);
        return deferred(deps.provider.unavailableUntil(route.instance) ?? new Date(now.getTime() + 60_000), 'provider_unavailable', now);
      }
    }
    // Last moment: the decisive rules again, under the per-phone lock, with the
    // reservation (and its attempt time) written right before the provider call.
    const callAt = deps.clock.now();
    const bypassedRule = decision.bypassed.length ? decision.bypassed.join(',') : null;
    const res = await store.reserveChecked(
      row,
      {
        inboundId: decision.proactive ? null : uuidOrNull(ctx.inboundInteractionId),
        bypassReason: ctx.bypassReason?.trim() || null,
        bypassedRule,
        checks: { ...decision.recheck, reattempt: !!existing, ...(existing && { seen_attempts: existing.attempts }) },
      },
      callAt,
    );
    if (res.status === 'reserved') return deliver(res.id, row, text, route.instance, ctx, callAt);
    return notReserved(res, row, ctx, callAt, decision.proactive ? route.instance : null);
  }

  /** The reservation call decided without a provider call (or another call holds the key). */
  async function notReserved(res: ReserveAnswer, row: SendRow, ctx: OutboundContext, callAt: Date, rateSlotOf: string | null): Promise<OutboundResult> {
    // Another call holds this key (its slot, its send): let it decide, come back shortly.
    if (res.status === 'in_doubt') return deferred(new Date(callAt.getTime() + grace), 'in_doubt', callAt);
    if (res.replay) return replay({ id: res.id, status: res.status, rule: res.rule ?? null } as ExistingSend) ?? deferred(new Date(callAt.getTime() + grace), 'in_doubt', callAt);
    // Decided here without a provider call: the rate slot goes back.
    if (rateSlotOf) await deps.rateLimiter.release(rateSlotOf, row.idempotencyKey);
    if (res.status === 'wait') return pause(row, ctx, callAt);
    if (res.status === 'withdrawn') return { outcome: 'withdrawn', rule: 'campaign_paused' };
    if (res.status === 'deduped') return { outcome: 'deduped', event: 'outbound_deduped', outboundMessageId: res.id };
    return { outcome: 'blocked', event: 'outbound_blocked', rule: res.rule ?? 'unknown', outboundMessageId: res.id };
  }

  /**
   * A reply reserved by outbound_begin in the same call as the snapshot (migration 0180).
   * The guardrails are evaluated on that snapshot exactly as on the usual path; the
   * reservation stands only if they allow this reply with the re-check it was reserved
   * under and routing picks the instance it was reserved on. Otherwise it is given back
   * (nothing was sent) and the send takes the usual path from the same snapshot.
   */
  async function settleBegun(prep: PreparedSend, res: ReserveAnswer, reservedOn: string, expected: Recheck, row: SendRow, ctx: OutboundContext, text: string, now: Date, t0: number): Promise<OutboundResult> {
    const flags = await deps.flags.get();
    const decision = evaluateGuardrails({ ctx, now, state: prep.state, inbound: prep.inbound, conversation: prep.conversation, flags });
    deps.onDecision?.(performance.now() - t0, decision);
    if (res.status !== 'reserved') {
      row.proactive = false;
      row.instance = reservedOn;
      return notReserved(res, row, ctx, now, null);
    }
    const agrees = decision.kind === 'allow' && !decision.proactive && decision.bypassed.length === 0 && !decision.unpaced && sameRecheck(decision.recheck, expected);
    const route = agrees ? await routeSend(deps, ctx, prep, { proactive: false, key: row.idempotencyKey, now }) : undefined;
    if (route?.kind === 'go' && route.instance === reservedOn) {
      row.proactive = false;
      row.instance = reservedOn;
      return deliver(res.id, row, text, reservedOn, ctx, now);
    }
    await store.release(res.id);
    return decideAndSend(prep, row, ctx, text, now, undefined, t0);
  }

  const sameRecheck = (a: Recheck, b: Recheck) =>
    a.opt_out === b.opt_out &&
    a.r1 === b.r1 &&
    a.human_control === b.human_control &&
    a.answers === b.answers &&
    a.r2 === b.r2 &&
    a.r3 === b.r3 &&
    a.r3_cap === b.r3_cap &&
    a.campaigns_off === b.campaigns_off &&
    a.campaign === b.campaign &&
    a.safe_mode === b.safe_mode;

  // delayMs is relative to the wrapper's clock, so a queue on real time delays correctly under a test clock.
  const deferred = (until: Date, reason: DeferReason, now: Date): OutboundResult => ({
    outcome: 'deferred',
    until,
    reason,
    delayMs: Math.max(0, until.getTime() - now.getTime()),
  });

  const replayOr = (res: { replay?: boolean; status: string; id: string; rule?: string }, fresh: OutboundResult): OutboundResult =>
    res.replay ? (replay({ id: res.id, status: res.status, rule: res.rule ?? null } as ExistingSend) ?? fresh) : fresh;

  return async function sendOutbound(ctx, text, opts = {}) {
    if (!text.trim()) throw new ValidationError('outbound: empty text');
    const key = opts.idempotencyKey ?? newId();
    const t0 = performance.now();
    const now = deps.clock.now();
    const contentHash = sha256Hex(text);
    const inboundId = uuidOrNull(ctx.inboundInteractionId);
    const conversationId = uuidOrNull(ctx.conversationId);
    // A reply expected to go out is reserved in the same call as the snapshot, one round
    // trip fewer (migration 0180). Not with presence: the reservation must be written
    // after the typing indicator, right before the provider call (the in-doubt grace runs
    // from it, and the rules are re-checked as late as possible).
    const expected = deps.presence || deps.reserveWithSnapshot === false ? undefined : expectedReplyRecheck(ctx, now, await deps.flags.get());
    const prep: PreparedSend & { reservation?: ReserveAnswer; reserved_instance?: string } = expected
      ? await store.begin(ctx.doctorId, key, inboundId, now, conversationId, {
          method: ctx.method,
          content_hash: contentHash,
          actor: ctx.actor,
          checks: { ...expected, reattempt: false },
          instance: ctx.instance ?? null,
          instances: deps.instances,
          proof_window_ms: REPLY_PROOF_WINDOW_MS,
        })
      : await store.prepare(ctx.doctorId, key, inboundId, now, conversationId);
    if (!prep.doctor) throw new NotFoundError(`outbound: doctor ${ctx.doctorId} not found`);
    const row: SendRow = {
      idempotencyKey: key,
      doctorId: prep.doctor.id,
      conversationId,
      phone: prep.doctor.phone,
      instance: null,
      method: ctx.method,
      contentHash,
      proactive: true,
      permissionState: prep.state.permission_state,
      actor: ctx.actor,
    };
    const e = prep.existing;
    if (e) return replay(e) ?? reconcile(e, prep, row, ctx, text, now);
    if (expected && prep.reservation && prep.reserved_instance)
      return settleBegun(prep, prep.reservation, prep.reserved_instance, expected, row, ctx, text, now, t0);
    return decideAndSend(prep, row, ctx, text, now, undefined, t0);
  };
}
