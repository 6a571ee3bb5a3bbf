import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evolutionPayload, evolutionVersionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { startE2E, type E2E } from './e2e-harness.js';
import { offeredRef, offerTurn, userText } from './offer-script.js';

/**
 * Issue 26, findings 2-4: every message kind Evolution 1.8, 2.2 and 2.3 posts,
 * through the webhook (real PGlite, Redis and workers) to what the model sees
 * (the Anthropic fake records it) and what is sent (the Evolution fake).
 */
describe('message kinds end to end (webhook → turn → model → Evolution)', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ anthropic: offerTurn });
  });
  afterAll(() => e.close());
  beforeEach(() => e.evolution.reset());
  const count = async (sql: string, params: unknown[] = []) => Number((await e.db.pg.query<{ n: number }>(sql, params)).rows[0]!.n);
  const deadLetters = () => count(`select count(*)::int n from dead_letters`);
  let seq = 0;
  const jid = () => `55119710${String(++seq).padStart(5, '0')}@s.whatsapp.net`;
  const phoneOf = (j: string) => j.replace(/@.*$/, '');
  /** Sends to one chat: a slow answer of an earlier test never counts here. */
  const sentTo = (chat: string) => e.evolution.sentTexts().filter((s) => s.number === phoneOf(chat));
  /** The doctor agent's calls (they carry Júlia's tools); a turn may also ask the fast model a one-word close call. */
  const agentCalls = () => e.anthropic.calls().filter((c) => (c.tools?.length ?? 0) > 0);
  const modelSaw = async (before: number) => {
    await waitFor(() => agentCalls().length > before, { what: 'a model call' });
    return userText(agentCalls()[before]!);
  };
  /** Posts a kind that gets no answer: once `table` holds it, the model was never called and nothing was sent. Returns its id. */
  const postUnanswered = async (fixture: string, table: 'inbound_records' | 'interactions'): Promise<string> => {
    const chat = jid();
    const before = e.anthropic.calls().length;
    const body = evolutionVersionPayload(fixture, { remoteJid: chat });
    expect((await e.post(body)).status).toBe(200);
    await waitFor(async () => (await count(`select count(*)::int n from ${table} where provider_message_id = $1`, [body.data.key.id])) === 1, { what: `the row in ${table}` });
    await e.idle();
    expect(e.anthropic.calls().length).toBe(before);
    expect(sentTo(chat)).toEqual([]);
    return body.data.key.id;
  };

  describe('finding 2: choices, wrappers, polls', () => {
    it.each([
      ['v2.2-buttons-response', 'Aceitar plantão', 'aceitar_plantao'],
      ['v1.8-list-response', 'Sábado 24/05 - noturno 19h-07h', 'turno_noturno_2405'],
      ['v2.3-template-button-reply', 'Confirmo presença', 'confirmar_presenca'],
      ['v2.3-interactive-response', 'Quero esse plantão', 'quero_v1'],
    ])('%s: the option he tapped (title and id) is what the model reads, and he gets one answer', async (fixture, title, id) => {
      const chat = jid();
      const before = agentCalls().length;
      expect((await e.post(evolutionVersionPayload(fixture, { remoteJid: chat }))).status).toBe(200);
      const saw = await modelSaw(before);
      expect(saw).toContain(title);
      expect(saw).toContain(id);
      expect(saw).not.toContain('não dá pra ver');
      await waitFor(() => sentTo(chat).length > 0, { what: 'the answer' });
      await e.idle();
      expect(sentTo(chat)).toHaveLength(1);
    });

    it.each([
      ['v2.2-view-once-image', 'meu CRM pra cadastro'],
      ['v2.3-view-once-extension-video', '[enviou um vídeo] olha a fila do PS agora'],
      ['v2.2-ephemeral-text', 'liguei as mensagens temporárias, mas pode mandar as vagas de domingo'],
    ])('%s: the wrapper is opened and the model reads what is inside', async (fixture, expected) => {
      const chat = jid();
      const before = agentCalls().length;
      expect((await e.post(evolutionVersionPayload(fixture, { remoteJid: chat }))).status).toBe(200);
      expect(await modelSaw(before)).toContain(expected);
      await waitFor(() => sentTo(chat).length === 1, { what: 'the answer' });
    });

    it.each(['v2.3-poll-vote', 'v2.3-poll-creation'])('%s is recorded and gets no answer', async (fixture) => {
      const id = await postUnanswered(fixture, 'inbound_records');
      expect(await count(`select count(*)::int n from interactions where provider_message_id = $1`, [id])).toBe(0);
    });

    it('a poll vote right after a question does not silence the answer to the question', async () => {
      const chat = jid();
      const now = Math.floor(Date.now() / 1000);
      await e.post(evolutionPayload('text-conversation', { id: 'MK-PQ1', text: 'tem vaga de noturno?', remoteJid: chat, timestamp: now }));
      await e.post(evolutionVersionPayload('v2.3-poll-vote', { id: 'MK-PV1', remoteJid: chat, timestamp: now + 1 }));
      await waitFor(() => sentTo(chat).length === 1, { what: 'the answer' });
      await e.idle();
      expect(sentTo(chat)).toHaveLength(1);
    });

    it('a newsletter post is acknowledged and ignored', async () => {
      const before = e.anthropic.calls().length;
      const dead = await deadLetters();
      const res = await e.post(evolutionVersionPayload('v2.3-newsletter-post'));
      expect(res.status).toBe(200);
      await e.idle();
      expect(e.anthropic.calls().length).toBe(before);
      expect(await deadLetters()).toBe(dead);
    });
  });

  describe('every kind a doctor sends: what the model reads and what he gets', () => {
    it.each([
      ['text-extended', 'Pode ser o de 12h diurno. Qual o valor e se é PJ ou CLT?'],
      ['image-caption', '[enviou uma foto] Segue foto do meu CRM e da carteirinha do RQE'],
      ['video-caption', '[enviou um vídeo] Esse é o acesso do estacionamento dos médicos? Cheguei e tá fechado'],
      ['document-caption', '[enviou o documento CRM_AnaBeatriz_Souza.pdf] Segue CRM e diploma de especialista'],
      ['location', '[compartilhou a localização: Hospital São Lucas'],
      ['contact', '[compartilhou o contato de Dr. Rafael Moura]'],
    ])('%s: the model reads it as the doctor meant it, and he gets one answer', async (fixture, expected) => {
      const chat = jid();
      const before = agentCalls().length;
      expect((await e.post(evolutionVersionPayload(fixture, { remoteJid: chat }))).status).toBe(200);
      const saw = await modelSaw(before);
      expect(saw).toContain(expected);
      expect(saw).not.toContain('não dá pra ver');
      await waitFor(() => sentTo(chat).length > 0, { what: 'the answer' });
      await e.idle();
      expect(sentTo(chat)).toHaveLength(1);
    });

    it.each(['sticker', 'reaction'])('a lone %s is stored, never reaches the model and gets no answer', async (fixture) => {
      await postUnanswered(fixture, 'interactions');
      expect(await deadLetters()).toBe(0);
    });
  });

  describe('finding 3: quoted messages', () => {
    it.each(['v2.3-quoted-offer', 'v2.2-quoted-offer-extended'])('%s: the model reads the quoted offer and the shift it offered', async (fixture) => {
      const chat = jid();
      e.evolution.reset();
      await e.post(evolutionPayload('text-conversation', { id: `MK-Q-${fixture}`, text: 'tem vaga essa semana?', remoteJid: chat }));
      await waitFor(() => sentTo(chat).some((s) => s.text.startsWith('Tenho essa')), { what: 'the offer' });
      const offer = sentTo(chat).find((s) => s.text.startsWith('Tenho essa'))!;
      const ref = offeredRef(offer.text);
      const before = agentCalls().length;
      await e.post(evolutionVersionPayload(fixture, { remoteJid: chat, quote: { id: offer.id, text: offer.text } }));
      const saw = await modelSaw(before);
      // The quote first, then his words; the quote names the shift by its ref.
      expect(saw).toMatch(/\[respondendo à mensagem da Júlia: "Tenho essa[^"]*" \(a vaga dessa mensagem é v\d+: [^)]+\)\]\n(quero esse|esse aqui eu pego)/);
      expect(saw).toContain(`a vaga dessa mensagem é ${ref}:`);
    });

    it('a quote of a message we never sent shows its text but no shift', async () => {
      const chat = jid();
      await e.post(evolutionPayload('text-conversation', { id: 'MK-QX0', text: 'tem vaga essa semana?', remoteJid: chat }));
      await waitFor(() => e.evolution.sentTexts().some((s) => s.number === phoneOf(chat) && s.text.startsWith('Tenho essa')), { what: 'the offer' });
      const before = agentCalls().length;
      await e.post(evolutionVersionPayload('v2.3-quoted-offer', { remoteJid: chat, quote: { id: '3EB0NOTOURS000000000', text: 'Tenho essa vaga falsa' } }));
      const saw = await modelSaw(before);
      expect(saw).toContain('"Tenho essa vaga falsa"');
      expect(saw).not.toContain('a vaga dessa mensagem');
    });
  });

  describe('finding 4: edits, revokes and routine events', () => {
    it('v2.3 messages.edited (key = our number, fromMe) corrects a pending message: one answer, on the corrected text, no take-over', async () => {
      const chat = jid();
      const original = 'D0E1F2A3B4C5D6E7F8A9B0C1D2E3F4A5';
      const now = Math.floor(Date.now() / 1000);
      await e.post(evolutionPayload('text-conversation', { id: original, text: 'Oi, vi a vaga de sábado na UTI', remoteJid: chat, timestamp: now }));
      const before = agentCalls().length;
      const edit = evolutionVersionPayload('v2.3-messages-edited', { editedAtMs: Date.now() + 100 });
      expect((await e.post(edit)).status).toBe(200);
      const saw = await modelSaw(before);
      expect(saw).toContain('vi a vaga de domingo na UTI adulto');
      expect(saw).not.toContain('sábado na UTI');
      await waitFor(() => sentTo(chat).length === 1, { what: 'the answer' });
      await e.idle();
      expect(sentTo(chat).map((s) => s.text)).toEqual(['Certo! Já vejo isso pra vc']);
      expect(agentCalls().length).toBe(before + 1);
      // Nobody took over, and no doctor or conversation was made for our own number.
      expect(await count(`select count(*)::int n from conversations c join doctors d on d.id = c.doctor_id where d.phone = $1 and c.controlled_by = 'human'`, [phoneOf(chat)])).toBe(0);
      expect(await count(`select count(*)::int n from doctors where phone = '5511912345678'`)).toBe(0);
      expect(await count(`select count(*)::int n from inbound_records where target_provider_id = $1 and applied_to = 'pending'`, [original])).toBe(1);
    });

    it('an edit of an answered message is stored and not answered again', async () => {
      const chat = jid();
      const original = 'MK-EDIT-HANDLED-1';
      await e.post(evolutionPayload('text-conversation', { id: original, text: 'tem vaga sábado?', remoteJid: chat }));
      await waitFor(() => sentTo(chat).length === 1, { what: 'the first answer' });
      await e.idle();
      const before = e.anthropic.calls().length;
      expect((await e.post(evolutionVersionPayload('v2.3-messages-edited', { targetId: original, editedAtMs: Date.now() }))).status).toBe(200);
      await waitFor(async () => (await count(`select count(*)::int n from inbound_records where target_provider_id = $1`, [original])) === 1, { what: 'the stored edit' });
      await e.idle();
      expect(e.anthropic.calls().length).toBe(before);
      expect(sentTo(chat)).toHaveLength(1);
      expect(await count(`select count(*)::int n from inbound_records where target_provider_id = $1 and applied_to = 'handled'`, [original])).toBe(1);
    });

    it('our side editing one of our own messages is recorded as ours: no answer, no take-over', async () => {
      const chat = jid();
      await e.post(evolutionPayload('text-conversation', { id: 'MK-OWN-1', text: 'oi', remoteJid: chat }));
      await waitFor(() => sentTo(chat).length === 1, { what: 'our answer' });
      const ours = sentTo(chat)[0]!;
      await e.idle();
      const before = e.anthropic.calls().length;
      const edit = evolutionVersionPayload('v2.3-messages-edited', { targetId: ours.id, editedAtMs: Date.now() });
      edit.data.key.remoteJid = chat;
      expect((await e.post(edit)).status).toBe(200);
      await waitFor(async () => (await count(`select count(*)::int n from inbound_records where target_provider_id = $1 and meta->>'ours' = 'true'`, [ours.id])) === 1, { what: 'the record' });
      await e.idle();
      expect(e.anthropic.calls().length).toBe(before);
      expect(await count(`select count(*)::int n from conversations c join doctors d on d.id = c.doctor_id where d.phone = $1 and c.controlled_by = 'human'`, [phoneOf(chat)])).toBe(0);
    });

    it('v2.2 posts an edit twice (messages.edited and an editedMessage upsert): one correction, one answer', async () => {
      const chat = jid();
      const original = 'F2A3B4C5D6E7F8A9B0C1D2E3F4A5B6C7';
      await e.post(evolutionPayload('text-conversation', { id: original, text: 'prefiro o diurno de sábado', remoteJid: chat }));
      const before = agentCalls().length;
      const at = Date.now() + 50;
      await Promise.all([
        e.post(evolutionVersionPayload('v2.2-messages-edited', { editedAtMs: at })),
        e.post(evolutionVersionPayload('v2.2-edited-upsert', { remoteJid: chat, editedAtMs: at })),
      ]);
      const saw = await modelSaw(before);
      expect(saw).toContain('na verdade prefiro o noturno de sábado');
      await waitFor(() => sentTo(chat).length === 1, { what: 'the answer' });
      await e.idle();
      expect(sentTo(chat)).toHaveLength(1);
      expect(await count(`select count(*)::int n from inbound_records where target_provider_id = $1`, [original])).toBe(1);
    });

    it.each(['v2.3-messages-edited-revoke', 'v2.3-messages-delete'])('%s withdraws a message not yet answered: no answer, and the model never reads it', async (fixture) => {
      const chat = jid();
      const original = `E1F2A3B4C5D6E7F8A9B0C1D2E3F4A5B6-${fixture.length}`;
      await e.post(evolutionPayload('text-conversation', { id: original, text: 'segredo que apaguei', remoteJid: chat }));
      expect((await e.post(evolutionVersionPayload(fixture, { targetId: original, remoteJid: chat }))).status).toBe(200);
      await waitFor(async () => (await count(`select count(*)::int n from inbound_records where target_provider_id = $1`, [original])) === 1, { what: 'the revoke' });
      await e.idle();
      expect(sentTo(chat)).toEqual([]);
      // A later message is answered, and the withdrawn one is not in what the model reads.
      const before = agentCalls().length;
      await e.post(evolutionPayload('text-conversation', { id: `${original}-next`, text: 'oi, tudo bem?', remoteJid: chat }));
      await modelSaw(before);
      expect(JSON.stringify(agentCalls()[before]!.messages)).not.toContain('segredo que apaguei');
    });

    it.each(['v2.3-history-sync-notification', 'v2.3-ephemeral-setting', 'v2.3-messages-update-edited-status', 'v2.3-send-message-update'])(
      '%s is acknowledged with 2xx, never dead-lettered',
      async (fixture) => {
        const dead = await deadLetters();
        const res = await e.post(evolutionVersionPayload(fixture));
        expect(res.status).toBe(200);
        expect(await deadLetters()).toBe(dead);
      },
    );

    it('a messaging-history.set over the body cap is acknowledged unread; a message over it is still refused', async () => {
      const big = (event: string) => {
        const body = JSON.stringify({ event, instance: 'julia-prod', data: { messages: [{ conversation: 'x'.repeat(1_500_000) }] }, sender: '5511912345678@s.whatsapp.net' });
        return { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-webhook-token': 'evo-webhook-token', 'content-length': String(Buffer.byteLength(body)) } };
      };
      const dead = await deadLetters();
      expect((await e.app.http.request('/webhooks/evolution', big('messaging-history.set'))).status).toBe(200);
      expect((await e.app.http.request('/webhooks/evolution/messaging-history-set', big('messaging-history.set'))).status).toBe(200);
      expect((await e.app.http.request('/webhooks/evolution', big('messages.upsert'))).status).toBe(413);
      const unsigned = big('messaging-history.set');
      expect((await e.app.http.request('/webhooks/evolution', { ...unsigned, headers: { ...unsigned.headers, 'x-webhook-token': 'wrong' } })).status).toBe(413);
      expect(await deadLetters()).toBe(dead);
    });

    it('accepts the by-events path Evolution posts to (<url>/messages-upsert)', async () => {
      const chat = jid();
      const res = await e.app.http.request('/webhooks/evolution/messages-upsert', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-token': 'evo-webhook-token' },
        body: JSON.stringify(evolutionPayload('text-conversation', { id: 'MK-BYEV', remoteJid: chat })),
      });
      expect(res.status).toBe(200);
      await waitFor(() => sentTo(chat).length === 1, { what: 'the answer' });
    });
  });
});
