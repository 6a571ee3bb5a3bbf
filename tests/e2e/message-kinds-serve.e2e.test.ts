import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { evolutionPayload, evolutionVersionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { offeredRef, offerTurn, userText } from './offer-script.js';
import { startServed, type Served } from './served.js';

/**
 * Issue 26, findings 2 and 3 through a started `julia serve` (embedded PGlite
 * with the demo shifts, test Redis, loopback Evolution and Anthropic fakes): a
 * tapped button reaches the model as the doctor's words, a poll vote gets no
 * answer, and "quero esse" on a quoted offer names the shift it offered.
 */
describe('message kinds through a started service', () => {
  let s: Served;
  beforeAll(async () => {
    // The demo shifts, so buscar_vagas has something to offer (what `julia seed` writes).
    s = await startServed({ anthropic: offerTurn, seed: true });
    await s.start();
  }, 120_000);
  afterAll(() => s.close());

  const sentTo = (phone: string) => s.evolution.sentTexts().filter((t) => t.number === phone);
  const callsSince = (n: number) => s.anthropic.calls().slice(n);

  it('finding 2: a button reply is read as the option he chose; a poll vote is not answered', async () => {
    const phone = '5511976542601';
    const before = s.anthropic.calls().length;
    expect((await s.post(evolutionVersionPayload('v2.2-buttons-response', { remoteJid: `${phone}@s.whatsapp.net` }))).status).toBe(200);
    await waitFor(() => sentTo(phone).length === 1, { timeoutMs: 30_000, what: 'the answer to the button' });
    const saw = userText(callsSince(before)[0]!);
    expect(saw).toContain('Aceitar plantão');
    expect(saw).toContain('aceitar_plantao');

    const vote = '5511976542602';
    const afterButton = s.anthropic.calls().length;
    expect((await s.post(evolutionVersionPayload('v2.3-poll-vote', { remoteJid: `${vote}@s.whatsapp.net` }))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(sentTo(vote)).toEqual([]);
    expect(s.anthropic.calls().length).toBe(afterButton);
  });

  it('finding 3: "quero esse" on a quoted offer reaches the model with the quote and its shift', async () => {
    const phone = '5511976542603';
    const jid = `${phone}@s.whatsapp.net`;
    expect((await s.post(evolutionPayload('text-conversation', { id: 'SRV-MK-Q1', text: 'tem vaga essa semana?', remoteJid: jid }))).status).toBe(200);
    await waitFor(() => sentTo(phone).some((t) => t.text.startsWith('Tenho essa')), { timeoutMs: 30_000, what: 'the offer' });
    const offer = sentTo(phone).find((t) => t.text.startsWith('Tenho essa'))!;
    const before = s.anthropic.calls().length;
    expect((await s.post(evolutionVersionPayload('v2.3-quoted-offer', { remoteJid: jid, quote: { id: offer.id, text: offer.text } }))).status).toBe(200);
    await waitFor(() => s.anthropic.calls().length > before, { timeoutMs: 30_000, what: 'the turn on the quote' });
    const saw = userText(callsSince(before)[0]!);
    expect(saw).toContain(`"${offer.text}"`);
    expect(saw).toContain(`a vaga dessa mensagem é ${offeredRef(offer.text)}:`);
    expect(saw.trim().endsWith('quero esse')).toBe(true);

    expect(await s.stop()).toBe(0);
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const dead = await db.pg.query('select 1 from dead_letters');
      expect(dead.rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
