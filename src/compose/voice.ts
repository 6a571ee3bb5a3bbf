import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { createTranscriptionClient, TranscriptionError } from '../integrations/transcription/index.js';
import type { FetchMedia, SpeechToText } from '../voice/index.js';
import { transcribeHandler } from '../../workers/transcribe.js';

/** Evolution's getBase64FromMediaMessage for a received message (the client times out, retries and caps it). */
export function fetchMediaOf(deps: Pick<AppDeps, 'whatsapp'>): FetchMedia {
  return (instance, remoteJid, id) => deps.whatsapp.getMediaBase64(instance, { remoteJid, id });
}

/**
 * Voice notes (docs/decisions/0245-voice-notes.md): with a transcription provider
 * configured, the `transcribe` job turns a voice note Evolution did not transcribe
 * into words. Without one the inbound job stores voice notes as they come (the
 * doctor is asked to type) and enqueues no transcription.
 */
export function composeVoice(deps: AppDeps): Capability {
  const { config, db, logger, queue } = deps;
  // The handler runs even unconfigured: a job left in the queue when the provider was switched
  // off settles its voice note as failed (the doctor is asked to type) instead of failing forever.
  const speech: SpeechToText =
    config.TRANSCRIPTION_API_URL && config.TRANSCRIPTION_API_KEY && config.TRANSCRIPTION_MODEL
      ? createTranscriptionClient({
          baseUrl: config.TRANSCRIPTION_API_URL,
          apiKey: config.TRANSCRIPTION_API_KEY,
          model: config.TRANSCRIPTION_MODEL,
          language: config.TRANSCRIPTION_LANGUAGE,
          timeoutMs: config.TRANSCRIPTION_TIMEOUT_MS,
        })
      : { transcribe: () => Promise.reject(new TranscriptionError('transcription: no provider configured', undefined, false)) };
  return {
    name: 'voice',
    handlers: {
      transcribe: transcribeHandler({ db, logger, speech, fetchMedia: fetchMediaOf(deps), queue, turnDebounceMs: config.TURN_DEBOUNCE_MS }),
    },
  };
}

/** Whether the inbound job hands voice notes to the `transcribe` job. */
export const transcribes = (config: AppDeps['config']) => Boolean(config.TRANSCRIPTION_API_URL && config.TRANSCRIPTION_API_KEY && config.TRANSCRIPTION_MODEL);
