import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactAttributeDefinitions, loadMirrorMedia } from '../../../src/handoff/index.js';
import { createChatwootClient } from '../../../src/integrations/chatwoot/index.js';
import { evolutionEnvelopeSchema, normalizeEvolution } from '../../../src/inbound/index.js';
import { createEvolutionClient } from '../../../src/integrations/evolution/index.js';
import { createLogger } from '../../../src/shared/index.js';
import { chatwootContactsHandler } from '../../../workers/chatwoot-contacts.js';
import { chatwootSyncHandler } from '../../../workers/chatwoot-sync.js';
import { startChatwootFake, startEvolutionFake, type ChatwootFake, type EvolutionFake } from '../../fakes/index.js';
import { evolutionPayload, inboundFrom } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';

const LABEL = 'atendimento-humano';

describe('chatwoot-sync applies the Chatwoot conventions', () => {
  let db: TestDb;
  let cw: ChatwootFake;
  let evo: EvolutionFake;
  let n = 0;
  beforeAll(async () => {
    db = await createTestDb();
    cw = await startChatwootFake();
    evo = await startEvolutionFake({ apiKey: 'evo-key' });
  });
  afterAll(async () => {
    await Promise.all([cw.close(), evo.close()]);
    await db.close();
  });
  const logger = createLogger('silent');
  const chatwoot = () => createChatwootClient({ baseUrl: cw.url, apiToken: cw.apiToken, accountId: String(cw.accountId), inboxId: '1' });
  const evolution = () => createEvolutionClient({ baseUrl: evo.url, apiKey: 'evo-key', logger, retries: 0 });
  const sync = (conversationId: string) => {
    const client = chatwoot();
    const whatsapp = evolution();
    return chatwootSyncHandler({
      db, chatwoot: client, logger,
      conventions: { handoffLabel: LABEL, assigneeId: 12 },
      definitions: contactAttributeDefinitions(client),
      media: (id) => loadMirrorMedia({ db, fetchMedia: (i, jid, mid) => whatsapp.getMediaBase64(i, { remoteJid: jid, id: mid }) }, id),
    })({ conversationId }, { attemptsMade: 0 } as Job);
  };
  const doctor = async (fixture = 'text-conversation', patch: Parameters<typeof evolutionPayload>[1] = {}) => {
    n++;
    const r = await db.rpc<{ conversationId: string; doctorId: string }>('inbound_persist', {
      p_message: inboundFrom(fixture, { id: `CCS-${n}`, remoteJid: `55119866${String(n).padStart(5, '0')}@s.whatsapp.net`, ...patch }),
    });
    return r;
  };
  const conversationOf = async (id: string) => {
    const row = (await db.pg.query<{ chatwoot_conversation_id: number }>(`select chatwoot_conversation_id from conversations where id = $1`, [id])).rows[0]!;
    return cw.conversations().find((c) => c.id === Number(row.chatwoot_conversation_id))!;
  };
  const toggles = (id: number) => cw.requestsTo('POST', `/api/v1/accounts/:a/conversations/${id}/toggle_status`).length;

  it('two syncs after a hand-off at once: open, assigned and labelled once; a later sync changes nothing', async () => {
    const r = await doctor();
    await sync(r.conversationId);
    const conv = await conversationOf(r.conversationId);
    expect(conv.status).toBe('pending');
    conv.labels = ['vip'];
    await db.rpc('conversation_set_control', { p_conversation_id: r.conversationId, p_controlled_by: 'human', p_reason: 'human_request', p_actor: 'julia' });
    await Promise.all([sync(r.conversationId), sync(r.conversationId)]);
    expect(conv.status).toBe('open');
    expect(conv.assignee_id).toBe(12);
    expect([...conv.labels].sort()).toEqual([LABEL, 'vip']);
    const before = toggles(conv.id);
    await sync(r.conversationId);
    expect(toggles(conv.id)).toBe(before);
    // A person moved it meanwhile: a re-run does not fight them.
    conv.status = 'snoozed';
    await sync(r.conversationId);
    expect(conv.status).toBe('snoozed');
  });

  it('a hand-back by label removal returns it to pending; a resolve leaves it resolved until the doctor writes', async () => {
    const r = await doctor();
    await db.rpc('conversation_set_control', { p_conversation_id: r.conversationId, p_controlled_by: 'human', p_reason: 'human_request', p_actor: 'julia' });
    await sync(r.conversationId);
    const conv = await conversationOf(r.conversationId);
    expect(conv.status).toBe('open');
    await db.rpc('handback_from_chatwoot', { p_chatwoot_conversation_id: conv.id, p_actor: 'chatwoot', p_via: 'label_removed' });
    await sync(r.conversationId);
    expect(conv.status).toBe('pending');
    expect(conv.labels).toEqual([]);

    await db.rpc('handoff_supervisor_message', { p_conversation_id: r.conversationId, p_actor: 'chatwoot:3' });
    await sync(r.conversationId);
    expect(conv.status).toBe('open');
    conv.status = 'resolved';
    await db.rpc('handback_from_chatwoot', { p_chatwoot_conversation_id: conv.id, p_actor: 'chatwoot', p_via: 'resolved' });
    await sync(r.conversationId);
    expect(conv.status).toBe('resolved');
    expect(conv.labels).toEqual([]);
    await db.rpc('inbound_persist', { p_message: inboundFrom('text-conversation', { id: `CCS-again-${n}`, text: 'oi de novo', remoteJid: `55119866${String(n).padStart(5, '0')}@s.whatsapp.net` }) });
    await sync(r.conversationId);
    expect(conv.status).toBe('pending');
  });

  it('keeps the contact profile current, writing it only when it changed', async () => {
    const r = await doctor();
    await db.pg.query(`update doctors set crm = '123456-SP', city = 'Santo André', region = 'ABC' where id = $1`, [r.doctorId]);
    await sync(r.conversationId);
    const conv = await conversationOf(r.conversationId);
    const contact = cw.contacts().find((c) => c.id === conv.contact_id)!;
    expect(contact.custom_attributes).toMatchObject({ julia_crm: '•••456 SP', julia_regiao: 'Santo André / ABC', julia_opt_out: false });
    const puts = () => cw.requestsTo('PUT', `/api/v1/accounts/:a/contacts/${contact.id}`).length;
    const before = puts();
    await sync(r.conversationId);
    expect(puts()).toBe(before);
    await db.rpc('doctor_state_set_permission', { p_doctor_id: r.doctorId, p_state: 'opted_out', p_reason: 'pediu', p_now: new Date().toISOString() });
    await sync(r.conversationId);
    expect(contact.custom_attributes['julia_opt_out']).toBe(true);
    expect(puts()).toBe(before + 1);
  });

  it('a profile that changes with no message to mirror reaches the contact on the next contacts run, once', async () => {
    const r = await doctor();
    await sync(r.conversationId);
    const contacts = chatwootContactsHandler({ db, chatwoot: chatwoot(), logger });
    await contacts(); // whatever earlier tests left stale
    const conv = await conversationOf(r.conversationId);
    const contact = cw.contacts().find((c) => c.id === conv.contact_id)!;
    expect(contact.custom_attributes['julia_opt_out']).toBe(false);
    await db.rpc('doctor_state_set_permission', { p_doctor_id: r.doctorId, p_state: 'opted_out', p_reason: 'slack', p_now: new Date().toISOString() });
    expect(await contacts()).toMatchObject({ stale: 1, written: 1 });
    expect(contact.custom_attributes['julia_opt_out']).toBe(true);
    expect(await contacts()).toMatchObject({ stale: 0, written: 0 });
    // The mirror agrees on the hash: its next run writes nothing either.
    const puts = cw.requestsTo('PUT', `/api/v1/accounts/:a/contacts/${contact.id}`).length;
    await sync(r.conversationId);
    expect(cw.requestsTo('PUT', `/api/v1/accounts/:a/contacts/${contact.id}`)).toHaveLength(puts);
  });

  it('a conversation linked before the contact was kept finds its contact in Chatwoot', async () => {
    const r = await doctor();
    await sync(r.conversationId);
    await db.pg.query(`delete from chatwoot_contacts where doctor_id = $1`, [r.doctorId]);
    await db.pg.query(`update doctors set city = 'Campinas', region = null where id = $1`, [r.doctorId]);
    await sync(r.conversationId);
    const conv = await conversationOf(r.conversationId);
    expect(cw.contacts().find((c) => c.id === conv.contact_id)!.custom_attributes['julia_regiao']).toBe('Campinas');
  });

  it('an image Evolution no longer has, or one over the size cap, is mirrored as text saying so', async () => {
    const gone = await doctor('image-caption');
    evo.storeMedia(`CCS-${n}`, 'missing');
    await sync(gone.conversationId);
    const a = cw.messages((await conversationOf(gone.conversationId)).id).find((m) => m.message_type === 'incoming')!;
    expect(a.attachments).toHaveLength(0);
    expect(a.content).toBe('Segue foto do meu CRM e da carteirinha do RQE (o arquivo de imagem não pôde ser anexado)');

    const big = evolutionPayload('image-caption', { id: 'CCS-BIG', remoteJid: '5511986699999@s.whatsapp.net' });
    big.data.message.imageMessage.fileLength = 40_000_000;
    big.data.message.imageMessage.caption = '';
    const r = await db.rpc<{ conversationId: string }>('inbound_persist', { p_message: normalizeBig(big) });
    await sync(r.conversationId);
    const b = cw.messages((await conversationOf(r.conversationId)).id).find((m) => m.message_type === 'incoming')!;
    expect(b.attachments).toHaveLength(0);
    expect(b.content).toBe('[imagem] (imagem grande demais para anexar; veja no WhatsApp)');
    expect(evo.requestsTo('POST', '/chat/getBase64FromMediaMessage/:i').some((q) => JSON.stringify(q.body).includes('CCS-BIG'))).toBe(false);
  });
});

function normalizeBig(body: Record<string, unknown>) {
  const r = normalizeEvolution(evolutionEnvelopeSchema.parse(body));
  if (r.status !== 'message') throw new Error('did not normalize');
  return r.message;
}
