import type { Db } from '../db/index.js';
import type { Campaign, CampaignProgress, ClaimedSend } from './types.js';

type Transition = { ok: true; from: string; campaign: Campaign } | { ok: false; error: 'not_found' | 'invalid_transition'; from?: string; campaign?: Campaign };

/** The campaign tables, only through their SQL functions (supabase/migrations/0100_campaigns.sql). */
export function createCampaignStore(db: Db) {
  return {
    create: (c: Record<string, unknown>) => db.rpc<Campaign>('campaign_create', { p_campaign: c }),
    get: (id: string) => db.rpc<Campaign | null>('campaign_get', { p_campaign_id: id }),
    list: (limit = 50) => db.rpc<Campaign[]>('campaign_list', { p_limit: limit }),
    transition: (id: string, action: string, now: Date, at?: Date) =>
      db.rpc<Transition>('campaign_transition', { p_campaign_id: id, p_action: action, p_now: now, p_at: at ?? null }),
    running: () => db.rpc<Campaign[]>('campaign_running'),
    due: (now: Date) => db.rpc<Campaign[]>('campaign_due', { p_now: now }),
    planBatch: (id: string, now: Date, limit: number) =>
      db.rpc<{ ok: boolean; done?: boolean; inserted?: number; status?: string }>('campaign_plan_batch', { p_campaign_id: id, p_now: now, p_limit: limit }),
    sync: (now: Date) => db.rpc<{ settled: number; completed: number }>('campaign_sync', { p_now: now }),
    inflight: (since: Date) => db.rpc<Record<string, number>>('campaign_inflight', { p_since: since }),
    claim: (id: string, limit: number, now: Date) => db.rpc<ClaimedSend[]>('campaign_claim_sends', { p_campaign_id: id, p_limit: limit, p_now: now }),
    assign: (rows: Array<{ id: number; instance: string }>) => db.rpc('campaign_assign_instances', { p_rows: rows }),
    dispatched: (opts: { campaignId?: string; before?: Date; since?: Date; limit?: number } = {}) =>
      db.rpc<ClaimedSend[]>('campaign_dispatched', {
        p_campaign_id: opts.campaignId ?? null,
        p_before: opts.before ?? null,
        p_limit: opts.limit ?? 1000,
        p_since: opts.since ?? null,
      }),
    release: (keys: string[], now: Date) => db.rpc<{ released: number }>('campaign_release_sends', { p_keys: keys, p_now: now }),
    progress: (id: string) => db.rpc<CampaignProgress>('campaign_progress', { p_campaign_id: id }),
    attribution: (doctorId: string, at: Date) =>
      db.rpc<{ campaign_id: string; sent_at: string } | null>('campaign_attribution', { p_doctor_id: doctorId, p_at: at }),
  };
}
export type CampaignStore = ReturnType<typeof createCampaignStore>;
