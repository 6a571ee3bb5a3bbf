import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return 'loaded';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('transcription configuration (voice notes)', () => {
  it('is off when unset, and takes the three variables together with a Portuguese default', () => {
    expect(loadConfig({}).TRANSCRIPTION_API_URL).toBeUndefined();
    const c = loadConfig({ TRANSCRIPTION_API_URL: 'https://api.groq.com/openai/v1', TRANSCRIPTION_API_KEY: 'gsk_x', TRANSCRIPTION_MODEL: 'whisper-large-v3' });
    expect(c).toMatchObject({ TRANSCRIPTION_LANGUAGE: 'pt', TRANSCRIPTION_TIMEOUT_MS: 60_000, TRANSCRIPTION_MODEL: 'whisper-large-v3' });
  });

  it('stops boot naming the missing variable when half-configured', () => {
    expect(fails({ TRANSCRIPTION_API_URL: 'http://whisper:8000/v1' })).toMatch(/TRANSCRIPTION_API_KEY is required when TRANSCRIPTION_API_URL is set/);
    expect(fails({ TRANSCRIPTION_API_URL: 'http://whisper:8000/v1', TRANSCRIPTION_API_KEY: 'k' })).toMatch(/TRANSCRIPTION_MODEL is required/);
    expect(fails({ TRANSCRIPTION_API_KEY: 'k', TRANSCRIPTION_MODEL: 'whisper-1' })).toMatch(/TRANSCRIPTION_API_URL is required/);
    expect(fails({ TRANSCRIPTION_API_URL: 'not a url', TRANSCRIPTION_API_KEY: 'k', TRANSCRIPTION_MODEL: 'm' })).toMatch(/TRANSCRIPTION_API_URL/);
    expect(fails({ TRANSCRIPTION_LANGUAGE: 'portuguese' })).toMatch(/TRANSCRIPTION_LANGUAGE/);
  });
});
