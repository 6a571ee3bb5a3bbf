import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { CHATWOOT_SECRET, settle, startE2E, type E2E } from './e2e-harness.js';

// Supervisors see every conversation in Chatwoot and can take over from there.
describe('Chatwoot supervision', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ chatwoot: true, anthropic: () => ({ text: 'Oi! Tenho plantão sim, quer ver?' }) });
  });
  afterAll(() => e.close());
  const cw = () => e.chatwoot!;
  const messages = () => cw().messages().map((m) => ({ type: m.message_type, content: m.content }));
  const agentReply = (conversationId: number, id: number, content: string, extra: Record<string, unknown> = {}) =>
    e.app.http.request(`/webhooks/chatwoot?token=${CHATWOOT_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'message_created', id, content, message_type: 'outgoing', private: false, conversation: { id: conversationId }, sender: { id: 7, type: 'user' }, ...extra }),
    });

  it('mirrors the doctor and Júlia into one Chatwoot conversation, once each', async () => {
    await e.post(evolutionPayload('text-conversation', { id: 'CW-1', text: 'oi, tem plantao?', remoteJid: '5511980000001@s.whatsapp.net' }));
    await waitFor(() => cw().messages().length === 2, { what: 'both messages in Chatwoot' });
    await settle(800);
    expect(messages()).toEqual([
      { type: 'incoming', content: 'oi, tem plantao?' },
      { type: 'outgoing', content: 'Oi! Tenho plantão sim, quer ver?' },
    ]);
    expect(cw().contacts().map((c) => c.phone_number)).toEqual(['+5511980000001']);
    expect(cw().conversations()).toHaveLength(1);
  });

  it('sends a supervisor reply to the doctor once, hands the conversation to the human, and does not echo it', async () => {
    const conversation = cw().conversations()[0]!.id;
    const codes = await Promise.all([agentReply(conversation, 9001, 'Oi Dra, aqui é a Carla da equipe!'), agentReply(conversation, 9001, 'Oi Dra, aqui é a Carla da equipe!')]);
    expect(codes.map((r) => r.status)).toEqual([200, 200]);
    await waitFor(() => e.evolution.sentTexts().some((s) => s.text === 'Oi Dra, aqui é a Carla da equipe!'), { what: 'the supervisor reply' });
    await settle(1_000);
    expect(e.evolution.sentTexts().filter((s) => s.text === 'Oi Dra, aqui é a Carla da equipe!')).toHaveLength(1);
    const control = await e.db.pg.query<{ controlled_by: string }>(`select controlled_by from conversations where chatwoot_conversation_id = $1`, [conversation]);
    expect(control.rows[0]!.controlled_by).toBe('human');
    // Our own mirrored messages and private notes never come back as sends.
    expect((await (await agentReply(conversation, 9002, 'eco', { source_id: 'julia-x' })).json()) as object).toEqual({ status: 'ignored' });
    expect((await (await agentReply(conversation, 9003, 'nota', { private: true })).json()) as object).toEqual({ status: 'ignored' });
    expect(messages().filter((m) => m.content === 'Oi Dra, aqui é a Carla da equipe!')).toHaveLength(0);
  });

  it('keeps mirroring the doctor while a human is in control, and Júlia stays quiet', async () => {
    const before = e.evolution.sentTexts().length;
    await e.post(evolutionPayload('text-conversation', { id: 'CW-2', text: 'obrigada Carla!', remoteJid: '5511980000001@s.whatsapp.net' }));
    await waitFor(() => messages().some((m) => m.content === 'obrigada Carla!'), { what: 'mirror under human control' });
    await settle(1_000);
    expect(e.evolution.sentTexts()).toHaveLength(before);
    expect(cw().conversations()[0]!.labels).toContain('atendimento-humano');
  });

  it('rejects a webhook without the secret', async () => {
    const res = await e.app.http.request('/webhooks/chatwoot', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });
});
