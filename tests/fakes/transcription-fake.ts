import { HttpFake, type FakeReply, type RecordedRequest } from './http-fake.js';
import { multipartOf } from './multipart.js';

export interface TranscriptionRequest {
  model: string;
  language: string | null;
  responseFormat: string | null;
  fileName: string;
  mimetype: string;
  file: Buffer;
}

const openAiError = (status: number, message: string, type = 'invalid_request_error'): FakeReply => ({
  status,
  body: { error: { message, type, param: null, code: null } },
});

/**
 * An OpenAI-compatible speech-to-text endpoint (`POST /v1/audio/transcriptions`,
 * multipart: file, model, language, response_format → `{ text }`), as OpenAI,
 * Groq and local whisper servers answer it. Plays scripted transcripts in order
 * (then the default), records every accepted request, and fails on demand
 * (failNext, hangNext from HttpFake).
 */
export class TranscriptionFake extends HttpFake {
  readonly apiKey: string;
  private script: string[] = [];
  private log: TranscriptionRequest[] = [];

  constructor(options: { apiKey?: string; defaultText?: string } = {}) {
    super('transcription fake');
    this.apiKey = options.apiKey ?? 'transcription-test-key';
    const fallback = options.defaultText ?? 'Oi, tudo bem? Pode me mandar as vagas da semana?';
    this.route('POST', '/v1/audio/transcriptions', async (req) => {
      const form = await multipartOf(req);
      if (!form) return openAiError(400, "Could not parse multipart form");
      const file = form.files.find((f) => f.field === 'file');
      if (!file) return openAiError(400, "'file' is a required property");
      const model = form.fields['model'];
      if (!model) return openAiError(400, "'model' is a required property");
      if (file.data.length === 0) return openAiError(400, 'Audio file is too short.');
      this.log.push({
        model, language: form.fields['language'] ?? null, responseFormat: form.fields['response_format'] ?? null,
        fileName: file.fileName, mimetype: file.mimetype, file: file.data,
      });
      const text = this.script.shift() ?? fallback;
      return { status: 200, body: { text } };
    });
  }

  /** The next transcriptions, in order. */
  say(...texts: string[]): this {
    this.script.push(...texts);
    return this;
  }

  transcriptions(): TranscriptionRequest[] {
    return [...this.log];
  }

  override reset(): void {
    super.reset();
    this.script = [];
    this.log = [];
  }

  protected override failureBody(status: number): unknown {
    return { error: { message: status >= 500 ? 'The server had an error while processing your request.' : 'injected failure', type: status >= 500 ? 'server_error' : 'invalid_request_error' } };
  }

  protected override authorize(req: RecordedRequest): FakeReply | undefined {
    if (req.headers['authorization'] !== `Bearer ${this.apiKey}`) return openAiError(401, 'Incorrect API key provided.', 'invalid_api_key');
    return undefined;
  }
}

export async function startTranscriptionFake(options: ConstructorParameters<typeof TranscriptionFake>[0] = {}): Promise<TranscriptionFake> {
  return new TranscriptionFake(options).listen();
}
