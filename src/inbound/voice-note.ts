import type { InboundMessage } from './inbound-message.js';
import type { TranscriptState } from './read-audio.js';

/** A doctor's voice note with no words yet: our transcription provider is asked for them. */
export function awaitsTranscript(m: InboundMessage): boolean {
  return m.kind === 'audio' && !m.fromMe && !m.isGroup && m.text.trim() === '';
}

/** The audio file Evolution put in the webhook (webhook_base64), if any. */
export function webhookAudioOf(m: InboundMessage): string | null {
  const v = m.extra['mediaBase64'];
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * The message as it is stored: the file is never kept in the database (it
 * travels in the transcription job only), and a voice note we will transcribe
 * is stored as pending in the same insert, so a turn never takes it for one
 * that has no words.
 */
export function forStorage(m: InboundMessage, transcribe: boolean): InboundMessage {
  if (m.kind !== 'audio') return m;
  const { mediaBase64: _file, ...extra } = m.extra;
  const pending: TranscriptState = { status: 'pending', source: 'provider' };
  return { ...m, extra: transcribe && awaitsTranscript(m) ? { ...extra, transcript: pending } : extra };
}
