import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { formatInvariantLines, runInvariants } from '../../src/ops/index.js';
import { startChatwootFake, startTranscriptionFake, type AnthropicCall, type ChatwootFake, type TranscriptionFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { inboundDone, startServed, type Served } from './served.js';

const REPLY = 'Perfeito, já vejo isso pra você!';
const lines = (file: string) => readFileSync(join(import.meta.dirname, '../../prompts/pipeline', file), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
const AUDIO_REQUEST = lines('audio-request.md');
const OPT_OUT = lines('opt-out-confirmation.md');
const VOICE_BASE64 = evolutionPayload('v2.3-audio-ptt-base64').data.message.base64 as string;
const userText = (call: AnthropicCall) => {
  const last = [...call.messages].reverse().find((m) => m.role === 'user')!;
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
};

/**
 * Issue 26, finding 1 through a started `julia serve` (its own PGlite, real Redis,
 * loopback Evolution, Anthropic, Chatwoot and transcription fakes): voice notes are
 * read, answered as text, detected, and mirrored with their audio.
 */
describe('voice notes through a started service', () => {
  let s: Served;
  let stt: TranscriptionFake;
  let cw: ChatwootFake;
  beforeAll(async () => {
    stt = await startTranscriptionFake();
    cw = await startChatwootFake();
    s = await startServed({ anthropic: () => ({ text: REPLY }) });
    await s.start({
      TRANSCRIPTION_API_URL: `${stt.url}/v1`, TRANSCRIPTION_API_KEY: stt.apiKey, TRANSCRIPTION_MODEL: 'whisper-1',
      CHATWOOT_URL: cw.url, CHATWOOT_API_TOKEN: cw.apiToken, CHATWOOT_ACCOUNT_ID: String(cw.accountId), CHATWOOT_INBOX_ID: '1', CHATWOOT_WEBHOOK_SECRET: 'cw-secret',
    });
  }, 90_000);
  afterAll(async () => {
    await s.close();
    await Promise.all([stt.close(), cw.close()]);
  });
  const sentTo = (phone: string) => s.evolution.sentTexts().filter((t) => t.number === phone).map((t) => t.text);
  const turnTexts = () => s.anthropic.calls().filter((c) => (c.tools?.length ?? 0) > 0).map(userText);

  it("answers a voice note carrying Evolution's speechToText as text", async () => {
    const phone = '5511974000001';
    expect((await s.post(evolutionPayload('v2.3-audio-speech-to-text', { id: 'SRV-VN-1', remoteJid: `${phone}@s.whatsapp.net` }))).status).toBe(200);
    await waitFor(() => sentTo(phone).length > 0, { timeoutMs: 30_000, what: 'the reply' });
    expect(sentTo(phone)).toEqual([REPLY]);
    expect(turnTexts().some((t) => t.includes('plantão de sábado no Hospital São Lucas'))).toBe(true);
    expect(stt.transcriptions()).toHaveLength(0);
  }, 60_000);

  it('transcribes a voice note through the provider, answers it as text, and mirrors words and audio to Chatwoot', async () => {
    const phone = '5511974000002';
    s.evolution.storeMedia('SRV-VN-2', { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.say('Oi Júlia, aceito o plantão de quarta no Santa Casa');
    expect((await s.post(evolutionPayload('v2.3-audio-ptt', { id: 'SRV-VN-2', remoteJid: `${phone}@s.whatsapp.net` }))).status).toBe(200);
    await waitFor(() => sentTo(phone).length > 0, { timeoutMs: 30_000, what: 'the reply' });
    expect(sentTo(phone)).toEqual([REPLY]);
    expect(turnTexts().some((t) => t.includes('aceito o plantão de quarta no Santa Casa'))).toBe(true);
    expect(stt.transcriptions()[0]!.file.equals(Buffer.from(VOICE_BASE64, 'base64'))).toBe(true);
    const words = (m: { content: string }) => m.content.includes('aceito o plantão de quarta');
    await waitFor(() => cw.messages().some(words), { timeoutMs: 30_000, what: 'the mirrored voice note' });
    const mirrored = cw.messages().find(words)!;
    expect(mirrored.content).toBe('[áudio transcrito] Oi Júlia, aceito o plantão de quarta no Santa Casa');
    expect(mirrored.attachments[0]).toMatchObject({ fileType: 'audio', mimetype: 'audio/ogg' });
    expect(mirrored.attachments[0]!.data.equals(Buffer.from(VOICE_BASE64, 'base64'))).toBe(true);
  }, 60_000);

  it("treats 'para de me mandar mensagem' in a voice note as an opt-out", async () => {
    const phone = '5511974000003';
    s.evolution.storeMedia('SRV-VN-3', { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.say('para de me mandar mensagem');
    const turns = turnTexts().length;
    await s.post(evolutionPayload('v2.3-audio-ptt', { id: 'SRV-VN-3', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(phone).length > 0, { timeoutMs: 30_000, what: 'the confirmation' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sentTo(phone)).toHaveLength(1);
    expect(OPT_OUT).toContain(sentTo(phone)[0]);
    expect(turnTexts()).toHaveLength(turns);
  }, 60_000);

  it('asks the doctor to type when transcription fails', async () => {
    const phone = '5511974000004';
    s.evolution.storeMedia('SRV-VN-4', { mediaType: 'audioMessage', mimetype: 'audio/ogg; codecs=opus', base64: VOICE_BASE64 });
    stt.failNext(3, 422);
    await s.post(evolutionPayload('v2.3-audio-ptt', { id: 'SRV-VN-4', remoteJid: `${phone}@s.whatsapp.net` }));
    await inboundDone(s, 'SRV-VN-4');
    await waitFor(() => sentTo(phone).length > 0, { timeoutMs: 30_000, what: 'the request to type' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sentTo(phone)).toHaveLength(1);
    expect(AUDIO_REQUEST).toContain(sentTo(phone)[0]);
  }, 60_000);

  it('leaves the opt-out and the transcripts in the database', async () => {
    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const state = (await db.pg.query<{ permission_state: string }>(
        `select s.permission_state from doctor_state s join doctors d on d.id = s.doctor_id where d.phone = '5511974000003'`)).rows[0]!;
      expect(state.permission_state).toBe('opted_out');
      const notes = (await db.pg.query<{ id: string; body: string; status: string; source: string }>(
        `select provider_message_id id, body, meta->'extra'->'transcript'->>'status' status, meta->'extra'->'transcript'->>'source' source
         from interactions where provider_message_id like 'SRV-VN-%' order by 1`)).rows;
      expect(notes.map((n) => [n.id, n.status, n.source])).toEqual([
        ['SRV-VN-1', 'done', 'evolution'], ['SRV-VN-2', 'done', 'provider'], ['SRV-VN-3', 'done', 'provider'], ['SRV-VN-4', 'failed', 'provider'],
      ]);
      expect(notes[2]!.body).toBe('para de me mandar mensagem');
      // Voice notes leave the spec's invariants (I1-I6, O1-O4) holding.
      const report = await runInvariants(db, new Date(Date.now() - 3_600_000));
      expect(formatInvariantLines(report).filter((l) => /violation|✗|FAIL/i.test(l)), formatInvariantLines(report).join('\n')).toEqual([]);
      expect(report.violations).toBe(0);
    } finally {
      await db.close();
    }
  }, 60_000);
});
