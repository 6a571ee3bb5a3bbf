import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evaluateAlerts, runInvariants } from '../../src/ops/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { startE2E, type E2E } from './e2e-harness.js';

// Who sends what on Júlia's WhatsApp number (docs/decisions/0250-senders-calls-auto-replies.md):
// Evolution's own automatic texts and events keyed with our own number are never a person
// taking over; a call gets one short text a day; a doctor's auto-responder is never answered.

const FIXTURES = join(import.meta.dirname, '../fixtures/evolution');
const raw = (name: string): Record<string, any> => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));
const REJECT_TEXT = raw('v2.2-reject-call-message').data.message.conversation as string;
const OWN = '5511912345678';
const REPLY = 'Oi! Aqui é a Júlia, me conta o que vc procura';
// Each model answer differs, so a doctor answered twice is not a repeated text (O4).
let answers = 0;

function callPayload(name: string, id: string, phone: string): Record<string, any> {
  const body = raw(name);
  body.data.id = id;
  body.data.from = body.data.chatId = `${phone}@s.whatsapp.net`;
  body.data.date = new Date().toISOString();
  return body;
}

describe('senders: take-over, calls and auto-replies through the Evolution webhook', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ anthropic: () => ({ text: `${REPLY} ${++answers}` }), env: { EVOLUTION_REJECT_CALL_MESSAGE: REJECT_TEXT } });
  });
  afterAll(() => e.close());
  beforeEach(() => e.evolution.reset());
  const one = async <T>(sql: string, params: unknown[] = []) => (await e.db.pg.query<T>(sql, params)).rows[0]!;
  const count = async (sql: string, params: unknown[] = []) => Number((await one<{ n: number }>(sql, params)).n);
  const sentTo = (phone: string) => e.evolution.sentTexts().filter((s) => s.number === phone);

  it('v2.3 messages.edited keyed with our own number: no take-over, no conversation with Júlia herself', async () => {
    const body = raw('v2.3-messages-edited-own-number');
    body.data.timestampMs = String(Date.now());
    expect((await e.post(body)).status).toBe(200);
    await e.idle();
    expect(await count(`select count(*)::int n from business_events where event_type = 'human_took_over'`)).toBe(0);
    expect(await count(`select count(*)::int n from doctors where phone = $1`, [OWN])).toBe(0);
  });

  it('v2.2 a call rejected with Evolution\'s own message (fromMe) is no take-over: the doctor\'s next message is answered', async () => {
    const phone = '5511970001001';
    const echo = evolutionPayload('v2.2-reject-call-message', { id: '3EB0AA11BB22CC33DD44EE', remoteJid: `${phone}@s.whatsapp.net` });
    expect((await e.post(echo)).status).toBe(200);
    await e.idle();
    expect(await count(`select count(*)::int n from business_events where event_type = 'human_took_over'`)).toBe(0);
    await e.post(evolutionPayload('text-conversation', { id: 'SND-RC-1', text: 'oi, te liguei agora, tem vaga pra sábado?', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(phone).length > 0, { what: 'the answer to the doctor' });
    expect(sentTo(phone)[0]!.text.startsWith(REPLY)).toBe(true);
    expect(await count(`select count(*)::int n from conversations c join doctors d on d.id = c.doctor_id where d.phone = $1 and c.controlled_by = 'human'`, [phone])).toBe(0);
  });

  it('v2.3 with Evolution answering calls itself, a call gets nothing more from Júlia', async () => {
    const phone = '5511970001008';
    expect((await e.post(callPayload('v2.3-call-offer', 'CALL-EV-1', phone))).status).toBe(200);
    await waitFor(async () => (await count(`select count(*)::int n from business_events where event_type = 'call_received' and props->>'outcome' = 'answered_by_provider'`)) === 1, { what: 'the call recorded' });
    await e.idle();
    expect(sentTo(phone)).toEqual([]);
  });

  it('v2.2 a doctor\'s away message is stored, not answered, and is not a reply to his campaign', async () => {
    const phone = '5511970001004';
    const jid = `${phone}@s.whatsapp.net`;
    // He wrote; then a campaign reached him.
    await e.post(evolutionPayload('text-conversation', { id: 'SND-AW-0', text: 'oi', remoteJid: jid }));
    await waitFor(() => sentTo(phone).length > 0, { what: 'the first answer' });
    const doctor = await one<{ id: string }>(`select id from doctors where phone = $1`, [phone]);
    const campaign = await one<{ id: string }>(`insert into campaigns (name, type, template, status) values ('teste', 'oferta', 'Oi {nome}', 'running') returning id`);
    await e.db.pg.query(`insert into campaign_sends (campaign_id, doctor_id, status, settled_at) values ($1, $2, 'sent', now())`, [campaign.id, doctor.id]);
    const conv = await one<{ last_inbound_at: string }>(`select last_inbound_at from conversations where doctor_id = $1`, [doctor.id]);
    e.evolution.reset();
    await e.post(evolutionPayload('v2.2-away-message', { id: '3A9F1C2B7D4E8A6B5C01', remoteJid: jid }));
    await waitFor(async () => (await count(`select count(*)::int n from business_events where event_type = 'auto_reply_received' and doctor_id = $1`, [doctor.id])) === 1, { what: 'the auto-reply recorded' });
    await e.idle();
    expect(sentTo(phone)).toEqual([]);
    expect(await count(`select count(*)::int n from interactions where provider_message_id = '3A9F1C2B7D4E8A6B5C01'`)).toBe(1);
    const progress = (await one<{ p: { replied: number; sent: number } }>(`select campaign_progress($1) p`, [campaign.id])).p;
    expect(progress).toMatchObject({ sent: 1, replied: 0 });
    // Follow-ups still see him as silent since his last real message.
    const after = await one<{ last_inbound_at: string }>(`select last_inbound_at from conversations where doctor_id = $1`, [doctor.id]);
    expect(new Date(after.last_inbound_at).getTime()).toBe(new Date(conv.last_inbound_at).getTime());
  });

  it('an auto-responder the detector does not know stops after one of Júlia\'s messages', async () => {
    const phone = '5511970001005';
    const jid = `${phone}@s.whatsapp.net`;
    const away = 'Dr. Ricardo Alves - Cardiologia. Consultas somente com agendamento pelo telefone (11) 3333-4444.';
    await e.post(evolutionPayload('text-conversation', { id: 'SND-AR-1', text: away, remoteJid: jid }));
    await waitFor(() => sentTo(phone).length > 0, { what: 'Júlia\'s one message' });
    await e.idle();
    for (const id of ['SND-AR-2', 'SND-AR-3']) {
      await e.post(evolutionPayload('text-conversation', { id, text: away, remoteJid: jid }));
      await e.idle();
    }
    expect(sentTo(phone)).toHaveLength(1);
    expect(await count(`select count(*)::int n from business_events e join doctors d on d.id = e.doctor_id where d.phone = $1 and e.event_type = 'auto_reply_received'`, [phone])).toBe(2);
  });

  it('a doctor asking whether the transfer is automatic is answered', async () => {
    const phone = '5511970001006';
    await e.post(evolutionPayload('text-conversation', { id: 'SND-NM-1', text: 'o repasse é automático?', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(phone).length > 0, { what: 'the answer' });
    expect(sentTo(phone)[0]!.text.startsWith(REPLY)).toBe(true);
  });

  it('the documented take-over flow leaves `julia invariants` clean and raises no alert', async () => {
    const phone = '5511970001007';
    const jid = `${phone}@s.whatsapp.net`;
    await e.post(evolutionPayload('text-conversation', { id: 'SND-TO-1', text: 'oi, queria saber do plantão de sábado', remoteJid: jid }));
    await waitFor(() => sentTo(phone).length > 0, { what: 'Júlia\'s answer' });
    // A person answers from the phone (Android id): human control.
    await e.post(evolutionPayload('from-me', { id: '0A92C5E7F3B1D4C6C7D8E9FA0B1C2D40', remoteJid: jid }));
    await e.post(evolutionPayload('from-me', { id: '0A92C5E7F3B1D4C6C7D8E9FA0B1C2D41', text: 'Pode deixar que eu resolvo, Dra.', remoteJid: jid }));
    await waitFor(async () => (await count(`select count(*)::int n from business_events e join doctors d on d.id = e.doctor_id where d.phone = $1 and e.event_type = 'human_took_over'`, [phone])) === 2, { what: 'the take-over' });
    await e.post(evolutionPayload('text-conversation', { id: 'SND-TO-2', text: 'combinado, obrigada', remoteJid: jid }));
    await waitFor(async () => (await count(`select count(*)::int n from business_events where event_type = 'inbound_under_human_control'`)) >= 1, { what: 'the doctor under human control' });
    const conv = await one<{ id: string; doctor_id: string }>(`select c.id, c.doctor_id from conversations c join doctors d on d.id = c.doctor_id where d.phone = $1`, [phone]);
    // A supervisor writes from Chatwoot too (through the wrapper, as a person).
    await e.app.deps.outbound.enqueueOutbound(
      { method: 'MANUAL', doctorId: conv.doctor_id, conversationId: conv.id, actor: 'chatwoot:7' }, 'Dra., aqui é a supervisora: sábado confirmado.', { idempotencyKey: 'snd-supervisor-1' },
    );
    await waitFor(() => sentTo(phone).some((t) => t.text.includes('supervisora')), { what: 'the supervisor\'s message' });
    // Hand-back to Júlia.
    await e.app.deps.db.rpc('conversation_set_control', { p_conversation_id: conv.id, p_controlled_by: 'julia', p_reason: 'handback', p_actor: 'chatwoot:1' });
    await e.post(evolutionPayload('text-conversation', { id: 'SND-TO-3', text: 'julia, e domingo tem?', remoteJid: jid }));
    await waitFor(() => sentTo(phone).length > 1, { what: 'Júlia again' });
    await e.idle();
    const report = await runInvariants(e.app.deps.db, new Date(Date.now() - 3_600_000));
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
    expect(evaluateAlerts({ sends: 0, blocked: 0, turns: 0, modelFailures: 0, queueDepths: {}, openCircuits: [], invariants: report }).map((a) => a.key)).not.toContain('invariants');
  });
});

describe('calls when Evolution does not answer them (no reject-call message)', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ anthropic: () => ({ text: REPLY }) });
  });
  afterAll(() => e.close());
  const one = async <T>(sql: string, params: unknown[] = []) => (await e.db.pg.query<T>(sql, params)).rows[0]!;
  const count = async (sql: string, params: unknown[] = []) => Number((await one<{ n: number }>(sql, params)).n);
  const sentTo = (phone: string) => e.evolution.sentTexts().filter((s) => s.number === phone);

  it('v2.3 a call gets one short text asking to write; a second call the same day gets none', async () => {
    const phone = '5511970001002';
    expect((await e.post(callPayload('v2.3-call-offer', 'CALL-A-1', phone))).status).toBe(200);
    await waitFor(() => sentTo(phone).length > 0, { what: 'the call text' });
    expect(sentTo(phone)[0]!.text).toMatch(/mensagem|escreve/i);
    // The same call's later events and a redelivery change nothing.
    await e.post(callPayload('v2.3-call-terminate', 'CALL-A-1', phone));
    await e.post(callPayload('v2.3-call-offer', 'CALL-A-1', phone));
    await e.post(callPayload('v2.3-call-offer', 'CALL-A-2', phone));
    await waitFor(async () => (await count(`select count(*)::int n from business_events e join doctors d on d.id = e.doctor_id where d.phone = $1 and e.event_type = 'call_received'`, [phone])) === 2, { what: 'the second call' });
    await e.idle();
    expect(sentTo(phone)).toHaveLength(1);
    expect(await count(`select count(*)::int n from business_events e join doctors d on d.id = e.doctor_id where d.phone = $1 and e.event_type = 'call_received'`, [phone])).toBe(2);
    // No turn and no model call answer a call.
    expect(await count(`select count(*)::int n from outbound_messages m join doctors d on d.id = m.doctor_id where d.phone = $1`, [phone])).toBe(1);
  });

  it('an opted-out doctor who calls gets no text', async () => {
    const phone = '5511970001003';
    await e.post(evolutionPayload('text-conversation', { id: 'SND-OO-1', text: 'para de me mandar mensagem por favor', remoteJid: `${phone}@s.whatsapp.net` }));
    await waitFor(() => sentTo(phone).length > 0, { what: 'the opt-out confirmation' });
    await e.post(callPayload('v2.3-call-offer', 'CALL-OO-1', phone));
    await waitFor(async () => (await count(`select count(*)::int n from business_events where event_type = 'call_received' and props->>'outcome' = 'opted_out'`)) === 1, { what: 'the call recorded' });
    await e.idle();
    expect(sentTo(phone)).toHaveLength(1);
  });


  it('v2.2 without the setting, Evolution\'s reject-call message is known by what it says: no take-over, no second text for the call', async () => {
    const phone = '5511970001009';
    const jid = `${phone}@s.whatsapp.net`;
    expect((await e.post(evolutionPayload('v2.2-reject-call-message', { id: '3EB0BB11CC22DD33EE44FF', remoteJid: jid }))).status).toBe(200);
    expect((await e.post(callPayload('v2.3-call-offer', 'CALL-NE-1', phone))).status).toBe(200);
    await waitFor(async () => (await count(`select count(*)::int n from business_events where event_type = 'call_received' and props->>'outcome' = 'answered_by_provider'`)) === 1, { what: 'the call recorded as answered by Evolution' });
    expect(await count(`select count(*)::int n from business_events where event_type = 'human_took_over'`)).toBe(0);
    await e.post(evolutionPayload('text-conversation', { id: 'SND-NE-1', text: 'oi, te liguei. tem plantão sábado?', remoteJid: jid }));
    await waitFor(() => sentTo(phone).length > 0, { what: 'the answer to the doctor' });
    await e.idle();
    expect(sentTo(phone)).toHaveLength(1);
    expect(sentTo(phone)[0]!.text).toBe(REPLY);
  });
});
