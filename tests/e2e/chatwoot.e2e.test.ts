import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { CHATWOOT_SECRET, startE2E, type E2E } from './e2e-harness.js';

/** Chatwoot's signing: sha256= HMAC of "{timestamp}.{raw body}"; each delivery has its own id. */
export function signedChatwoot(body: unknown, opts: { secret?: string; timestamp?: number; delivery?: string } = {}) {
  const raw = JSON.stringify(body);
  const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const sig = `sha256=${createHmac('sha256', opts.secret ?? CHATWOOT_SECRET).update(`${ts}.${raw}`).digest('hex')}`;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-chatwoot-signature': sig, 'x-chatwoot-timestamp': ts, 'x-chatwoot-delivery': opts.delivery ?? randomUUID() },
    body: raw,
  };
}

// Supervisors see every conversation in Chatwoot and can take over from there.
describe('Chatwoot supervision', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ chatwoot: true, anthropic: () => ({ text: 'Oi! Tenho plantão sim, quer ver?' }) });
  });
  afterAll(() => e.close());
  const cw = () => e.chatwoot!;
  const deliver = (body: unknown, opts: Parameters<typeof signedChatwoot>[1] = {}) => e.app.http.request('/webhooks/chatwoot', signedChatwoot(body, opts));
  const messages = () => cw().messages().map((m) => ({ type: m.message_type, content: m.content }));
  const agentReply = (conversationId: number, id: number, content: string, extra: Record<string, unknown> = {}) =>
    deliver({ event: 'message_created', id, content, message_type: 'outgoing', private: false, conversation: { id: conversationId }, sender: { id: 7, type: 'user' }, ...extra }, { delivery: `msg-${id}` });

  it('mirrors the doctor and Júlia into one Chatwoot conversation, once each', async () => {
    await e.post(evolutionPayload('text-conversation', { id: 'CW-1', text: 'oi, tem plantao?', remoteJid: '5511980000001@s.whatsapp.net' }));
    await waitFor(() => cw().messages().length === 2, { what: 'both messages in Chatwoot' });
    await e.idle();
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
    await e.idle();
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
    await e.idle();
    expect(e.evolution.sentTexts()).toHaveLength(before);
    expect(cw().conversations()[0]!.labels).toContain('atendimento-humano');
  });

  it('rejects a webhook without the secret', async () => {
    const res = await e.app.http.request('/webhooks/chatwoot', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });
});

describe('Chatwoot webhook admission and hand-back', () => {
  let e: E2E;
  let prompts: string[] = [];
  let answers = 0;
  beforeAll(async () => {
    e = await startE2E({
      chatwoot: true,
      anthropic: (body) => {
        prompts.push(JSON.stringify(body.system));
        if (JSON.stringify(body.messages).includes('assunto delicado')) return { content: [{ type: 'text', text: 'Entendo, deixa eu ver com a equipe o que dá para fazer.' }], stopReason: 'refusal' };
        return { text: `Oi! Posso te ajudar com plantões (${++answers}).` };
      },
    });
  });
  afterAll(() => e.close());
  const cw = () => e.chatwoot!;
  const deliver = (body: unknown, opts: Parameters<typeof signedChatwoot>[1] = {}) => e.app.http.request('/webhooks/chatwoot', signedChatwoot(body, opts));
  const note = { event: 'message_created', id: 1, content: 'x', message_type: 'incoming', conversation: { id: 1 } };

  it('admits a signed delivery and refuses unsigned, tampered, stale and URL-token-only ones', async () => {
    expect((await deliver(note)).status).toBe(200);
    const unsigned = await e.app.http.request('/webhooks/chatwoot', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(note) });
    expect(unsigned.status).toBe(401);
    const urlToken = await e.app.http.request(`/webhooks/chatwoot?token=${CHATWOOT_SECRET}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-token': CHATWOOT_SECRET }, body: JSON.stringify(note) });
    expect(urlToken.status).toBe(401);
    const tampered = signedChatwoot(note);
    expect((await e.app.http.request('/webhooks/chatwoot', { ...tampered, body: tampered.body.replace('"x"', '"y"') })).status).toBe(401);
    const stale = await deliver(note, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ reason: 'stale' });
    expect((await deliver(note, { secret: 'wrong-secret' })).status).toBe(401);
  });

  it('a replayed delivery is acknowledged and handled once', async () => {
    await e.post(evolutionPayload('text-conversation', { id: 'HB-0', text: 'oi', remoteJid: '5511980000002@s.whatsapp.net' }));
    await waitFor(() => cw().conversations().length === 1 && cw().messages().length >= 2, { what: 'mirror' });
    const conversation = cw().conversations()[0]!.id;
    const req = signedChatwoot({ event: 'message_created', id: 7001, content: 'Aqui é o Rui da equipe', message_type: 'outgoing', conversation: { id: conversation }, sender: { id: 3 } });
    const first = await e.app.http.request('/webhooks/chatwoot', req);
    const again = await e.app.http.request('/webhooks/chatwoot', req);
    expect(await first.json()).toEqual({ status: 'queued' });
    expect(await again.json()).toEqual({ status: 'duplicate' });
    await waitFor(() => e.evolution.sentTexts().some((s) => s.text === 'Aqui é o Rui da equipe'), { what: 'supervisor message' });
    await e.idle();
    expect(e.evolution.sentTexts().filter((s) => s.text === 'Aqui é o Rui da equipe')).toHaveLength(1);
  });

  it('resolving the conversation hands it back; the next turn knows what the person handled and Júlia answers', async () => {
    const conversation = cw().conversations()[0]!.id;
    const control = async () =>
      (await e.db.pg.query<{ controlled_by: string }>(`select controlled_by from conversations where chatwoot_conversation_id = $1`, [conversation])).rows[0]!.controlled_by;
    expect(await control()).toBe('human');
    const resolved = await deliver({ event: 'conversation_status_changed', id: conversation, status: 'resolved' });
    expect(await resolved.json()).toEqual({ status: 'handback' });
    expect(await control()).toBe('julia');
    // A second signal (label removed after resolving) changes nothing.
    const label = await deliver({ event: 'conversation_updated', id: conversation, changed_attributes: [{ label_list: { previous_value: ['atendimento-humano'], current_value: [] } }] });
    expect(await label.json()).toEqual({ status: 'handback' });
    expect((await e.db.pg.query(`select 1 from handbacks`)).rows).toHaveLength(1);
    prompts = [];
    const before = e.evolution.sentTexts().length;
    await e.post(evolutionPayload('text-conversation', { id: 'HB-1', text: 'e aí, tem vaga sábado?', remoteJid: '5511980000002@s.whatsapp.net' }));
    await waitFor(() => e.evolution.sentTexts().length > before, { what: 'Júlia answers again', timeoutMs: 20_000 }).catch(async (err) => {
      console.log(prompts.length, JSON.stringify((await e.db.pg.query(`select status, method, to_jsonb(o) - $$body$$ as o from outbound_messages o`)).rows), JSON.stringify((await e.db.pg.query(`select event_type, props from business_events order by id`)).rows));
      throw err;
    });
    const prompt = prompts.find((p) => p.includes('Retomada depois de atendimento da equipe'));
    expect(prompt).toBeDefined();
    expect(prompt).toContain('Aqui é o Rui da equipe');
    expect(prompt).toContain('sem mencionar a troca');
  });

  it('removing the hand-off label also hands back', async () => {
    const conversation = cw().conversations()[0]!.id;
    await e.db.pg.query(`select conversation_set_control(id, 'human', 'test', 'test') from conversations where chatwoot_conversation_id = $1`, [conversation]);
    const res = await deliver({ event: 'conversation_updated', id: conversation, changed_attributes: [{ label_list: { previous_value: ['atendimento-humano', 'vip'], current_value: ['vip'] } }] });
    expect(await res.json()).toEqual({ status: 'handback' });
    const rows = await e.db.pg.query<{ controlled_by: string }>(`select controlled_by from conversations where chatwoot_conversation_id = $1`, [conversation]);
    expect(rows.rows[0]!.controlled_by).toBe('julia');
  });

  it("on a hand-off, Júlia's draft and the reason reach the conversation as a private note", async () => {
    await e.post(evolutionPayload('text-conversation', { id: 'HB-D1', text: 'tenho um assunto delicado sobre o pagamento', remoteJid: '5511980000002@s.whatsapp.net' }));
    const note = await waitFor(() => cw().messages().find((m) => m.private && m.content?.includes('passou esta conversa para a equipe')), { what: 'the draft note', timeoutMs: 20_000 });
    expect(note!.content).toContain('model_refusal');
    expect(note!.content).toContain('> Entendo, deixa eu ver com a equipe o que dá para fazer.');
    expect(e.evolution.sentTexts().some((s) => s.text.includes('deixa eu ver com a equipe'))).toBe(false);
    // The managers' notice is Block Kit with a button to the Chatwoot conversation (text kept as fallback).
    const notice = await waitFor(() => e.slack.posted().find((p) => p.text?.startsWith('Hand-off:')), { what: 'the hand-off notice' });
    expect(JSON.stringify(notice!.blocks)).toContain(`/app/accounts/${cw().accountId}/conversations/${cw().conversations()[0]!.id}`);
  });

  it('a supervisor message 3 hours after the hand-off goes out whatever safe_mode, pacing or business hours say', async () => {
    const conversation = cw().conversations()[0]!.id;
    // The doctor last wrote (and the hand-off happened) 3 hours ago; Júlia is paused and R2 says "not yet".
    await e.db.pg.exec(`alter table interactions disable trigger interactions_immutable;
      update interactions set occurred_at = occurred_at - interval '3 hours', created_at = created_at - interval '3 hours';
      alter table interactions enable trigger interactions_immutable;
      update doctor_state set last_inbound_at = last_inbound_at - interval '3 hours', next_allowed_at = now() + interval '2 days';`);
    await e.app.deps.flags.set('safe_mode', { enabled: true, mode: 'wait' }, 'test');
    try {
      const res = await deliver({ event: 'message_created', id: 7050, content: 'Dr., consegui a troca que o senhor pediu', message_type: 'outgoing', conversation: { id: conversation }, sender: { id: 3 } });
      expect(await res.json()).toEqual({ status: 'queued' });
      await waitFor(() => e.evolution.sentTexts().some((s) => s.text === 'Dr., consegui a troca que o senhor pediu'), { what: 'the supervisor message', timeoutMs: 20_000 });
      const row = async () => (await e.db.pg.query<{ method: string; status: string }>(`select method, status from outbound_messages where idempotency_key = 'chatwoot-7050'`)).rows[0];
      // The wrapper records the outcome just after the provider answered.
      await waitFor(async () => (await row())?.status !== 'reserved', { what: 'the send recorded', timeoutMs: 10_000 });
      expect(await row()).toEqual({ method: 'MANUAL', status: 'sent' });
      expect(cw().messages().some((m) => m.private && /NÃO foi enviada|na fila/.test(m.content ?? ''))).toBe(false);
    } finally {
      await e.app.deps.flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test');
    }
  });

  it('a supervisor message the wrapper blocks is explained in a private note', async () => {
    const conversation = cw().conversations()[0]!.id;
    await e.db.pg.query(`select doctor_state_set_permission(doctor_id, 'opted_out', 'pediu', null, 'test') from conversations where chatwoot_conversation_id = $1`, [conversation]);
    // The doctor last wrote 3 hours ago: the supervisor's message is MANUAL, not a reply within the 30-minute proof window.
    await e.db.pg.exec(`alter table interactions disable trigger interactions_immutable;
      update interactions set occurred_at = occurred_at - interval '3 hours', created_at = created_at - interval '3 hours';
      alter table interactions enable trigger interactions_immutable;`);
    const res = await deliver({ event: 'message_created', id: 7100, content: 'Dr., só confirmando o pagamento', message_type: 'outgoing', conversation: { id: conversation }, sender: { id: 3 } });
    expect(await res.json()).toEqual({ status: 'queued' });
    const note = await waitFor(() => cw().messages().find((m) => m.private && m.content?.includes('NÃO foi enviada')), { what: 'the blocked note', timeoutMs: 20_000 }).catch(async (err) => {
      console.log(JSON.stringify(await e.db.pg.query(`select status, method, rule, actor from outbound_messages where idempotency_key = 'chatwoot-7100'`)), JSON.stringify(cw().messages().slice(-3)));
      throw err;
    });
    expect(note!.content).toContain('opt-out');
    await e.idle();
    expect(e.evolution.sentTexts().some((s) => s.text === 'Dr., só confirmando o pagamento')).toBe(false);
    expect(cw().messages().filter((m) => m.private && m.content?.includes('NÃO foi enviada'))).toHaveLength(1);
  });
});
