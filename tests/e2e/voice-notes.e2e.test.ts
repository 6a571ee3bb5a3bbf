import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTranscriptionFake, type AnthropicCall, type TranscriptionFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { settle, startE2E, type E2E } from './e2e-harness.js';

const MODEL_REPLY = 'Claro! Reservo sim, me confirma o seu CRM?';
const AUDIO_REQUEST = readFileSync(join(import.meta.dirname, '../../prompts/pipeline/audio-request.md'), 'utf8')
  .split('\n').filter((l) => l.trim() && !l.startsWith('#'));
const OPT_OUT_CONFIRMATIONS = readFileSync(join(import.meta.dirname, '../../prompts/pipeline/opt-out-confirmation.md'), 'utf8')
  .split('\n').filter((l) => l.trim() && !l.startsWith('#'));
/** The bytes Evolution holds for a voice note: the webhook_base64 fixture's file. */
const VOICE_BASE64 = evolutionPayload('v2.3-audio-ptt-base64').data.message.base64 as string;

const userText = (call: AnthropicCall) => {
  const last = [...call.messages].reverse().find((m) => m.role === 'user')!;
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
};
/** The turn's own model calls (not a close-call classifier's): the agent offers its tools. */
const turnCalls = (e: E2E) => e.anthropic.calls().filter((c) => (c.tools?.length ?? 0) > 0);
const sentTo = (e: E2E, phone: string) => e.evolution.sentTexts().filter((s) => s.number === phone).map((s) => s.text);
const voiceNote = async (e: E2E, phone: string, id: string) =>
  (await e.db.pg.query<{ body: string | null; kind: string; transcript: { status: string; source: string } | null; meta: unknown }>(
    `select body, kind, meta->'extra'->'transcript' as transcript, meta from interactions where provider_message_id = $1`, [id])).rows[0]!;

describe('voice notes through the webhook (transcription provider configured)', () => {
  let e: E2E;
  let stt: TranscriptionFake;
  beforeAll(async () => {
    stt = await startTranscriptionFake();
    e = await startE2E({
      anthropic: () => ({ text: MODEL_REPLY }),
      chatwoot: true,
      env: { TRANSCRIPTION_API_URL: `${stt.url}/v1`, TRANSCRIPTION_API_KEY: stt.apiKey, TRANSCRIPTION_MODEL: 'whisper-large-v3' },
    });
  });
  afterAll(async () => {
    await e.close();
    await stt.close();
  });
  beforeEach(() => {
    e.evolution.reset();
    stt.reset();
  });

  it.each([
    ['v2.2-audio-speech-to-text', '5511971000001'],
    ['v2.3-audio-speech-to-text', '5511971000002'],
  ])("answers %s as text: the model reads Evolution's transcript and nothing is transcribed again", async (fixture, phone) => {
    const id = `VN-STT-${phone}`;
    expect((await e.post(evolutionPayload(fixture, { id, remoteJid: `${phone}@s.whatsapp.net` }))).status).toBe(200);
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the reply' });
    await e.idle();
    expect(sentTo(e, phone)).toEqual([MODEL_REPLY]);
    const seen = turnCalls(e).map(userText).find((t) => t.includes('plantão de sábado no Hospital São Lucas'));
    expect(seen).toBeDefined();
    expect(seen).not.toContain('[audio]');
    expect(stt.transcriptions()).toHaveLength(0);
    const row = await voiceNote(e, phone, id);
    expect(row).toMatchObject({ kind: 'audio', body: 'Oi Júlia, pode reservar pra mim aquele plantão de sábado no Hospital São Lucas?', transcript: { status: 'done', source: 'evolution' } });
  });

  it('transcribes a voice note without a transcript (fetched from Evolution) and answers it as text', async () => {
    const phone = '5511971000003';
    const id = 'VN-PROV-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.say('Júlia, eu topo o plantão de domingo na UPA Norte, pode reservar');
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the reply' });
    await e.idle();
    expect(sentTo(e, phone)).toEqual([MODEL_REPLY]);
    expect(turnCalls(e).map(userText).some((t) => t.includes('eu topo o plantão de domingo na UPA Norte'))).toBe(true);
    // The file Evolution held went to the provider, once, as multipart with the configured model and Portuguese.
    const [req, ...more] = stt.transcriptions();
    expect(more).toHaveLength(0);
    expect(req).toMatchObject({ model: 'whisper-large-v3', language: 'pt', responseFormat: 'json', fileName: 'audio.ogg', mimetype: 'audio/ogg' });
    expect(req!.file.equals(Buffer.from(VOICE_BASE64, 'base64'))).toBe(true);
    const asked = e.evolution.requests.filter((r) => r.path === '/chat/getBase64FromMediaMessage/julia-prod').map((r) => (r.body as { message: { key: { id: string } } }).message.key.id);
    expect(asked).toContain(id);
    const row = await voiceNote(e, phone, id);
    expect(row).toMatchObject({ kind: 'audio', body: 'Júlia, eu topo o plantão de domingo na UPA Norte, pode reservar', transcript: { status: 'done', source: 'provider' } });
    // The file itself is never stored.
    expect(JSON.stringify(row.meta)).not.toContain(VOICE_BASE64.slice(0, 40));
  });

  it("transcribes the file the webhook carried (webhook_base64) without asking Evolution for it", async () => {
    const phone = '5511971000004';
    const id = 'VN-B64-1';
    stt.say('Bom dia, qual o valor do plantão noturno?');
    await e.post(evolutionPayload('v2.3-audio-ptt-base64', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the reply' });
    expect(stt.transcriptions()[0]!.file.equals(Buffer.from(VOICE_BASE64, 'base64'))).toBe(true);
    const fetchedForTranscript = e.evolution.requests.filter((r) => r.path.startsWith('/chat/getBase64FromMediaMessage') && (r.body as { message: { key: { id: string } } }).message.key.id === id);
    // Nothing asked Evolution for the file before it was transcribed (this harness mirrors to Chatwoot, which may fetch it after).
    const transcribedAt = stt.requests.find((r) => r.path === '/v1/audio/transcriptions')!.at;
    expect(fetchedForTranscript.filter((r) => r.at < transcribedAt)).toEqual([]);
    expect(turnCalls(e).map(userText).some((t) => t.includes('qual o valor do plantão noturno'))).toBe(true);
  });

  it("'para de me mandar mensagem' said in a voice note is an opt-out: the state changes, the model is not asked, nothing proactive goes out", async () => {
    const phone = '5511971000005';
    const id = 'VN-OPT-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.say('para de me mandar mensagem');
    const turnsBefore = turnCalls(e).length;
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the confirmation' });
    await e.idle();
    const sent = sentTo(e, phone);
    expect(sent).toHaveLength(1);
    expect(OPT_OUT_CONFIRMATIONS).toContain(sent[0]);
    expect(turnCalls(e).length).toBe(turnsBefore);
    const doctor = (await e.db.pg.query<{ id: string; permission_state: string }>(
      `select d.id, s.permission_state from doctors d join doctor_state s on s.doctor_id = d.id where d.phone = $1`, [phone])).rows[0]!;
    expect(doctor.permission_state).toBe('opted_out');
    await e.app.deps.outbound.enqueueOutbound({ method: 'FOLLOWUP', doctorId: doctor.id, actor: 'julia' }, 'Oi! Surgiu um plantão novo', { idempotencyKey: 'voice-optout-followup' });
    await waitFor(async () => Number((await e.db.pg.query<{ n: number }>(
      `select count(*)::int n from business_events where doctor_id = $1 and event_type = 'outbound_blocked'`, [doctor.id])).rows[0]!.n) === 1, { what: 'the block' });
    expect(sentTo(e, phone)).toHaveLength(1);
  });

  it('asks the doctor to type, once, when the provider refuses the audio', async () => {
    const phone = '5511971000006';
    const id = 'VN-FAIL-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.failNext(5, 400);
    const turnsBefore = turnCalls(e).length;
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the request to type' });
    await e.idle();
    const sent = sentTo(e, phone);
    expect(sent).toHaveLength(1);
    expect(AUDIO_REQUEST).toContain(sent[0]);
    expect(turnCalls(e).length).toBe(turnsBefore);
    expect((await voiceNote(e, phone, id)).transcript).toMatchObject({ status: 'failed', source: 'provider' });
  });

  it('gives up after the last retry of a provider that keeps failing, and asks the doctor to type once', async () => {
    const phone = '5511971000011';
    const id = 'VN-DOWN-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.failNext(4, 503);
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    // Four attempts, 2 + 4 + 8 s apart.
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the request to type', timeoutMs: 40_000 });
    await e.idle();
    expect(stt.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(4);
    expect(sentTo(e, phone)).toHaveLength(1);
    expect(AUDIO_REQUEST).toContain(sentTo(e, phone)[0]);
    expect((await voiceNote(e, phone, id)).transcript).toMatchObject({ status: 'failed' });
  }, 60_000);

  it('retries a provider error and answers the transcript (one reply, one settled transcript)', async () => {
    const phone = '5511971000007';
    const id = 'VN-RETRY-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.failNext(1, 503).say('Tenho interesse na vaga de quinta');
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the reply', timeoutMs: 20_000 });
    await e.idle();
    expect(sentTo(e, phone)).toEqual([MODEL_REPLY]);
    expect(stt.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(2);
    expect((await voiceNote(e, phone, id)).body).toBe('Tenho interesse na vaga de quinta');
  });

  it('transcribes a voice note delivered five times at once once, and answers it once', async () => {
    const phone = '5511971000008';
    const id = 'VN-DUP-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.say('Oi, ainda tem vaga pro feriado?');
    const payload = evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` });
    expect(await Promise.all(Array.from({ length: 5 }, () => e.post(payload).then((r) => r.status)))).toEqual([200, 200, 200, 200, 200]);
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the reply' });
    await e.idle();
    expect(sentTo(e, phone)).toHaveLength(1);
    expect(stt.transcriptions()).toHaveLength(1);
  });

  it('holds a text sent right after a voice note until the transcript is in, then answers both in one turn', async () => {
    const phone = '5511971000009';
    const id = 'VN-HOLD-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.setLatency(1_500).say('quero o plantão de sexta à noite');
    const now = Math.floor(Date.now() / 1000);
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net`, timestamp: now }));
    await e.post(evolutionPayload('text-conversation', { id: 'VN-HOLD-2', text: 'consegue?', remoteJid: `${phone}@s.whatsapp.net`, timestamp: now + 1 }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the reply', timeoutMs: 20_000 });
    await e.idle();
    expect(sentTo(e, phone)).toEqual([MODEL_REPLY]);
    const seen = turnCalls(e).map(userText).filter((t) => t.includes('consegue?'));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/quero o plantão de sexta à noite[\s\S]*consegue\?/);
  });

  it('a mirror run while the voice note is being transcribed waits for its words instead of posting it without them', async () => {
    const phone = '5511971000012';
    const id = 'VN-CW-WAIT';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.setLatency(2_500).say('Consigo chegar às 19h, tudo bem?');
    const before = e.chatwoot!.messages().length;
    const voiceNotesMirrored = () => e.chatwoot!.messages().slice(before).filter((m) => m.content.startsWith('[áudio'));
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(async () => (await e.db.pg.query(`select 1 from interactions where provider_message_id = $1`, [id])).rows.length === 1, { what: 'the stored voice note' });
    const conversationId = (await e.db.pg.query<{ conversation_id: string }>(`select conversation_id from interactions where provider_message_id = $1`, [id])).rows[0]!.conversation_id;
    // Something else (a send to this doctor, say) mirrors the conversation meanwhile.
    await e.app.deps.mirror!(conversationId);
    await settle(1_000);
    expect(voiceNotesMirrored()).toEqual([]);
    await waitFor(() => voiceNotesMirrored().length > 0, { what: 'the voice note mirrored', timeoutMs: 20_000 });
    await e.idle();
    expect(voiceNotesMirrored().map((m) => m.content)).toEqual(['[áudio transcrito] Consigo chegar às 19h, tudo bem?']);
  });

  it('shows the supervisor the transcript with the audio itself attached in Chatwoot', async () => {
    const phone = '5511971000010';
    const id = 'VN-CW-1';
    e.evolution.storeMedia(id, { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.say('Pode me passar o endereço do hospital?');
    await e.post(evolutionPayload('v2.3-audio-ptt', { id, remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => e.chatwoot!.messages().some((m) => m.content.includes('Pode me passar o endereço do hospital?')), { what: 'the mirrored voice note' });
    const mirrored = e.chatwoot!.messages().find((m) => m.content.includes('Pode me passar o endereço do hospital?'))!;
    expect(mirrored).toMatchObject({ message_type: 'incoming', private: false });
    expect(mirrored.content).toBe('[áudio transcrito] Pode me passar o endereço do hospital?');
    expect(mirrored.attachments).toHaveLength(1);
    expect(mirrored.attachments[0]).toMatchObject({ fileType: 'audio', mimetype: 'audio/ogg' });
    expect(mirrored.attachments[0]!.fileName).toMatch(/\.ogg$/);
    expect(mirrored.attachments[0]!.data.equals(Buffer.from(VOICE_BASE64, 'base64'))).toBe(true);
  });
});

describe('voice notes through the webhook (no transcription provider)', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ anthropic: () => ({ text: MODEL_REPLY }) });
  });
  afterAll(() => e.close());
  beforeEach(() => e.evolution.reset());

  it('asks the doctor to type a voice note that has no transcript', async () => {
    const phone = '5511972000001';
    await e.post(evolutionPayload('v2.3-audio-ptt', { id: 'VN-NONE-1', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the request to type' });
    await e.idle();
    expect(sentTo(e, phone)).toHaveLength(1);
    expect(AUDIO_REQUEST).toContain(sentTo(e, phone)[0]);
  });

  it("asks to type when Evolution's own transcription failed ('[audio] undefined')", async () => {
    const phone = '5511972000002';
    await e.post(evolutionPayload('v2.3-audio-speech-to-text-failed', { id: 'VN-NONE-2', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the request to type' });
    expect(AUDIO_REQUEST).toContain(sentTo(e, phone)[0]);
  });

  it("still answers Evolution's transcript as text", async () => {
    const phone = '5511972000003';
    await e.post(evolutionPayload('v2.3-audio-speech-to-text', { id: 'VN-NONE-3', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(e, phone).length > 0, { what: 'the reply' });
    expect(sentTo(e, phone)).toEqual([MODEL_REPLY]);
  });
});
