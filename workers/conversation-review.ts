import { z } from 'zod';
import type { ReviewReport } from '../src/quality/index.js';
import { defineJob } from './job-definition.js';

/**
 * The daily conversation review (spec section 6, 02:00 São Paulo). A retry is
 * safe: reviews are stored once per day and conversation. The digest may be
 * posted again on a retry after it was sent, which a manager can live with.
 */
export const conversationReviewJob = defineJob({
  queue: 'scheduled', payload: z.object({}).passthrough(), attempts: 3, backoffMs: 60_000,
  schedule: () => [{ pattern: '0 2 * * *' }],
});

export function conversationReviewHandler(review: () => Promise<ReviewReport>) {
  return async () => review();
}
