import { AppError } from '../../shared/errors.js';

/** Speech to text through any OpenAI-compatible `/v1/audio/transcriptions` (OpenAI, Groq, a local whisper server). */
export interface Transcriber {
  transcribe(audio: { data: Buffer; mimetype: string | null }): Promise<string>;
}

export interface TranscriptionOptions {
  /** The API base (`https://api.openai.com/v1`) or the full endpoint (`…/audio/transcriptions`). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** ISO-639-1 hint; doctors speak Portuguese. */
  language?: string;
  timeoutMs?: number;
}

/** `retryable`: a timeout, a refused connection, 408, 429 or 5xx; anything else will fail again. */
export class TranscriptionError extends AppError {
  constructor(message: string, readonly status: number | undefined, readonly retryable: boolean) {
    super('transcription', message, { status });
  }
}

/** Providers name the file's type from its extension; WhatsApp voice notes are Ogg/Opus. */
const EXTENSIONS: Array<[RegExp, string]> = [
  [/ogg|opus/, 'ogg'], [/mpeg|mp3/, 'mp3'], [/mp4|m4a|aac/, 'm4a'], [/wav/, 'wav'], [/webm/, 'webm'], [/flac/, 'flac'], [/amr/, 'amr'],
];

export function fileNameFor(mimetype: string | null): string {
  const type = (mimetype ?? '').toLowerCase();
  return `audio.${EXTENSIONS.find(([re]) => re.test(type))?.[1] ?? 'ogg'}`;
}

export function endpointOf(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/audio\/transcriptions$/.test(base) ? base : `${base}/audio/transcriptions`;
}

/** One request per call; retries belong to the job that calls it (with backoff, and safe to repeat). */
export function createTranscriptionClient(opts: TranscriptionOptions): Transcriber {
  const url = endpointOf(opts.baseUrl);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  return {
    async transcribe(audio) {
      const form = new FormData();
      const type = (audio.mimetype ?? 'audio/ogg').split(';')[0]!.trim() || 'audio/ogg';
      form.append('file', new Blob([new Uint8Array(audio.data)], { type }), fileNameFor(audio.mimetype));
      form.append('model', opts.model);
      if (opts.language) form.append('language', opts.language);
      form.append('response_format', 'json');
      let res: Response;
      try {
        res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${opts.apiKey}` }, body: form, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const e = err as { name?: string; cause?: { code?: string } };
        throw new TranscriptionError(`transcription: ${e.cause?.code ?? e.name ?? 'network error'}`, undefined, true);
      }
      if (!res.ok) {
        // The body is not quoted: some providers echo the request.
        await res.body?.cancel().catch(() => undefined);
        const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
        throw new TranscriptionError(`transcription: HTTP ${res.status}`, res.status, retryable);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new TranscriptionError('transcription: answer is not JSON', res.status, true);
      }
      const text = (body as { text?: unknown } | null)?.text;
      if (typeof text !== 'string') throw new TranscriptionError('transcription: answer without text', res.status, false);
      return text.trim();
    },
  };
}
