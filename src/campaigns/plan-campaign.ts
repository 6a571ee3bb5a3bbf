import type { CampaignStore } from './campaign-store.js';
import type { Campaign } from './types.js';

/**
 * Creates a due campaign's send records in set-based batches (insert ... select
 * from the audience query), then marks it running. Each batch commits on its
 * own and the cursor is stored, so a crash resumes where it stopped; the
 * unique (campaign, doctor) key makes a repeated batch a no-op.
 */
export async function planCampaign(store: CampaignStore, c: Campaign, now: Date, batchSize = 20_000): Promise<number> {
  let inserted = 0;
  if (!c.planned_at) {
    for (;;) {
      const res = await store.planBatch(c.id, now, batchSize);
      if (!res.ok) return inserted; // paused or cancelled meanwhile
      inserted += res.inserted ?? 0;
      if (res.done) break;
    }
  }
  await store.transition(c.id, 'run', now);
  return inserted;
}
