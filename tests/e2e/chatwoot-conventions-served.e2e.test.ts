import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/db/index.js';
import { startChatwootFake, startSlackFake, type ChatwootFake, type SlackFake } from '../fakes/index.js';
import { evolutionPayload } from '../helpers/evolution-fixture.js';
import { waitFor } from '../helpers/wait-for.js';
import { startServed, type Served } from './served.js';

const REPLY = 'Oi! Tenho plantões sim, quer ver?';
const SECRET = 'cw-conventions-secret';
const TEAM = 4;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n% documento de teste\n%%EOF\n');

/**
 * Issue 28 through a started `julia serve` (its own PGlite, real Redis, loopback
 * Evolution, Anthropic, Chatwoot and Slack fakes): Chatwoot as its users run it,
 * and human control with a deadline.
 */
describe('Chatwoot conventions through a started service', () => {
  let s: Served;
  let cw: ChatwootFake;
  let slack: SlackFake;
  const env = {
    CHATWOOT_URL: '', CHATWOOT_API_TOKEN: '', CHATWOOT_ACCOUNT_ID: '', CHATWOOT_INBOX_ID: '1', CHATWOOT_WEBHOOK_SECRET: SECRET,
    CHATWOOT_HANDOFF_TEAM_ID: String(TEAM),
    SLACK_BOT_TOKEN: 'xoxb-served', SLACK_SIGNING_SECRET: 'slack-secret', SLACK_ALERTS_CHANNEL: 'C0ALERTS', SLACK_API_URL: '',
  };
  beforeAll(async () => {
    cw = await startChatwootFake();
    slack = await startSlackFake({ token: 'xoxb-served' });
    Object.assign(env, { CHATWOOT_URL: cw.url, CHATWOOT_API_TOKEN: cw.apiToken, CHATWOOT_ACCOUNT_ID: String(cw.accountId), SLACK_API_URL: `${slack.url}/api` });
    s = await startServed({ anthropic: () => ({ text: REPLY }) });
    await s.start(env);
  }, 90_000);
  afterAll(async () => {
    await s.close();
    await Promise.all([cw.close(), slack.close()]);
  });

  const doctorSays = (phone: string, id: string, text: string) => s.post(evolutionPayload('text-conversation', { id, text, remoteJid: `${phone}@s.whatsapp.net` }));
  const conversationOf = (phone: string) => {
    const contact = cw.contacts().find((c) => c.phone_number === `+${phone}`);
    return contact ? cw.conversations().find((c) => c.contact_id === contact.id) : undefined;
  };
  const webhook = (body: unknown, delivery = randomUUID()) => {
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest('hex')}`;
    return fetch(`${s.url}/webhooks/chatwoot`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-chatwoot-signature': sig, 'x-chatwoot-timestamp': ts, 'x-chatwoot-delivery': delivery }, body: raw });
  };
  const sentTo = (phone: string) => s.evolution.sentTexts().filter((t) => t.number === phone).map((t) => t.text);

  const A = '5511976000001';

  it('creates the conversation pending, with the doctor profile on the contact', async () => {
    await doctorSays(A, 'CV-1', 'oi, tem plantão?');
    await waitFor(() => (conversationOf(A) && cw.messages(conversationOf(A)!.id).length >= 2) || false, { timeoutMs: 30_000, what: 'the mirrored exchange' });
    expect(conversationOf(A)!.status).toBe('pending');
    const contact = cw.contacts().find((c) => c.phone_number === `+${A}`)!;
    await waitFor(() => contact.custom_attributes['julia_opt_out'] === false, { timeoutMs: 10_000, what: 'the contact profile' });
    expect(cw.state.attributeDefinitions.map((d) => d.attribute_key)).toEqual(expect.arrayContaining(['julia_especialidade', 'julia_opt_out', 'julia_crm']));
  }, 60_000);

  it('a hand-off opens the conversation, assigns it to the team and adds the label keeping the others', async () => {
    const conv = conversationOf(A)!;
    conv.labels = ['vip']; // a supervisor's own label
    await doctorSays(A, 'CV-2', 'isso é um robô? quero falar com uma pessoa de verdade, agora');
    await waitFor(() => conv.status === 'open' && conv.labels.includes('atendimento-humano'), { timeoutMs: 30_000, what: 'the hand-off in Chatwoot' });
    expect(conv.team_id).toBe(TEAM);
    expect([...conv.labels].sort()).toEqual(['atendimento-humano', 'vip']);
    await waitFor(() => slack.posted().some((p) => p.text?.startsWith('Hand-off')), { timeoutMs: 10_000, what: 'the Slack hand-off notice' });
  }, 60_000);

  it('resolving (delivered twice at once) hands back once and removes only the hand-off label', async () => {
    const conv = conversationOf(A)!;
    conv.status = 'resolved'; // what Chatwoot did before telling us
    const body = { event: 'conversation_status_changed', id: conv.id, status: 'resolved' };
    const answers = await Promise.all([webhook(body), webhook(body)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await waitFor(() => !conv.labels.includes('atendimento-humano'), { timeoutMs: 20_000, what: 'the label removed' });
    expect(conv.labels).toEqual(['vip']);
    expect(conv.status).toBe('resolved');
    // The doctor writes again: Chatwoot reopens it, and as Júlia's it goes back to pending, and she answers.
    const before = sentTo(A).length;
    await doctorSays(A, 'CV-3', 'e aí, tem vaga sábado?');
    await waitFor(() => sentTo(A).length > before, { timeoutMs: 30_000, what: 'Júlia answers again' });
    await waitFor(() => conv.status === 'pending', { timeoutMs: 20_000, what: 'back to pending' });
  }, 90_000);

  it('mirrors an image and a document with their files', async () => {
    const B = '5511976000002';
    s.evolution.storeMedia('CV-IMG', { mediaType: 'imageMessage', mimetype: 'image/jpeg', base64: PNG.toString('base64') });
    s.evolution.storeMedia('CV-DOC', { mediaType: 'documentMessage', mimetype: 'application/pdf', base64: PDF.toString('base64') });
    await s.post(evolutionPayload('image-caption', { id: 'CV-IMG', remoteJid: `${B}@s.whatsapp.net` }));
    await waitFor(() => cw.messages().some((m) => m.attachments.some((a) => a.fileType === 'image')), { timeoutMs: 30_000, what: 'the mirrored image' });
    await s.post(evolutionPayload('document-caption', { id: 'CV-DOC', remoteJid: `${B}@s.whatsapp.net` }));
    await waitFor(() => cw.messages().some((m) => m.attachments.some((a) => a.fileType === 'file')), { timeoutMs: 30_000, what: 'the mirrored document' });
    const image = cw.messages().find((m) => m.attachments.some((a) => a.fileType === 'image'))!;
    expect(image.content).toBe('Segue foto do meu CRM e da carteirinha do RQE');
    expect(image.attachments[0]!.data.equals(PNG)).toBe(true);
    const doc = cw.messages().find((m) => m.attachments.some((a) => a.fileType === 'file'))!;
    expect(doc.attachments[0]).toMatchObject({ mimetype: 'application/pdf', fileName: 'CRM_AnaBeatriz_Souza.pdf' });
    expect(doc.attachments[0]!.data.equals(PDF)).toBe(true);
  }, 60_000);

  it('an expired human control goes back to Júlia with a note in Chatwoot and in Slack', async () => {
    await s.stop();
    await s.start({ ...env, HUMAN_CONTROL_EXPIRE_HOURS: '0.001' });
    const C = '5511976000003';
    await doctorSays(C, 'CV-X1', 'quero falar com uma pessoa de verdade, por favor');
    await waitFor(() => conversationOf(C)?.status === 'open', { timeoutMs: 30_000, what: 'the hand-off' });
    const conv = conversationOf(C)!;
    await waitFor(() => cw.privateNotes(conv.id).some((m) => m.content.includes('ninguém escreveu ao médico')), { timeoutMs: 30_000, what: 'the expiry note' });
    await waitFor(() => slack.posted().some((p) => p.text?.includes('ninguém escreveu ao médico')), { timeoutMs: 10_000, what: 'the Slack expiry notice' });
    await waitFor(() => conv.status === 'pending' && !conv.labels.includes('atendimento-humano'), { timeoutMs: 20_000, what: 'pending, without the label' });
    const before = sentTo(C).length;
    await doctorSays(C, 'CV-X2', 'oi, ainda tem plantão?');
    await waitFor(() => sentTo(C).length > before, { timeoutMs: 30_000, what: 'Júlia answers after the expiry' });
    expect(slack.posted().filter((p) => p.text?.includes('ninguém escreveu ao médico'))).toHaveLength(1);
    expect(cw.privateNotes(conv.id).filter((m) => m.content.includes('ninguém escreveu ao médico'))).toHaveLength(1);
  }, 120_000);

  it('records each hand-off with its category, first reply and ending', async () => {
    await s.stop();
    const db = await createPgliteDb({ dataDir: s.dataDir });
    try {
      const rows = await db.query<{ category: string; ended_via: string | null }>(`select category, ended_via from handoffs order by started_at`);
      expect(rows.map((r) => r.ended_via)).toEqual(['handback_resolved', 'handback_expired']);
      expect(rows.every((r) => r.category === 'pediu_pessoa' || r.category === 'suspeita_bot')).toBe(true);
      expect((await db.query(`select 1 from handbacks`)).length).toBe(2);
    } finally {
      await db.close();
    }
  }, 60_000);
});
