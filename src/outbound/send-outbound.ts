import { performance } from 'node:perf_hooks';
import type { Db } from '../db/index.js';
import type { FlagStore } from '../flags/index.js';
import { ProviderError, type WhatsAppProvider } from '../integrations/evolution/index.js';
import { nextAllowedAfter } from '../policy/index.js';
import { NotFoundError, ValidationError, errorMessage } from '../shared/errors.js';
import { newId, sha256Hex } from '../shared/ids.js';
import type { Logger } from '../shared/logger.js';
import type { Clock } from '../shared/time.js';
import type { OutboundContext } from './contract.js';
import { routeSend, type DeferReason } from './decide-route.js';
import { evaluateGuardrails, type GuardrailDecision } from './guardrails.js';
import { createOutboundStore, uuidOrNull, type ExistingSend, type PreparedSend, type SendRow } from './outbound-store.js';
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
}

export type OutboundResult =
  | { outcome: 'sent'; event: 'doctor_outbound' | 'outbound_bypass'; outboundMessageId: string; interactionId: string; instance: string; replay?: boolean }
  | { outcome: 'blocked'; event: 'outbound_blocked'; rule: string; outboundMessageId: string; replay?: boolean }
  | { outcome: 'deduped'; event: 'outbound_deduped'; outboundMessageId: string; replay?: boolean }
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

  const replay = (e: ExistingSend): OutboundResult | undefined => {
    if (e.status === 'sent' || e.status === 'bypass')
      return { outcome: 'sent', event: e.rule ? 'outbound_bypass' : 'doctor_outbound', outboundMessageId: e.id, interactionId: '', instance: e.instance ?? '', replay: true };
    if (e.status === 'deduped') return { outcome: 'deduped', event: 'outbound_deduped', outboundMessageId: e.id, replay: true };
    if (e.status === 'blocked' || e.status === 'failed')
      return { outcome: 'blocked', event: 'outbound_blocked', rule: e.rule ?? 'unknown', outboundMessageId: e.id, replay: true };
    return undefined;
  };

  async function deliver(id: string, row: SendRow, text: string, instance: string, ctx: OutboundContext, startedAt: Date): Promise<OutboundResult> {
    try {
      if (deps.presence) {
        await deps.provider.sendPresence(instance, row.phone, 'composing', typingDelayMs(text)).catch((err: unknown) => {
          deps.logger.debug({ err: errorMessage(err) }, 'presence failed (ignored)');
        });
      }
      const { messageId } = await deps.provider.sendText(instance, row.phone, text);
      return await recordSent(id, row, text, instance, messageId, ctx);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.delivered !== 'no') throw err; // in doubt: the next attempt reconciles
      await store.release(id);
      if (row.proactive) await deps.rateLimiter.release(instance, row.idempotencyKey);
      if (err.retryable) {
        const until = deps.provider.unavailableUntil(instance) ?? new Date(startedAt.getTime() + 5_000);
        return deferred(until, 'provider_unavailable', startedAt);
      }
      const res = await store.recordBlocked(row, 'provider_rejected', 'failed', { status: err.status ?? null }, deps.clock.now());
      return { outcome: 'blocked', event: 'outbound_blocked', rule: res.rule, outboundMessageId: res.id };
    }
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
    const found = await deps.provider.findSentText(instance, row.phone, text, new Date(e.created_at));
    if (found) {
      deps.logger.info({ outboundMessageId: e.id }, 'outbound: in-doubt send found at the provider, recording it');
      return recordSent(e.id, { ...row, proactive: e.proactive }, text, instance, found.messageId, ctx);
    }
    const lastAttempt = new Date(e.last_attempt_at ?? e.created_at).getTime();
    // The earlier call may still be in flight inside the provider: wait until it cannot be.
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
    const route = await routeSend(deps, ctx, prep, { proactive: decision.proactive, key: row.idempotencyKey, now, instance: existing?.instance });
    if (route.kind === 'defer') return deferred(route.until, route.reason, now);
    row.instance = route.instance;
    if (existing) {
      await store.attempt(existing.id, now);
      return deliver(existing.id, row, text, route.instance, ctx, now);
    }
    const bypassedRule = decision.bypassed.length ? decision.bypassed.join(',') : null;
    const res = await store.reserve(row, { inboundId: decision.proactive ? null : uuidOrNull(ctx.inboundInteractionId), bypassReason: ctx.bypassReason?.trim() || null, bypassedRule }, now);
    if (res.status === 'reserved') return deliver(res.id, row, text, route.instance, ctx, now);
    if (decision.proactive) await deps.rateLimiter.release(route.instance, row.idempotencyKey);
    if (res.status === 'deduped') return { outcome: 'deduped', event: 'outbound_deduped', outboundMessageId: res.id };
    // The same key is being handled concurrently: let that call decide, come back shortly.
    return deferred(new Date(now.getTime() + grace), 'in_doubt', now);
  }

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
    const prep = await store.prepare(ctx.doctorId, key, uuidOrNull(ctx.inboundInteractionId), now, uuidOrNull(ctx.conversationId));
    if (!prep.doctor) throw new NotFoundError(`outbound: doctor ${ctx.doctorId} not found`);
    const row: SendRow = {
      idempotencyKey: key,
      doctorId: prep.doctor.id,
      conversationId: uuidOrNull(ctx.conversationId),
      phone: prep.doctor.phone,
      instance: null,
      method: ctx.method,
      contentHash: sha256Hex(text),
      proactive: true,
      permissionState: prep.state.permission_state,
      actor: ctx.actor,
    };
    const e = prep.existing;
    if (e) return replay(e) ?? reconcile(e, prep, row, ctx, text, now);
    return decideAndSend(prep, row, ctx, text, now, undefined, t0);
  };
}
