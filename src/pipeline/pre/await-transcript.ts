import { CONTINUE, stop, type Processor } from '../processor.js';
import { loaded, type PendingMessage } from '../turn-context.js';

/**
 * Past this, a transcription still pending is taken as failed (its job was
 * lost): the turn goes on and the doctor is asked to type, never left waiting.
 * Longer than the transcription job's attempts and backoff together.
 */
export const TRANSCRIPT_WAIT_MS = 10 * 60_000;

export function transcriptPending(m: PendingMessage): boolean {
  const t = m.meta?.extra?.['transcript'] as { status?: string } | undefined;
  return m.kind === 'audio' && t?.status === 'pending';
}

/**
 * A voice note being transcribed is not answered yet, nor are the messages
 * around it: every detector, the mirror and the model must read its words.
 * The turn ends as if nothing were pending; the transcription job arms the
 * next one when the words are stored (or when it gives up).
 */
export const awaitTranscript: Processor = {
  name: 'await_transcript',
  stage: 'pre',
  priority: 3,
  async run(ctx) {
    const now = ctx.deps.clock.now().getTime();
    const waiting = loaded(ctx).pending.filter((m) => transcriptPending(m) && now - Date.parse(m.receivedAt) < TRANSCRIPT_WAIT_MS);
    return waiting.length > 0 ? stop('awaiting_transcript') : CONTINUE;
  },
};
