import type { Db } from '../db/index.js';
import type { FlagStore } from '../flags/index.js';
import type { OutboundContext, OutboundEnqueuer } from '../outbound/index.js';
import { DEFAULT_BUSINESS_HOURS, isBusinessHours, type BusinessHours, type Clock, type Logger } from '../shared/index.js';
import { createCampaignStore } from './campaign-store.js';
import { createBodyComposer, mapLimited } from './compose-body.js';
import type { OpenerDeps } from './opener.js';
import { planCampaign } from './plan-campaign.js';
import type { Campaign, ClaimedSend } from './types.js';
import { withdrawHeld, withdrawStopped, type OutboundWithdraw } from './withdraw.js';

export interface DispatcherDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  flags: Pick<FlagStore, 'get'>;
  outbound: OutboundEnqueuer;
  /** Sending numbers and their proactive headroom now (the wrapper's rolling 20/h, 100/day). */
  instances: string[];
  remaining(instances: string[], now: Date): Promise<Record<string, number>>;
  withdraw: OutboundWithdraw;
  opener?: OpenerDeps;
  /** Spread one tick's sends over this long instead of a burst (the tick interval). */
  spreadMs?: number;
  planBatchSize?: number;
  /** Upper bound on one run's sends whatever the headroom (lifted limits, many numbers). */
  maxPerTick?: number;
  /** BUSINESS_HOURS / BUSINESS_DAYS; spec O3's Monday-Friday 08-20 when absent. */
  businessHours?: BusinessHours;
}

export interface TickResult {
  enqueued: number;
  skipped?: 'campaigns_disabled' | 'safe_mode' | 'business_hours' | 'no_capacity';
  planned: number;
  settled: number;
  withdrawn: number;
}

const INFLIGHT_WINDOW_MS = 30 * 60_000;
const REDISPATCH_AFTER_MS = 5 * 60_000;

/**
 * One run of the campaign job (every minute, spec 5.3 and 6). It settles what
 * the wrapper decided, withdraws sends of paused or cancelled campaigns, plans
 * campaigns that are due, and then hands the outbound queue only as many
 * sends as the sending numbers can take right now, so a large campaign drains
 * over days without a pile of deferred jobs. `now` always comes from the clock.
 */
export function createDispatcher(deps: DispatcherDeps) {
  const store = createCampaignStore(deps.db);
  const method = (c: Campaign): OutboundContext['method'] => (c.type === 'reativacao' ? 'REACTIVATION' : 'CAMPAIGN');

  async function enqueue(c: Campaign, sends: ClaimedSend[], now: Date, personalise = true): Promise<void> {
    const body = await createBodyComposer(deps.db, c, personalise ? deps.opener : undefined);
    const texts = await mapLimited(sends, 4, (s) => body(s));
    const spread = deps.spreadMs ?? 0;
    await mapLimited(sends, 16, async (s, i) => {
      const ctx: OutboundContext = { method: method(c), doctorId: s.doctor_id, campaignId: c.id, actor: 'julia', ...(s.instance && { instance: s.instance }) };
      // The key is per campaign and doctor: however often this runs, the wrapper sends once.
      await deps.outbound.enqueueOutbound(ctx, texts[i]!, { idempotencyKey: s.outbound_key, delayMs: Math.floor((spread * i) / sends.length) });
    });
    deps.logger.info({ campaignId: c.id, count: sends.length, at: now.toISOString() }, 'campaign sends enqueued');
  }

  /** Splits the headroom over the claimed sends, preferring the number the doctor already knows. */
  function assign(sends: ClaimedSend[], budget: Map<string, number>): void {
    for (const s of sends) {
      let pick = s.last_instance && (budget.get(s.last_instance) ?? 0) > 0 ? s.last_instance : undefined;
      if (!pick) pick = [...budget.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
      s.instance = pick;
      budget.set(pick, (budget.get(pick) ?? 0) - 1);
    }
  }

  async function headroom(now: Date): Promise<Map<string, number>> {
    const [remaining, inflight] = await Promise.all([
      deps.remaining(deps.instances, now),
      store.inflight(new Date(now.getTime() - INFLIGHT_WINDOW_MS)),
    ]);
    return new Map(deps.instances.map((i) => [i, Math.max(0, (remaining[i] ?? 0) - (inflight[i] ?? 0))]));
  }

  /**
   * Dispatched sends whose job may have been lost (a crash between claim and
   * enqueue): enqueue again with the same key and job id, a no-op when the job
   * exists. Template text only: if the job exists its own text is the one sent.
   * Past the in-flight window a send is stuck (its job failed for good) and left alone.
   */
  async function redispatch(running: Campaign[], now: Date): Promise<void> {
    const stale = await store.dispatched({
      before: new Date(now.getTime() - REDISPATCH_AFTER_MS),
      since: new Date(now.getTime() - INFLIGHT_WINDOW_MS),
      limit: 500,
    });
    for (const c of running) {
      const mine = stale.filter((s) => s.campaign_id === c.id && s.campaign_status === 'running');
      if (mine.length) await enqueue(c, mine, now, false);
    }
  }

  return {
    async tick(): Promise<TickResult> {
      const now = deps.clock.now();
      const { settled } = await store.sync(now);
      const withdrawn = await withdrawStopped(store, deps.withdraw, deps.clock);
      let planned = 0;
      for (const c of await store.due(now)) planned += await planCampaign(store, c, now, deps.planBatchSize);
      const result = (skipped?: TickResult['skipped'], enqueued = 0): TickResult => ({ enqueued, planned, settled, withdrawn, ...(skipped && { skipped }) });

      // toggle_campanhas and the kill switch: keep the records queued rather than burn them as blocked sends.
      const flags = await deps.flags.get();
      if (flags.safeMode.enabled) return result('safe_mode');
      if (!flags.campaigns.enabled) {
        const held = await withdrawHeld(store, deps.withdraw, deps.clock, (await store.running()).map((c) => c.id));
        return { ...result('campaigns_disabled'), withdrawn: withdrawn + held };
      }
      if (!isBusinessHours(now, deps.businessHours ?? DEFAULT_BUSINESS_HOURS)) return result('business_hours');

      const running = await store.running();
      await redispatch(running, now);
      const budget = await headroom(now);
      let left = Math.min(deps.maxPerTick ?? 2_000, [...budget.values()].reduce((a, b) => a + b, 0));
      if (left === 0) return result('no_capacity');
      let enqueued = 0;
      for (const c of running) {
        if (left <= 0) break;
        const sends = await store.claim(c.id, left, now);
        if (!sends.length) continue;
        assign(sends, budget);
        await store.assign(sends.map((s) => ({ id: s.id, instance: s.instance! })));
        await enqueue(c, sends, now);
        left -= sends.length;
        enqueued += sends.length;
        // A pause that landed while we enqueued: take those jobs straight back.
        const fresh = await store.get(c.id);
        if (fresh?.status !== 'running') await withdrawStopped(store, deps.withdraw, deps.clock, c.id);
      }
      return result(undefined, enqueued);
    },
  };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
