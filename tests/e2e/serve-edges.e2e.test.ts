import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnthropicFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { SERVED_TOKEN, startServed, type Served } from './served.js';

/**
 * Issue 9, findings 3 and 4, through a started service: `julia serve` as a
 * child process (its own PGlite in a temp DATA_DIR, real Redis under a private
 * prefix), the real SDKs pointed at the loopback Anthropic and Evolution fakes.
 */
const REPLY = 'Oi! Aqui é a Júlia, me conta o que vc procura';
const MB = 1024 * 1024;

const options = (file: string) =>
  readFileSync(join(import.meta.dirname, '../../prompts/pipeline', file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

const userTexts = (anthropic: AnthropicFake) =>
  anthropic.calls().flatMap((c) => c.messages.filter((m) => m.role === 'user').map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))));

describe('julia serve: body limits, long texts and disguised opt-outs end to end', () => {
  let s: Served;
  let base = '';

  beforeAll(async () => {
    s = await startServed({ anthropic: () => ({ text: REPLY }) });
    base = s.url;
    await s.start();
  }, 180_000);

  afterAll(async () => s?.close(), 30_000);

  const post = (body: string) =>
    fetch(`${base}/webhooks/evolution`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-token': SERVED_TOKEN }, body });
  const sentTo = (number: string) => s.evolution.sentTexts().filter((m) => m.number === number).map((m) => m.text);

  it('answers an 8 MB body with 413 and stays healthy', async () => {
    const res = await post(JSON.stringify(evolutionPayload('text-conversation', { id: 'SE-8MB', text: 'x'.repeat(8 * MB), remoteJid: '5511955550001@s.whatsapp.net' })));
    expect(res.status).toBe(413);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await post(JSON.stringify(evolutionPayload('text-conversation', { id: 'SE-AFTER', text: 'oi julia', remoteJid: '5511955550002@s.whatsapp.net' })))).status).toBe(200);
    await waitFor(() => sentTo('5511955550002').length === 1, { timeoutMs: 30_000, what: 'a reply after the 413' });
    expect(sentTo('5511955550001')).toEqual([]);
  }, 60_000);

  it('answers a very long text: the model reads its head and tail, told it was cut', async () => {
    const text = `INICIO ${'estou procurando plantao e queria entender melhor como funciona. '.repeat(130)}pergunta final: tem noturno? FIM`;
    expect(text.length).toBeGreaterThan(8_000);
    expect((await post(JSON.stringify(evolutionPayload('text-conversation', { id: 'SE-LONG', text, remoteJid: '5511955550003@s.whatsapp.net' })))).status).toBe(200);
    await waitFor(() => sentTo('5511955550003').length === 1, { timeoutMs: 30_000, what: 'the reply to a long text' });
    expect(sentTo('5511955550003')).toEqual([REPLY]);
    // The turn's own call: a close-call classifier may read the message's first 2,000 characters before it (the
    // learned opt-out head puts this long text near its threshold), and that call never holds the tail.
    const seen = userTexts(s.anthropic).find((t) => t.includes('INICIO') && t.includes('FIM'))!;
    expect(seen).toMatch(/mensagem longa: \d+ caracteres do meio foram cortados/);
    expect(seen).toContain('pergunta final: tem noturno? FIM');
    expect(seen.length).toBeLessThan(5_000);
  }, 60_000);

  it('answers a huge text with the LongMessage reply', async () => {
    const text = 'texto gigante sem fim '.repeat(20_000);
    expect((await post(JSON.stringify(evolutionPayload('text-conversation', { id: 'SE-HUGE', text, remoteJid: '5511955550004@s.whatsapp.net' })))).status).toBe(200);
    await waitFor(() => sentTo('5511955550004').length === 1, { timeoutMs: 30_000, what: 'the LongMessage reply' });
    expect(options('long-message.md')).toContain(sentTo('5511955550004')[0]);
  }, 60_000);

  it('confirms a disguised opt-out as an opt-out and never answers it normally', async () => {
    const disguised = [
      ['5511955550005', '𝐏𝐀𝐑𝐀 𝐃𝐄 𝐌𝐄 𝐌𝐀𝐍𝐃𝐀𝐑 𝐌𝐄𝐍𝐒𝐀𝐆𝐄𝐌'],
      ['5511955550006', 'p\u200Ba\u200Br\u200Ba de me m\u200Ban\u200Bdar mensagem'],
      ['5511955550007', 'ｎãｏ ｑｕｅｒｏ ｍａｉｓ ｒｅｃｅｂｅｒ ｍｅｎｓａｇｅｍ'],
    ] as const;
    for (const [phone, text] of disguised) {
      expect((await post(JSON.stringify(evolutionPayload('text-conversation', { id: `SE-OPT-${phone}`, text, remoteJid: `${phone}@s.whatsapp.net` })))).status).toBe(200);
    }
    const confirmations = options('opt-out-confirmation.md');
    for (const [phone, text] of disguised) {
      await waitFor(() => sentTo(phone).length === 1, { timeoutMs: 30_000, what: `the opt-out confirmation to ${phone}` });
      expect(confirmations).toContain(sentTo(phone)[0]);
      expect(userTexts(s.anthropic).some((t) => t.includes(text))).toBe(false);
    }
    expect(s.output()).not.toMatch(/Maximum call stack/);
  }, 180_000);
});
