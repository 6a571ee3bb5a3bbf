import type { OfferedShift, OutboundWithdraw } from '../campaigns/index.js';
import type { Db } from '../db/index.js';
import type { FlagStore } from '../flags/index.js';
import type { OutboundEnqueuer } from '../outbound/index.js';
import { DEFAULT_BUSINESS_HOURS, isBusinessHours, type BusinessHours, type Clock, type Logger } from '../shared/index.js';
import { fillOfferText } from './offer-text.js';
import { createPlannerStore, type PlannedOffer } from './planner-store.js';
import { waveParams } from './waves.js';

export interface FillPlannerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  flags: Pick<FlagStore, 'get'>;
  outbound: OutboundEnqueuer;
  withdraw: OutboundWithdraw;
  horizonDays: number;
  registrationRequired: boolean;
  businessHours?: BusinessHours;
}

export interface FillTickResult {
  plans_created: number;
  waves: number;
  planned: number;
  enqueued: number;
  withdrawn: number;
  skipped?: 'disabled' | 'safe_mode' | 'business_hours';
}

/** Stops withdraw queued jobs for this long after they happened (the send-time re-check covers the rest). */
const WITHDRAW_LOOKBACK_MS = 3_600_000;

/**
 * One run of the fill job (every minute). Settles what the wrapper decided, creates
 * plans for new open shifts, withdraws offers of stopped plans, then sends each due
 * plan's next wave, most urgent shift first. A wave is committed as planned offers
 * before any job is enqueued; every run enqueues the planned offers the wrapper has
 * no record of (same key, same job id), so a crash between the two neither skips
 * nor repeats an offer.
 */
export function createFillPlanner(deps: FillPlannerDeps) {
  const store = createPlannerStore(deps.db);
  const shifts = new Map<string, OfferedShift | null>();

  async function shiftOf(id: string): Promise<OfferedShift | null> {
    if (!shifts.has(id)) shifts.set(id, await deps.db.rpc<OfferedShift | null>('agent_shift_json', { p_shift_id: id }));
    return shifts.get(id) ?? null;
  }

  async function enqueue(offers: PlannedOffer[]): Promise<number> {
    let n = 0;
    for (const o of offers) {
      const shift = await shiftOf(o.shift_id);
      if (!shift) continue;
      await deps.outbound.enqueueOutbound(
        { method: 'FILL_OFFER', doctorId: o.doctor_id, fillShiftId: o.shift_id, actor: 'julia' },
        fillOfferText(o, shift),
        { idempotencyKey: o.outbound_key },
      );
      n += 1;
    }
    return n;
  }

  return {
    async tick(): Promise<FillTickResult> {
      shifts.clear();
      const now = deps.clock.now();
      const synced = await store.sync(now, deps.horizonDays);
      const keys = await store.withdrawable(new Date(now.getTime() - WITHDRAW_LOOKBACK_MS));
      const withdrawn = keys.length ? (await deps.withdraw(keys)).length : 0;
      const result = (extra: Partial<FillTickResult>): FillTickResult => ({ plans_created: synced.created, waves: 0, planned: 0, enqueued: 0, withdrawn, ...extra });

      const flags = await deps.flags.get();
      if (!flags.fillPlans.enabled) return result({ skipped: 'disabled' });
      if (flags.safeMode.enabled) return result({ skipped: 'safe_mode' });
      if (!isBusinessHours(now, deps.businessHours ?? DEFAULT_BUSINESS_HOURS)) return result({ skipped: 'business_hours' });

      // Offers planned by an earlier run whose job may be lost (a crash after the wave's commit).
      let enqueued = await enqueue(await store.unsent(now));
      let waves = 0;
      let planned = 0;
      const due = await store.due(now);
      if (due.length) await store.refreshCandidates(now, deps.registrationRequired);
      for (const plan of due) {
        const res = await store.wave(plan.shift_id, now, waveParams(new Date(plan.starts_at), now), deps.registrationRequired);
        if (!res.ok) continue;
        // A wave that found nobody is not counted, and its plan stays due for the next run.
        if (res.offers.length === 0) {
          await store.keepDue(plan.shift_id, res.wave, now);
          continue;
        }
        waves += 1;
        planned += res.offers.length;
        enqueued += await enqueue(res.offers);
      }
      if (waves) deps.logger.info({ waves, planned, at: now.toISOString() }, 'fill waves sent');
      return result({ waves, planned, enqueued });
    },
  };
}
export type FillPlanner = ReturnType<typeof createFillPlanner>;
