import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatwootClient } from '../../../src/integrations/chatwoot/index.js';
import { startChatwootFake, type ChatwootFake } from '../../fakes/index.js';

// Chatwoot's POST …/labels replaces the conversation's list (labels_controller#create → update_labels).
describe('Chatwoot labels: add and remove without touching the others', () => {
  let fake: ChatwootFake;
  beforeAll(async () => {
    fake = await startChatwootFake();
  });
  afterAll(() => fake.close());
  const client = () => createChatwootClient({ baseUrl: fake.url, apiToken: fake.apiToken, accountId: String(fake.accountId), inboxId: '1' });
  const conversation = async (labels: string[]) => {
    const opened = await client().openConversation({ phone: `55119${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`, lid: null, name: 'Dra. Teste' });
    const c = fake.conversations().find((x) => x.id === opened.conversationId)!;
    c.labels = [...labels];
    return c;
  };

  it('keeps the labels a person set, and removes only the one asked', async () => {
    const c = await conversation(['vip', 'atendimento-humano']);
    await client().updateLabels(c.id, { remove: ['atendimento-humano'] });
    expect(c.labels).toEqual(['vip']);
    await client().updateLabels(c.id, { add: ['atendimento-humano'] });
    expect([...c.labels].sort()).toEqual(['atendimento-humano', 'vip']);
  });

  it('three changes at once from one process all hold', async () => {
    const c = await conversation(['vip', 'x']);
    const cw = client();
    await Promise.all([cw.updateLabels(c.id, { add: ['atendimento-humano'] }), cw.updateLabels(c.id, { add: ['urgente'] }), cw.updateLabels(c.id, { remove: ['x'] })]);
    expect([...c.labels].sort()).toEqual(['atendimento-humano', 'urgente', 'vip']);
  });

  it('a person replacing the labels between our write and our check: the change is merged again', async () => {
    const c = await conversation(['vip']);
    const setLabels = fake.state.setLabels.bind(fake.state);
    let interfered = false;
    fake.state.setLabels = (conv, labels) => {
      setLabels(conv, labels);
      // Our write lands, then a person saves the list they had open (without ours).
      if (conv.id === c.id && !interfered) {
        interfered = true;
        conv.labels = ['vip', 'da-pessoa'];
      }
    };
    const after = await client().updateLabels(c.id, { add: ['atendimento-humano'] });
    expect([...after].sort()).toEqual(['atendimento-humano', 'da-pessoa', 'vip']);
    expect([...c.labels].sort()).toEqual(['atendimento-humano', 'da-pessoa', 'vip']);
  });

  it('a request already satisfied writes nothing', async () => {
    const c = await conversation(['vip']);
    const before = fake.requestsTo('POST', `/api/v1/accounts/:a/conversations/${c.id}/labels`).length;
    await client().updateLabels(c.id, { remove: ['atendimento-humano'] });
    expect(fake.requestsTo('POST', `/api/v1/accounts/:a/conversations/${c.id}/labels`)).toHaveLength(before);
    expect(c.labels).toEqual(['vip']);
  });
});
