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

/**
 * Campaigns switched off (toggle_campanhas): the running campaigns' jobs still in the
 * queue go back to their campaign's queue too, to leave once the switch is on again,
 * rather than run now and be blocked for good by R4a.
 */
export async function withdrawHeld(store: CampaignStore, withdraw: OutboundWithdraw, clock: Clock, campaignIds: string[]): Promise<number> {
  let released = 0;
  for (const campaignId of campaignIds) {
    const sends = await store.dispatched({ campaignId });
    if (!sends.length) continue;
    const removed = await withdraw(sends.map((s) => s.outbound_key));
    if (removed.length) released += (await store.release(removed, clock.now())).released;
  }
  return released;
}
