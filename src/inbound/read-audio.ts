import { declaredBytes } from './declared-bytes.js';
/**
 * A WhatsApp audio (Baileys `audioMessage`) as Evolution posts it. Evolution's
 * OpenAI speech-to-text setting adds the transcript beside the audio, in
 * `message.speechToText`: the bare text up to 2.2, `"[audio] " + text` from 2.3
 * (and `"[audio] null"` or `"[audio] undefined"` when its own call failed). With
 * `webhook_base64` on, the file itself comes as `message.base64`.
 */

/** Where a voice note's words came from; kept on the interaction (meta.extra.transcript). */
export type TranscriptSource = 'evolution' | 'provider';

export interface TranscriptState {
  /** pending: our provider will transcribe it; done: `text` holds it; failed: the doctor is asked to type. */
  status: 'pending' | 'done' | 'failed';
  source?: TranscriptSource;
}

/** Evolution's transcript without its marker; null when there is none worth reading. */
export function evolutionTranscript(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/^\s*\[audio\]\s*/i, '').trim();
  return text === '' || /^(null|undefined)$/i.test(text) ? null : text;
}

/** The webhook's copy of the file, when Evolution sent one (base64 characters only). */
export function webhookAudio(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const b64 = value.replace(/^data:[^,]*,/, '').trim();
  return b64.length > 0 && /^[A-Za-z0-9+/=\s]+$/.test(b64) ? b64 : null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** `message` is the one holding `audioMessage` (speechToText and base64 sit beside it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Baileys proto is loosely typed JSON.
export function readAudio(message: Record<string, any>) {
  const a = (message.audioMessage && typeof message.audioMessage === 'object' ? message.audioMessage : {}) as Record<string, unknown>;
  const transcript = evolutionTranscript(message.speechToText);
  const base64 = webhookAudio(message.base64);
  const bytes = declaredBytes(a.fileLength);
  const seconds = typeof a.seconds === 'number' ? a.seconds : typeof a.seconds === 'string' && /^\d+$/.test(a.seconds) ? Number(a.seconds) : null;
  return {
    kind: 'audio' as const,
    text: transcript ?? '',
    media: { mimetype: text(a.mimetype), url: text(a.url), seconds, fileName: null, ptt: a.ptt === true },
    targetId: null,
    extra: {
      ...(bytes !== null ? { fileLength: bytes } : {}),
      ...(transcript !== null ? { transcript: { status: 'done', source: 'evolution' } satisfies TranscriptState } : {}),
      // Travels to the inbound job only; never stored (the job takes it off before persisting).
      ...(base64 !== null ? { mediaBase64: base64 } : {}),
    },
  };
}
