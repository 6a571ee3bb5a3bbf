import type { Job } from 'bullmq';
import { z } from 'zod';
import type { JobQueue } from '../src/shared/index.js';
import { MAX_VOICE_NOTE_BASE64, transcribeVoiceNote, type TranscribeDeps } from '../src/voice/index.js';
import { ensureTurn, scheduleTurn } from './inbound.js';
import { defineJob } from './job-definition.js';

/**
 * The `transcribe` job: a doctor's voice note to words, off the webhook and
 * the inbound job. On the turn queue: it waits on the network, like a turn.
 * Its turn is armed once the words are stored, or once it gives up (the
 * doctor is then asked to type); until then turns leave the conversation
 * pending (await-transcript.ts).
 */
export const transcribeJob = defineJob({
  queue: 'turn',
  payload: z.object({
    instance: z.string().min(1),
    providerMessageId: z.string().min(1).max(200),
    // A file over the cap is not carried here: the job fetches it and refuses it by size.
    mediaBase64: z.string().max(MAX_VOICE_NOTE_BASE64).optional(),
  }),
  // Waits 2, 4, 8 s between four tries: a doctor waits under a few minutes at worst.
  attempts: 4,
  backoffMs: 2_000,
  // The payload may carry the doctor's voice: gone from Redis once done.
  dropOnComplete: true,
});

export type TranscribePayload = z.infer<typeof transcribeJob.payload>;

export function transcribeHandler(deps: TranscribeDeps & { queue: JobQueue; turnDebounceMs: number }) {
  return async (payload: TranscribePayload, job: Job) => {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const r = await transcribeVoiceNote(deps, { ...payload, lastAttempt });
    if (r.status === 'transcribed' || r.status === 'failed') await scheduleTurn(deps.queue, r.conversationId, deps.turnDebounceMs);
    else if (r.status === 'settled') await ensureTurn(deps.queue, r.conversationId, deps.turnDebounceMs);
    return { status: r.status };
  };
}
