import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONE_PIXEL_PNG } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { startE2E, type E2E } from './e2e-harness.js';

const lastUserText = (body: { messages: Array<{ role: string; content: unknown }> }) => {
  const last = [...body.messages].reverse().find((m) => m.role === 'user')!;
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
};

describe('doctor messages end to end (Evolution webhook → turn → outbound)', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ anthropic: () => ({ text: 'Oi! Aqui é a Júlia, tudo bem? Me conta o que vc procura' }) });
  });
  afterAll(() => e.close());
  beforeEach(() => e.evolution.reset());
  const count = async (sql: string, params: unknown[] = []) => Number((await e.db.pg.query<{ n: number }>(sql, params)).rows[0]!.n);

  it('answers a text once, to the normalized number, through the instance that received it', async () => {
    const res = await e.post(evolutionPayload('text-conversation', { id: 'E2E-1', remoteJid: '5511970000001@s.whatsapp.net' }));
    expect(res.status).toBe(200);
    await waitFor(() => e.evolution.sentTexts().length > 0, { what: "a reply" });
    const sent = e.evolution.sentTexts();
    await e.idle();
    expect(e.evolution.sentTexts()).toHaveLength(1);
    expect(sent[0]).toMatchObject({ instance: 'julia-prod', number: '5511970000001', text: 'Oi! Aqui é a Júlia, tudo bem? Me conta o que vc procura' });
    expect(await count(`select count(*)::int n from business_events e join interactions i on i.id = e.interaction_id where i.direction = 'outbound' and e.event_type = 'doctor_outbound'`)).toBeGreaterThanOrEqual(1);
  });

  it('answers the same webhook delivered 10 times concurrently once', async () => {
    const payload = evolutionPayload('text-conversation', { id: 'E2E-DUP', remoteJid: '5511970000002@s.whatsapp.net' });
    const codes = await Promise.all(Array.from({ length: 10 }, () => e.post(payload).then((r) => r.status)));
    expect(codes).toEqual(Array(10).fill(200));
    await waitFor(() => e.evolution.sentTexts().length > 0, { what: 'a reply' });
    await e.idle();
    expect(e.evolution.sentTexts().filter((s) => s.number === '5511970000002')).toHaveLength(1);
    expect(await count(`select count(*)::int n from interactions where provider_message_id = 'E2E-DUP'`)).toBe(1);
  });

  it('answers a burst of three messages in one turn that sees all three', async () => {
    const before = e.anthropic.calls().length;
    const jid = '5511970000003@s.whatsapp.net';
    const now = Math.floor(Date.now() / 1000);
    for (const [i, text] of ['oi julia', 'vi a vaga de sabado', 'ainda ta aberta?'].entries()) {
      await e.post(evolutionPayload('text-conversation', { id: `E2E-B${i}`, text, timestamp: now + i, remoteJid: jid }));
    }
    await waitFor(() => e.evolution.sentTexts().length > 0, { what: 'a reply' });
    await e.idle();
    const calls = e.anthropic.calls().slice(before);
    expect(calls).toHaveLength(1);
    expect(lastUserText(calls[0]!)).toMatch(/oi julia[\s\S]*vi a vaga de sabado[\s\S]*ainda ta aberta\?/);
    expect(e.evolution.sentTexts()).toHaveLength(1);
  });

  it('does not answer under human control, but keeps the message visible', async () => {
    const jid = '5511970000004@s.whatsapp.net';
    // A person from the team answers from the WhatsApp phone: human control.
    const fromMe = evolutionPayload('from-me', { id: 'E2E-ME', remoteJid: jid });
    expect((await e.post(fromMe)).status).toBe(200);
    await waitFor(async () => (await count(`select count(*)::int n from conversations c join doctors d on d.id = c.doctor_id where d.phone = '5511970000004' and c.controlled_by = 'human'`)) === 1, { what: 'human control' });
    const before = e.anthropic.calls().length;
    await e.post(evolutionPayload('text-conversation', { id: 'E2E-H1', text: 'oi, ainda ta de pe?', remoteJid: jid }));
    await waitFor(async () => (await count(`select count(*)::int n from business_events where event_type = 'inbound_under_human_control'`)) >= 1, { what: 'the turn' });
    await e.idle();
    expect(e.evolution.sentTexts()).toEqual([]);
    expect(e.anthropic.calls().length).toBe(before);
    expect(await count(`select count(*)::int n from interactions where provider_message_id = 'E2E-H1'`)).toBe(1);
  });

  it('confirms an opt-out once and blocks every later proactive send', async () => {
    const jid = '5511970000005@s.whatsapp.net';
    await e.post(evolutionPayload('text-conversation', { id: 'E2E-O1', text: 'para de me mandar mensagem por favor', remoteJid: jid }));
    await waitFor(() => e.evolution.sentTexts().length > 0, { what: 'the confirmation' });
    await e.post(evolutionPayload('text-conversation', { id: 'E2E-O2', text: 'nao quero mais receber msg de vcs', remoteJid: jid }));
    await e.idle();
    expect(e.evolution.sentTexts()).toHaveLength(1);
    const doctor = (await e.db.pg.query<{ id: string }>(`select id from doctors where phone = '5511970000005'`)).rows[0]!;
    // A well-formed follow-up (it carries its conversation), so only the opt-out can stop it.
    const conversation = (await e.db.pg.query<{ id: string }>(`select id from conversations where doctor_id = $1 order by created_at desc limit 1`, [doctor.id])).rows[0]!;
    await e.app.deps.outbound.enqueueOutbound({ method: 'FOLLOWUP', doctorId: doctor.id, conversationId: conversation.id, actor: 'julia' }, 'Oi! Surgiu um plantão novo', { idempotencyKey: 'e2e-followup-optout' });
    await waitFor(async () => (await count(`select count(*)::int n from business_events where doctor_id = $1 and event_type = 'outbound_blocked'`, [doctor.id])) === 1, { what: 'the block' });
    const blocked = await e.db.pg.query<{ rule: string }>(`select props->>'rule' as rule from business_events where doctor_id = $1 and event_type = 'outbound_blocked'`, [doctor.id]);
    expect(blocked.rows.map((r) => r.rule)).toEqual(['R0_opted_out']);
    expect(e.evolution.sentTexts()).toHaveLength(1);
  });

  it('answers an @lid chat at the phone in remoteJidAlt, and a lid-only chat at its lid', async () => {
    await e.post(evolutionPayload('lid-with-alt', { id: 'E2E-L1' }));
    await waitFor(() => e.evolution.sentTexts().length === 1, { what: 'reply to the alt phone' });
    expect(e.evolution.sentTexts()[0]!.number).toBe('5511987654321');
    await e.post(evolutionPayload('lid-without-alt', { id: 'E2E-L2' }));
    await waitFor(() => e.evolution.sentTexts().length === 2, { what: 'reply to the lid' });
    expect(e.evolution.sentTexts()[1]!.number).toBe('209384756102938@lid');
  });

  it('shows a photo to the model as an image, fetched through Evolution, with its caption', async () => {
    const before = e.anthropic.calls().length;
    await e.post(evolutionPayload('image-caption', { id: 'E2E-IMG', remoteJid: '5511970000006@s.whatsapp.net' }));
    await waitFor(() => e.evolution.sentTexts().length === 1, { what: 'the reply' });
    const call = e.anthropic.calls()[before]!;
    const last = call.messages.at(-1)!;
    expect(Array.isArray(last.content)).toBe(true);
    const blocks = last.content as Array<{ type: string; source?: { type: string; media_type: string; data: string }; text?: string }>;
    expect(blocks[0]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: ONE_PIXEL_PNG } });
    expect(blocks.at(-1)).toMatchObject({ type: 'text', text: expect.stringContaining('Segue foto do meu CRM') });
    const asked = e.evolution.requests.filter((r) => r.path === '/chat/getBase64FromMediaMessage/julia-prod');
    expect(asked.map((r) => (r.body as { message: { key: { id: string } } }).message.key.id)).toEqual(['E2E-IMG']);
  });

  it('never answers a group message, and ingests it', async () => {
    await e.post(evolutionPayload('group', { id: 'E2E-G1' }));
    await waitFor(async () => (await count(`select count(*)::int n from group_messages where provider_message_id = 'E2E-G1'`)) === 1, { what: 'ingestion' });
    await e.idle();
    expect(e.evolution.sentTexts()).toEqual([]);
  });

  it('rejects a bad token with 401 and stores nothing', async () => {
    const res = await e.post(evolutionPayload('text-conversation', { id: 'E2E-BAD' }), { 'x-webhook-token': 'wrong' });
    expect(res.status).toBe(401);
    await e.idle();
    expect(await count(`select count(*)::int n from interactions where provider_message_id = 'E2E-BAD'`)).toBe(0);
  });

  it('answers malformed JSON with 4xx and stays healthy', async () => {
    expect((await e.post('{"event": "messages.upsert", ')).status).toBe(400);
    expect((await e.post({ event: 'messages.upsert' })).status).toBe(422);
    expect((await e.post({ event: 'messages.upsert', instance: 'x', data: { key: { id: 'no-jid' } } })).status).toBe(422);
    expect((await e.post({ event: 'connection.update', instance: 'x', data: {} })).status).toBe(200);
    expect((await e.app.http.request('/readyz')).status).toBe(200);
  });
});
