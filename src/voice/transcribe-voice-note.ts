import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { decodeAudio, VoiceNoteTooLarge, type FetchMedia, type VoiceAudio } from './voice-audio.js';

/** Speech to text (integrations/transcription); the port keeps this folder free of vendors. */
export interface SpeechToText {
  transcribe(audio: { data: Buffer; mimetype: string | null }): Promise<string>;
}

export interface TranscribeDeps {
  db: Db;
  logger: Logger;
  speech: SpeechToText;
  fetchMedia: FetchMedia;
}

export interface TranscribeRequest {
  instance: string;
  providerMessageId: string;
  /** The file from the webhook (Evolution's webhook_base64), when it came with it. */
  mediaBase64?: string | undefined;
  /** No retry follows a failure of this attempt: settle the note as failed instead of throwing. */
  lastAttempt: boolean;
}

export type TranscribeOutcome =
  /** Words stored, or the note settled failed: its turn should run now. */
  | { status: 'transcribed' | 'failed'; conversationId: string }
  /** Already settled by an earlier run (or never pending): make sure its turn exists. */
  | { status: 'settled'; conversationId: string }
  | { status: 'missing' };

interface Note {
  interactionId: string;
  conversationId: string;
  chatJid: string | null;
  mimetype: string | null;
  status: 'pending' | 'done' | 'failed' | 'none';
}

/** A failure that will not change with a retry: a refusal, a file too big, no file, no words. */
const isFinal = (err: unknown) =>
  err instanceof VoiceNoteTooLarge || err instanceof FinalFailure || (typeof (err as { retryable?: unknown }).retryable === 'boolean' && !(err as { retryable: boolean }).retryable);

/** Nothing a retry would change: no file to fetch, or a file with no words in it. */
class FinalFailure extends Error {}

/**
 * Transcribes one stored voice note, once. Safe to run again at any point: the
 * note is settled in one statement that only touches it while pending, so a
 * run that died after the provider answered just transcribes again, and a run
 * after the note was settled changes nothing.
 */
export async function transcribeVoiceNote(deps: TranscribeDeps, req: TranscribeRequest): Promise<TranscribeOutcome> {
  const note = await deps.db.rpc<Note | null>('voice_note_load', { p_instance: req.instance, p_provider_message_id: req.providerMessageId });
  if (!note) return { status: 'missing' };
  if (note.status !== 'pending') return { status: 'settled', conversationId: note.conversationId };
  const started = Date.now();
  try {
    const audio = await audioOf(deps, req, note);
    const text = (await deps.speech.transcribe(audio)).trim();
    if (!text) throw new FinalFailure('the provider heard no words');
    await settle(deps.db, note, 'done', text, { bytes: audio.data.length, ms: Date.now() - started });
    return { status: 'transcribed', conversationId: note.conversationId };
  } catch (err) {
    const final = isFinal(err) || req.lastAttempt;
    deps.logger.warn({ err: (err as Error).message, interactionId: note.interactionId, final }, 'voice note transcription failed');
    if (!final) throw err;
    await settle(deps.db, note, 'failed', null, { error: (err as Error).message.slice(0, 200) });
    return { status: 'failed', conversationId: note.conversationId };
  }
}

async function audioOf(deps: TranscribeDeps, req: TranscribeRequest, note: Note): Promise<VoiceAudio> {
  if (req.mediaBase64) return decodeAudio(req.mediaBase64, note.mimetype);
  if (!note.chatJid) throw new FinalFailure('the voice note has no chat to fetch it from');
  const got = await deps.fetchMedia(req.instance, note.chatJid, req.providerMessageId);
  if (!got?.base64) throw new FinalFailure('Evolution gave no audio for the voice note');
  return decodeAudio(got.base64, note.mimetype ?? got.mimetype);
}

function settle(db: Db, note: Note, status: 'done' | 'failed', text: string | null, detail: Record<string, unknown>) {
  return db.rpc('voice_transcript_settle', { p_interaction_id: note.interactionId, p_status: status, p_text: text, p_detail: detail });
}
