import type { Clock } from '../shared/index.js';
import type { CampaignStore } from './campaign-store.js';

/**
 * Takes not-yet-started outbound jobs back out of the queue (by idempotency
 * key) and returns the keys it removed. A job already running cannot be
 * withdrawn: it is in the act of sending, and campaign_sync records it.
 */
export type OutboundWithdraw = (keys: string[]) => Promise<string[]>;

/** Pause/cancel: every dispatched, unsent record of stopped campaigns goes back (or is skipped). */
export async function withdrawStopped(store: CampaignStore, withdraw: OutboundWithdraw, clock: Clock, campaignId?: string): Promise<number> {
  const sends = await store.dispatched(campaignId ? { campaignId } : {});
  const stopped = sends.filter((s) => s.campaign_status !== 'running' && s.campaign_status !== 'scheduled');
  if (!stopped.length) return 0;
  const removed = await withdraw(stopped.map((s) => s.outbound_key));
  if (!removed.length) return 0;
  return (await store.release(removed, clock.now())).released;
}
