import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HANG, HttpFake, startChatwootFake, startEvolutionFake, type ChatwootFake, type EvolutionFake } from './index.js';

// Evolution and Chatwoot have no SDK in this project (we call them with fetch), so
// these tests speak plain fetch, the same way the production clients do.

const json = async (res: Response) => (await res.json()) as Record<string, any>;

describe('http fake base', () => {
  const fake = new HttpFake('base');
  beforeAll(async () => {
    fake.route('POST', '/things/:id', (req, p) => ({ status: 201, body: { id: p['id'], got: req.body, q: req.query } }));
    fake.route('GET', '/boom', () => {
      throw new Error('kaput');
    });
    fake.route('GET', '/never', () => HANG);
    await fake.listen();
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('routes by method and pattern, parses JSON and form bodies, and records everything', async () => {
    const a = await fetch(`${fake.url}/things/a%20b?x=1`, { method: 'POST', body: JSON.stringify({ n: 1 }), headers: { 'content-type': 'application/json' } });
    expect(await json(a)).toEqual({ id: 'a b', got: { n: 1 }, q: { x: '1' } });
    const b = await fetch(`${fake.url}/things/2`, { method: 'POST', body: new URLSearchParams({ k: 'v' }) });
    expect((await json(b))['got']).toEqual({ k: 'v' });
    expect((await fetch(`${fake.url}/things/2`)).status).toBe(404);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /things/a%20b', 'POST /things/2', 'GET /things/2']);
    expect(fake.requestsTo('POST', '/things/:id')).toHaveLength(2);
  });

  it('failNext answers n requests with the injected status, then recovers; latency delays answers', async () => {
    fake.failNext(2, 503).setLatency(30);
    const started = Date.now();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${fake.url}/things/1`, { method: 'POST' })).status);
    expect(statuses).toEqual([503, 503, 201]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(85);
  });

  it('handler exceptions become a 500 and are kept in handlerErrors; HANG never answers', async () => {
    expect((await fetch(`${fake.url}/boom`)).status).toBe(500);
    expect(String(fake.handlerErrors[0])).toContain('kaput');
    const hung = await fetch(`${fake.url}/never`, { signal: AbortSignal.timeout(80) }).catch((e: unknown) => e);
    expect((hung as Error).name).toBe('TimeoutError');
  });
});

describe('evolution fake', () => {
  let fake: EvolutionFake;
  const post = (path: string, body: unknown, apikey = fake.apiKey, signal?: AbortSignal) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey },
      body: JSON.stringify(body),
      ...(signal && { signal }),
    });
  beforeAll(async () => {
    fake = await startEvolutionFake({ instances: ['julia'], unknownNumbers: ['5511900000000'] });
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('sendText answers 201 with a realistic message and records the send', async () => {
    const res = await post('/message/sendText/julia', { number: '5511987654321', text: 'Oi, Dra. Ana!', delay: 1200 });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body['key']).toMatchObject({ remoteJid: '5511987654321@s.whatsapp.net', fromMe: true });
    expect(body['key'].id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(body['message']).toEqual({ extendedTextMessage: { text: 'Oi, Dra. Ana!' } });
    expect(body['messageTimestamp']).toMatch(/^\d{10}$/);
    expect(body['status']).toBe('PENDING');
    expect(fake.sentTexts()).toEqual([{ instance: 'julia', number: '5511987654321', text: 'Oi, Dra. Ana!', id: body['key'].id, remoteJid: '5511987654321@s.whatsapp.net', delay: 1200 }]);
  });

  it('rejects a wrong apikey, an unknown instance and a number not on WhatsApp, sending nothing', async () => {
    const denied = await post('/message/sendText/julia', { number: '5511987654321', text: 'x' }, 'wrong');
    expect(denied.status).toBe(401);
    expect(await json(denied)).toEqual({ status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    expect((await post('/message/sendText/outra', { number: '5511987654321', text: 'x' })).status).toBe(404);
    const ghost = await post('/message/sendText/julia', { number: '5511900000000', text: 'x' });
    expect(ghost.status).toBe(400);
    expect((await json(ghost))['response'].message[0]).toMatchObject({ exists: false, number: '5511900000000' });
    expect(fake.sentTexts()).toEqual([]);
  });

  it('records presence and read receipts', async () => {
    expect((await post('/chat/sendPresence/julia', { number: '5511987654321', presence: 'composing', delay: 3000 })).status).toBe(201);
    expect((await post('/chat/sendPresence/julia', { number: '5511987654321', presence: 'typing' })).status).toBe(400);
    const read = await post('/chat/markMessageAsRead/julia', {
      readMessages: [{ remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: 'A3F9C21B7E4D8065F1A2B3C4D5E6F708' }],
    });
    expect(await json(read)).toEqual({ message: 'Read messages', read: 'success' });
    expect(fake.presences()).toEqual([{ instance: 'julia', number: '5511987654321', presence: 'composing', delay: 3000 }]);
    expect(fake.reads()).toEqual([
      { instance: 'julia', remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: 'A3F9C21B7E4D8065F1A2B3C4D5E6F708' },
    ]);
  });

  it('honorDelays holds the answer for the requested delay, as real Evolution does', async () => {
    const slow = await startEvolutionFake({ honorDelays: true });
    const started = Date.now();
    const res = await fetch(`${slow.url}/chat/sendPresence/any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: slow.apiKey },
      body: JSON.stringify({ number: '5511987654321', presence: 'composing', delay: 60 }),
    });
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    await slow.close();
  });

  it('failNext gives Evolution-shaped errors; hangNext lets a client timeout fire', async () => {
    fake.failNext(1, 500);
    const failed = await post('/message/sendText/julia', { number: '5511987654321', text: 'x' });
    expect(failed.status).toBe(500);
    expect(await json(failed)).toMatchObject({ status: 500, error: 'Internal Server Error' });

    fake.hangNext(1);
    const hung = await post('/message/sendText/julia', { number: '5511987654321', text: 'x' }, fake.apiKey, AbortSignal.timeout(100)).catch(
      (e: unknown) => e,
    );
    expect((hung as Error).name).toBe('TimeoutError');
    expect(fake.requests).toHaveLength(2);
    expect(fake.sentTexts()).toEqual([]);
  });
});

describe('chatwoot fake', () => {
  let fake: ChatwootFake;
  const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${fake.url}/api/v1/accounts/${fake.accountId}/${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', api_access_token: init.token ?? fake.apiToken },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
  beforeAll(async () => {
    fake = await startChatwootFake();
  });
  afterAll(() => fake.close());

  it('mirrors a conversation: contact, conversation, messages, private note, labels, status', async () => {
    expect((await json(await api('contacts/search?q=5511987654321')))['payload']).toEqual([]);
    const created = await json(
      await api('contacts', { method: 'POST', body: { inbox_id: 1, name: 'Dra. Ana Beatriz', phone_number: '+5511987654321' } }),
    );
    const contact = created['payload'].contact;
    expect(contact).toMatchObject({ id: 1, name: 'Dra. Ana Beatriz', phone_number: '+5511987654321' });
    const sourceId = created['payload'].contact_inbox.source_id as string;

    // An unencoded "+" arrives as a space (Rails semantics), so only %2B or bare digits match.
    expect((await json(await api('contacts/search?q=+5511987654321')))['meta'].count).toBe(0);
    expect((await json(await api('contacts/search?q=%2B5511987654321')))['meta'].count).toBe(1);

    const conversation = await json(await api('conversations', { method: 'POST', body: { source_id: sourceId, inbox_id: 1 } }));
    expect(conversation).toMatchObject({ id: 1, status: 'open', inbox_id: 1, meta: { sender: { id: contact.id } } });

    const incoming = await json(await api('conversations/1/messages', { method: 'POST', body: { content: 'Oi, a vaga tá aberta?', message_type: 'incoming' } }));
    expect(incoming).toMatchObject({ message_type: 0, private: false, conversation_id: 1, sender: { type: 'contact' } });
    const outgoing = await json(await api('conversations/1/messages', { method: 'POST', body: { content: 'Tá sim!', message_type: 'outgoing' } }));
    expect(outgoing['message_type']).toBe(1);
    await api('conversations/1/messages', { method: 'POST', body: { content: 'Júlia pausada: humano assumiu', message_type: 'outgoing', private: true } });
    expect(fake.privateNotes(1).map((m) => m.content)).toEqual(['Júlia pausada: humano assumiu']);

    expect(await json(await api('conversations/1/labels', { method: 'POST', body: { labels: ['uti', 'sabado'] } }))).toEqual({
      payload: ['uti', 'sabado'],
    });
    const toggled = await json(await api('conversations/1/toggle_status', { method: 'POST', body: { status: 'resolved' } }));
    expect(toggled['payload']).toMatchObject({ success: true, current_status: 'resolved', conversation_id: 1 });

    const listed = await json(await api(`contacts/${contact.id}/conversations`));
    expect(listed['payload']).toHaveLength(1);
    expect(listed['payload'][0]).toMatchObject({ status: 'resolved', labels: ['uti', 'sabado'] });
    expect(fake.messages(1)).toHaveLength(3);
  });

  it('enforces auth, E.164 and uniqueness like Chatwoot, and reset() empties the account', async () => {
    const anonymous = await fetch(`${fake.url}/api/v1/accounts/1/contacts/search?q=a`);
    expect(anonymous.status).toBe(401);
    expect((await api('contacts/search?q=a', { token: 'wrong' })).status).toBe(401);
    expect((await api('contacts', { method: 'POST', body: { phone_number: '11987654321' } })).status).toBe(422);
    const dup = await api('contacts', { method: 'POST', body: { phone_number: '+5511987654321' } });
    expect(await json(dup)).toEqual({ message: 'Phone number has already been taken', attributes: ['phone_number'] });
    expect((await api('conversations/99')).status).toBe(404);

    fake.reset();
    expect(fake.contacts()).toEqual([]);
    const again = await json(await api('contacts', { method: 'POST', body: { name: 'Dr. Jorge' } }));
    expect(again['payload'].contact.id).toBe(1);
  });
});
