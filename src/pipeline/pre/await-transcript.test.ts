import { describe, expect, it } from 'vitest';
import type { PendingMessage, TurnContext } from '../turn-context.js';
import { awaitTranscript, TRANSCRIPT_WAIT_MS } from './await-transcript.js';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const note = (over: Partial<PendingMessage> & { status?: string; ageMs?: number }): PendingMessage => ({
  id: over.id ?? 'i1', kind: over.kind ?? 'audio', text: over.text ?? '', media: null,
  meta: over.status ? { extra: { transcript: { status: over.status, source: 'provider' } } } : { extra: {} },
  instance: 'julia-prod', providerMessageId: 'p1', sentAt: new Date(NOW - (over.ageMs ?? 5_000)).toISOString(),
  receivedAt: new Date(NOW - (over.ageMs ?? 5_000)).toISOString(),
});
const run = (pending: PendingMessage[]) =>
  awaitTranscript.run({ loaded: { pending }, deps: { clock: { now: () => new Date(NOW) } } } as unknown as TurnContext);

describe('await_transcript', () => {
  it('holds the turn while a voice note is being transcribed', async () => {
    expect(await run([note({ status: 'pending' }), note({ id: 'i2', kind: 'text', text: 'consegue?' })])).toMatchObject({ action: 'stop', reason: 'awaiting_transcript' });
  });

  it('lets the turn go once the words are in, when they failed, or when none were asked for', async () => {
    for (const status of ['done', 'failed', undefined]) expect(await run([note(status ? { status } : {})])).toMatchObject({ action: 'continue' });
  });

  it('stops waiting for a transcription that never came back (its job lost): the doctor is asked to type', async () => {
    expect(await run([note({ status: 'pending', ageMs: TRANSCRIPT_WAIT_MS + 1_000 })])).toMatchObject({ action: 'continue' });
  });
});
