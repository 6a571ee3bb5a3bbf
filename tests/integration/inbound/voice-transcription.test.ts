import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTranscriptionClient, TranscriptionError } from '../../../src/integrations/transcription/index.js';
import { silentLogger, type JobQueue } from '../../../src/shared/index.js';
import { MAX_VOICE_NOTE_BASE64, transcribeVoiceNote, type TranscribeDeps } from '../../../src/voice/index.js';
import { inboundHandler } from '../../../workers/inbound.js';
import { startTranscriptionFake, type TranscriptionFake } from '../../fakes/index.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

const OGG = Buffer.from('OggS\u0000\u0002 voice note bytes for the test', 'latin1');

/** Records what the inbound job enqueues instead of running it (the job itself is driven by hand). */
function recordingQueue() {
  const jobs: Array<{ name: string; payload: any; opts: any }> = [];
  const queue: JobQueue = { enqueue: async (name, payload, opts) => (jobs.push({ name, payload, opts }), { jobId: opts?.jobId ?? name }) };
  return { queue, jobs };
}

describe('voice note transcription (SQL, job and client)', () => {
  let db: TestDb;
  let stt: TranscriptionFake;
  beforeAll(async () => {
    db = await createTestDb();
    stt = await startTranscriptionFake();
  });
  afterAll(async () => {
    await db.close();
    await stt.close();
  });
  beforeEach(() => stt.reset());

  const deps = (over: Partial<TranscribeDeps> = {}): TranscribeDeps => ({
    db,
    logger: silentLogger,
    speech: createTranscriptionClient({ baseUrl: `${stt.url}/v1`, apiKey: stt.apiKey, model: 'whisper-1', language: 'pt', timeoutMs: 2_000 }),
    fetchMedia: async () => ({ base64: OGG.toString('base64'), mimetype: 'audio/ogg; codecs=opus' }),
    ...over,
  });
  const row = async (id: string) =>
    (await db.pg.query<{ body: string | null; transcript: any }>(`select body, meta->'extra'->'transcript' transcript from interactions where provider_message_id = $1`, [id])).rows[0]!;
  /** Stores a voice note through the inbound job, as pending; returns what the job enqueued. */
  async function storeVoiceNote(id: string, phone: string, fixture = 'v2.3-audio-ptt') {
    const { queue, jobs } = recordingQueue();
    await inboundHandler({ db, queue, logger: silentLogger, turnDebounceMs: 0, transcribes: true })({ ...inboundFrom(fixture, { id, remoteJid: `${phone}@s.whatsapp.net` }), fromMeAttempt: 0 });
    return jobs;
  }

  it('the inbound job stores a voice note as pending and hands it to the transcribe job (no turn yet)', async () => {
    const jobs = await storeVoiceNote('VT-1', '5511973000001', 'v2.3-audio-ptt-base64');
    expect(jobs.map((j) => j.name)).toEqual(['transcribe']);
    expect(jobs[0]!.payload).toMatchObject({ instance: 'julia-prod', providerMessageId: 'VT-1', mediaBase64: expect.stringMatching(/^T2dnUw/) });
    expect(jobs[0]!.opts.jobId).toMatch(/VT-1/);
    expect(await row('VT-1')).toEqual({ body: '', transcript: { status: 'pending', source: 'provider' } });
    // A redelivery hands it over again under the same job id (a no-op while that job exists).
    const again = await storeVoiceNote('VT-1', '5511973000001', 'v2.3-audio-ptt-base64');
    expect(again.map((j) => [j.name, j.opts.jobId])).toEqual([['transcribe', jobs[0]!.opts.jobId]]);
  });

  it("Evolution's transcript goes straight to a turn; so does every voice note when no provider is configured", async () => {
    const { queue, jobs } = recordingQueue();
    await inboundHandler({ db, queue, logger: silentLogger, turnDebounceMs: 0, transcribes: true })({ ...inboundFrom('v2.3-audio-speech-to-text', { id: 'VT-2', remoteJid: '5511973000002@s.whatsapp.net' }), fromMeAttempt: 0 });
    await inboundHandler({ db, queue, logger: silentLogger, turnDebounceMs: 0 })({ ...inboundFrom('v2.3-audio-ptt-base64', { id: 'VT-3', remoteJid: '5511973000003@s.whatsapp.net' }), fromMeAttempt: 0 });
    expect(jobs.map((j) => j.name)).toEqual(['turn', 'turn']);
    expect((await row('VT-3')).transcript).toBeNull();
    const meta = (await db.pg.query<{ meta: unknown }>(`select meta from interactions where provider_message_id = 'VT-3'`)).rows[0]!.meta;
    expect(JSON.stringify(meta)).not.toContain('T2dnUw');
  });

  it('transcribes once: a second run, or two at once, change nothing and call the provider no more', async () => {
    await storeVoiceNote('VT-4', '5511973000004');
    stt.say('pode reservar', 'outra coisa');
    const [a, b] = await Promise.all([
      transcribeVoiceNote(deps(), { instance: 'julia-prod', providerMessageId: 'VT-4', lastAttempt: false }),
      transcribeVoiceNote(deps(), { instance: 'julia-prod', providerMessageId: 'VT-4', lastAttempt: false }),
    ]);
    // Both may reach the provider (neither knew of the other), or the second may find the note
    // already settled by the first; either way exactly one settles it (one event, one body).
    expect([['transcribed', 'transcribed'], ['settled', 'transcribed']]).toContainEqual([a.status, b.status].sort());
    const settled = await row('VT-4');
    expect(['pode reservar', 'outra coisa']).toContain(settled.body);
    expect(settled.transcript).toMatchObject({ status: 'done', source: 'provider' });
    const events = await db.pg.query(`select props from business_events where event_type = 'voice_transcribed' and interaction_id = (select id from interactions where provider_message_id = 'VT-4')`);
    expect(events.rows).toHaveLength(1);
    expect(JSON.stringify(events.rows[0])).not.toContain('reservar');
    const calls = stt.transcriptions().length;
    expect(await transcribeVoiceNote(deps(), { instance: 'julia-prod', providerMessageId: 'VT-4', lastAttempt: true })).toMatchObject({ status: 'settled' });
    expect(stt.transcriptions()).toHaveLength(calls);
    expect((await row('VT-4')).body).toBe(settled.body);
  });

  it('a retryable failure is thrown for the job to retry (note still pending); on the last attempt it settles as failed', async () => {
    await storeVoiceNote('VT-5', '5511973000005');
    stt.failNext(2, 503);
    await expect(transcribeVoiceNote(deps(), { instance: 'julia-prod', providerMessageId: 'VT-5', lastAttempt: false })).rejects.toMatchObject({ retryable: true });
    expect((await row('VT-5')).transcript.status).toBe('pending');
    expect(await transcribeVoiceNote(deps(), { instance: 'julia-prod', providerMessageId: 'VT-5', lastAttempt: true })).toMatchObject({ status: 'failed' });
    expect(await row('VT-5')).toMatchObject({ body: '', transcript: { status: 'failed', source: 'provider' } });
  });

  it('settles as failed at once what a retry cannot fix: a refusal, a file over the cap, no file, no words', async () => {
    const cases: Array<[string, Partial<TranscribeDeps>, () => void]> = [
      ['VT-6', {}, () => stt.failNext(1, 400)],
      ['VT-7', { fetchMedia: async () => ({ base64: 'A'.repeat(MAX_VOICE_NOTE_BASE64 + 4), mimetype: 'audio/ogg' }) }, () => {}],
      ['VT-8', { fetchMedia: async () => null }, () => {}],
      ['VT-9', {}, () => stt.say('   ')],
    ];
    for (const [id, over, arrange] of cases) {
      await storeVoiceNote(id, `55119730000${id.slice(-1)}0`);
      arrange();
      expect(await transcribeVoiceNote(deps(over), { instance: 'julia-prod', providerMessageId: id, lastAttempt: false })).toMatchObject({ status: 'failed' });
      expect((await row(id)).transcript.status).toBe('failed');
    }
    // The oversized file never reached the provider.
    expect(stt.transcriptions().every((t) => t.file.length < 1_000)).toBe(true);
  });

  it('a run that died after the provider answered (nothing stored) transcribes again on retry', async () => {
    await storeVoiceNote('VT-10', '5511973000100');
    stt.say('primeira', 'segunda');
    const dying = deps({ db: { ...db, rpc: (async (name: string, args: unknown) => {
      if (name === 'voice_transcript_settle') throw new Error('process died');
      return db.rpc(name, args as never);
    }) as typeof db.rpc } });
    await expect(transcribeVoiceNote(dying, { instance: 'julia-prod', providerMessageId: 'VT-10', lastAttempt: false })).rejects.toThrow('process died');
    expect((await row('VT-10')).transcript.status).toBe('pending');
    expect(await transcribeVoiceNote(deps(), { instance: 'julia-prod', providerMessageId: 'VT-10', lastAttempt: false })).toMatchObject({ status: 'transcribed' });
    expect((await row('VT-10')).body).toBe('segunda');
  });

  it('interactions stay append-only: only a pending voice note can be settled, and only its words and meta', async () => {
    await storeVoiceNote('VT-11', '5511973000110');
    const id = (await db.pg.query<{ id: string }>(`select id from interactions where provider_message_id = 'VT-11'`)).rows[0]!.id;
    await expect(db.pg.query(`update interactions set body = 'forjado' where id = $1`, [id])).rejects.toThrow(/append-only/);
    // Even with the flag on, a change beyond body and meta is refused.
    await db.pg.query(`select set_config('julia.voice_transcript', 'on', false)`);
    await expect(db.pg.query(`update interactions set body = 'x', kind = 'text' where id = $1`, [id])).rejects.toThrow(/append-only/);
    await db.pg.query(`select set_config('julia.voice_transcript', 'off', false)`);
    await expect(db.rpc('voice_transcript_settle', { p_interaction_id: id, p_status: 'done', p_text: '  ' })).rejects.toThrow(/needs its text/);
    expect(await db.rpc('voice_transcript_settle', { p_interaction_id: id, p_status: 'done', p_text: 'ok' })).toMatchObject({ settled: true });
    expect(await db.rpc('voice_transcript_settle', { p_interaction_id: id, p_status: 'failed' })).toMatchObject({ settled: false });
    expect((await row('VT-11')).body).toBe('ok');
  });
});

describe('transcription client (OpenAI-compatible /v1/audio/transcriptions)', () => {
  let stt: TranscriptionFake;
  beforeAll(async () => {
    stt = await startTranscriptionFake();
  });
  afterAll(() => stt.close());
  beforeEach(() => stt.reset());

  it('posts multipart file, model, language and response_format with a bearer key, and reads { text }', async () => {
    stt.say('  quero o plantão  ');
    const client = createTranscriptionClient({ baseUrl: `${stt.url}/v1/`, apiKey: stt.apiKey, model: 'whisper-large-v3-turbo', language: 'pt' });
    expect(await client.transcribe({ data: OGG, mimetype: 'audio/ogg; codecs=opus' })).toBe('quero o plantão');
    expect(stt.transcriptions()[0]).toMatchObject({ model: 'whisper-large-v3-turbo', language: 'pt', responseFormat: 'json', fileName: 'audio.ogg', mimetype: 'audio/ogg' });
    expect(stt.transcriptions()[0]!.file.equals(OGG)).toBe(true);
    // The full endpoint works as the base too.
    const full = createTranscriptionClient({ baseUrl: `${stt.url}/v1/audio/transcriptions`, apiKey: stt.apiKey, model: 'm' });
    await full.transcribe({ data: OGG, mimetype: null });
    expect(stt.transcriptions()).toHaveLength(2);
  });

  it('tells a retryable failure (5xx, 429, timeout, refused) from a final one (401, 400)', async () => {
    const client = createTranscriptionClient({ baseUrl: `${stt.url}/v1`, apiKey: stt.apiKey, model: 'm', timeoutMs: 1_000 });
    const failure = (p: Promise<unknown>) => p.then(() => null, (e: TranscriptionError) => ({ status: e.status, retryable: e.retryable }));
    stt.failNext(1, 500);
    expect(await failure(client.transcribe({ data: OGG, mimetype: null }))).toEqual({ status: 500, retryable: true });
    stt.failNext(1, 429);
    expect(await failure(client.transcribe({ data: OGG, mimetype: null }))).toEqual({ status: 429, retryable: true });
    stt.failNext(1, 400);
    expect(await failure(client.transcribe({ data: OGG, mimetype: null }))).toEqual({ status: 400, retryable: false });
    const wrongKey = createTranscriptionClient({ baseUrl: `${stt.url}/v1`, apiKey: 'nope', model: 'm' });
    expect(await failure(wrongKey.transcribe({ data: OGG, mimetype: null }))).toEqual({ status: 401, retryable: false });
    stt.hangNext(1);
    const started = Date.now();
    expect(await failure(client.transcribe({ data: OGG, mimetype: null }))).toEqual({ status: undefined, retryable: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    const refused = createTranscriptionClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
    expect(await failure(refused.transcribe({ data: OGG, mimetype: null }))).toEqual({ status: undefined, retryable: true });
  });
});
