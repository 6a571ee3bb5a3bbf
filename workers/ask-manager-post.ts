import { z } from 'zod';
import type { AskManager } from '../src/ask-manager/index.js';
import { defineJob } from './job-definition.js';

/**
 * `ask-manager-post`: a consultar_gestor question posted to the managers' channel.
 * Retried while Slack is unreachable; a question already posted is not posted again.
 */
export const askManagerPostJob = defineJob({ queue: 'supervision', payload: z.object({ questionId: z.uuid() }), attempts: 8, backoffMs: 2_000 });

export function askManagerPostHandler(asks: AskManager) {
  return async ({ questionId }: { questionId: string }) => ({ status: await asks.post(questionId) });
}
