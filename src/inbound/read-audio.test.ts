import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inboundMessageSchema } from './inbound-message.js';
import { evolutionEnvelopeSchema, normalizeEvolution } from './normalize-evolution.js';
import { evolutionTranscript, webhookAudio } from './read-audio.js';
import { awaitsTranscript, forStorage, webhookAudioOf } from './voice-note.js';

const FIXTURES = join(import.meta.dirname, '../../tests/fixtures/evolution');
const message = (name: string) => {
  const r = normalizeEvolution(evolutionEnvelopeSchema.parse(JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'))));
  if (r.status !== 'message') throw new Error(`${name}: ${r.status}`);
  return inboundMessageSchema.parse(r.message);
};
const WORDS = 'Oi Júlia, pode reservar pra mim aquele plantão de sábado no Hospital São Lucas?';

describe('voice notes from Evolution', () => {
  it.each(['v2.2-audio-speech-to-text', 'v2.3-audio-speech-to-text'])("%s: Evolution's transcript is the text, the kind stays audio, the source is kept", (name) => {
    const m = message(name);
    expect(m).toMatchObject({ kind: 'audio', text: WORDS, triggersTurn: true });
    expect(m.media).toMatchObject({ mimetype: 'audio/ogg; codecs=opus', seconds: 23, ptt: true });
    expect(m.extra).toMatchObject({ fileLength: 38412, transcript: { status: 'done', source: 'evolution' } });
    expect(awaitsTranscript(m)).toBe(false);
  });

  it.each(['audio-ptt', 'v2.3-audio-ptt', 'v2.3-audio-speech-to-text-failed'])('%s has no words yet: it awaits a transcript', (name) => {
    const m = message(name);
    expect(m).toMatchObject({ kind: 'audio', text: '' });
    expect(m.extra['transcript']).toBeUndefined();
    expect(awaitsTranscript(m)).toBe(true);
  });

  it("reads Evolution 2.3's marker off, and its failed calls as no transcript", () => {
    expect(evolutionTranscript('[audio] quero sim')).toBe('quero sim');
    expect(evolutionTranscript('  [AUDIO]   quero sim ')).toBe('quero sim');
    expect(evolutionTranscript('quero sim')).toBe('quero sim');
    for (const none of ['[audio] null', '[audio] undefined', '[audio] ', '', '   ', null, 42, { text: 'x' }]) expect(evolutionTranscript(none)).toBeNull();
  });

  it('carries the webhook_base64 file to the inbound job, and never into storage', () => {
    const m = message('v2.3-audio-ptt-base64');
    const file = webhookAudioOf(m);
    expect(file).toMatch(/^T2dnUw/); // "OggS"
    const stored = forStorage(m, true);
    expect(JSON.stringify(stored)).not.toContain(file!.slice(0, 30));
    expect(stored.extra['transcript']).toEqual({ status: 'pending', source: 'provider' });
    // Without a provider the note is stored as it came (no pending transcript).
    expect(forStorage(m, false).extra['transcript']).toBeUndefined();
    expect(webhookAudio('data:audio/ogg;base64,T2dnUw==')).toBe('T2dnUw==');
    expect(webhookAudio('not base64 at all!')).toBeNull();
  });

  it('leaves a voice note typed by a person on the phone, and group audio, alone', () => {
    const m = message('v2.3-audio-ptt');
    expect(awaitsTranscript({ ...m, fromMe: true })).toBe(false);
    expect(awaitsTranscript({ ...m, isGroup: true })).toBe(false);
  });
});
