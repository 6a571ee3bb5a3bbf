import type { Db } from '../db/index.js';

/**
 * The largest voice note we fetch, transcribe or attach (decoded bytes). About
 * fifteen minutes of WhatsApp's Opus; Evolution's media answer is capped just
 * above its base64 (evolution-client.ts), and transcription APIs take 25 MB.
 */
export const MAX_VOICE_NOTE_BYTES = 4_000_000;
export const MAX_VOICE_NOTE_BASE64 = Math.ceil(MAX_VOICE_NOTE_BYTES / 3) * 4;

/** Evolution's getBase64FromMediaMessage, behind a port (timeout, retries and size cap are the client's). */
export type FetchMedia = (instance: string, remoteJid: string, providerMessageId: string) => Promise<{ base64: string; mimetype: string } | null>;

export interface VoiceAudio {
  data: Buffer;
  mimetype: string | null;
}

/** A name whose extension says what the file is (Chatwoot and transcription APIs go by it). */
export function voiceFileName(mimetype: string | null, stem = 'audio'): string {
  const type = (mimetype ?? '').toLowerCase();
  const ext = /ogg|opus/.test(type) ? 'ogg' : /mpeg|mp3/.test(type) ? 'mp3' : /mp4|m4a|aac/.test(type) ? 'm4a' : /wav/.test(type) ? 'wav' : /webm/.test(type) ? 'webm' : 'ogg';
  return `${stem}.${ext}`;
}

export class VoiceNoteTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`voice note over ${MAX_VOICE_NOTE_BYTES} bytes (${bytes})`);
    this.name = 'VoiceNoteTooLarge';
  }
}

/** Base64 to bytes, refusing a file over the cap before decoding it. */
export function decodeAudio(base64: string, mimetype: string | null): VoiceAudio {
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (clean.length > MAX_VOICE_NOTE_BASE64) throw new VoiceNoteTooLarge(Math.floor((clean.length * 3) / 4));
  return { data: Buffer.from(clean, 'base64'), mimetype };
}

interface NoteMedia {
  instance: string | null;
  providerMessageId: string | null;
  chatJid: string | null;
  mimetype: string | null;
  awaitingWords: boolean | null;
}

/** A stored voice note whose transcript is still being made (not yet given up on). */
export async function voiceNoteAwaitingWords(db: Db, interactionId: string): Promise<boolean> {
  const m = await db.rpc<NoteMedia | null>('voice_note_media', { p_interaction_id: interactionId });
  return m?.awaitingWords === true;
}

/**
 * A stored voice note's audio, fetched again from Evolution (the database never
 * holds the file): for the supervisor's view in Chatwoot. Null when it is not a
 * voice note, cannot be located, or Evolution no longer has it.
 */
export async function loadVoiceAudio(deps: { db: Db; fetchMedia: FetchMedia }, interactionId: string): Promise<VoiceAudio | null> {
  const m = await deps.db.rpc<NoteMedia | null>('voice_note_media', { p_interaction_id: interactionId });
  if (!m?.instance || !m.providerMessageId || !m.chatJid) return null;
  const got = await deps.fetchMedia(m.instance, m.chatJid, m.providerMessageId);
  return got ? decodeAudio(got.base64, got.mimetype || m.mimetype) : null;
}
