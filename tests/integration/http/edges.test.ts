import { createHmac, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { createHttpApp } from '../../../src/http/index.js';
import { createDeadLetters } from '../../../src/inbound/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { testConfig } from '../../helpers/test-config.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { testPrefix } from '../../helpers/test-redis.js';
import { teardown } from '../../helpers/teardown.js';

const TOKEN = 'edges-webhook-token';
const CW_SECRET = 'edges-chatwoot-secret';
const env = {
  EVOLUTION_WEBHOOK_TOKEN: TOKEN,
  CHATWOOT_URL: 'http://127.0.0.1:9', CHATWOOT_API_TOKEN: 'cw', CHATWOOT_ACCOUNT_ID: '1', CHATWOOT_INBOX_ID: '1', CHATWOOT_WEBHOOK_SECRET: CW_SECRET,
};
const MB = 1024 * 1024;

/** A body of `bytes` bytes sent in chunks with no Content-Length, as a streaming client would. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

describe('webhook edges on a real database and Redis', () => {
  let app: App;
  let db: TestDb;
  const prefix = testPrefix('http-edges');
  beforeAll(async () => {
    db = await createTestDb();
    app = await createApp(testConfig(env), { db, redisPrefix: prefix, logger: silentLogger });
  });
  afterAll(() => teardown(prefix, app));
  const evolution = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    app.http.request('/webhooks/evolution', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': TOKEN, ...headers },
      body,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit);
  // Signed as Chatwoot signs (issue 11): sha256= HMAC of "{timestamp}.{raw body}".
  const chatwoot = (body: unknown) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = `sha256=${createHmac('sha256', CW_SECRET).update(`${ts}.${raw}`).digest('hex')}`;
    return app.http.request('/webhooks/chatwoot', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-chatwoot-signature': sig, 'x-chatwoot-timestamp': ts, 'x-chatwoot-delivery': randomUUID() },
      body: raw,
    });
  };
  const deadLetters = async (source: string) =>
    (await db.pg.query<{ reason: string; body: string; attempts: number; body_bytes: number }>(
      `select reason, body, attempts, body_bytes from dead_letters where source = $1 order by last_seen_at desc`, [source],
    )).rows;

  describe('body limits (finding 3)', () => {
    it('refuses an 8 MB Evolution body with 413, and keeps serving', async () => {
      const payload = evolutionPayload('text-conversation', { id: 'EDGE-8MB', text: 'x'.repeat(8 * MB) });
      const res = await evolution(JSON.stringify(payload));
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: 'payload_too_large' });
      expect((await app.http.request('/healthz')).status).toBe(200);
      const ok = await evolution(JSON.stringify(evolutionPayload('text-conversation', { id: 'EDGE-AFTER-8MB', remoteJid: '5511944440001@s.whatsapp.net' })));
      expect(ok.status).toBe(200);
    });

    it('refuses a chunked body without Content-Length once it passes the cap', async () => {
      const res = await evolution(chunked(8 * MB));
      expect(res.status).toBe(413);
    });

    it('accepts the longest WhatsApp text (65,536 characters of emoji)', async () => {
      const text = '😀'.repeat(32_768);
      const res = await evolution(JSON.stringify(evolutionPayload('text-conversation', { id: 'EDGE-MAXTEXT', text, remoteJid: '5511944440002@s.whatsapp.net' })));
      expect(res.status).toBe(200);
    });

    it('caps Chatwoot tighter (512 KB)', async () => {
      const res = await chatwoot({ event: 'message_created', id: 1, content: 'y'.repeat(600 * 1024), message_type: 'outgoing', conversation: { id: 1 } });
      expect(res.status).toBe(413);
    });

    it('caps a route mounted later with the global default', async () => {
      const later = new Hono().post('/', (c) => c.json({ ok: true }));
      const http = createHttpApp({ logger: silentLogger, health: { checks: {} }, mounts: [{ path: '/slack/events', app: later }] });
      const big = await http.request('/slack/events', { method: 'POST', body: 'z'.repeat(2 * MB) });
      expect(big.status).toBe(413);
      const small = await http.request('/slack/events', { method: 'POST', body: '{}' });
      expect(small.status).toBe(200);
    });
  });

  describe('poison payloads (finding 9)', () => {
    it('answers 422 to an envelope that can never be valid and keeps it, masked, once per payload', async () => {
      const body = JSON.stringify({ event: 'messages.upsert', data: { key: { remoteJid: '5511944449999@s.whatsapp.net' }, pushName: 'Dr. Fulano', message: { conversation: 'meu cpf 123.456.789-00' } } });
      expect((await evolution(body)).status).toBe(422);
      expect((await evolution(body)).status).toBe(422);
      const rows = await deadLetters('evolution');
      const row = rows.find((r) => r.body.includes('messages.upsert'))!;
      expect(row.attempts).toBe(2);
      expect(row.body_bytes).toBe(Buffer.byteLength(body));
      expect(row.body).not.toMatch(/5511944449999|Fulano|123\.456|cpf/);
    });

    it('answers 422, with the JID masked, when the sender cannot be identified', async () => {
      const payload = evolutionPayload('text-conversation', { id: 'EDGE-NOSENDER', remoteJid: '12345678901234567@s.whatsapp.net' });
      const res = await evolution(JSON.stringify(payload));
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).not.toContain('12345678901234567');
      const rows = await deadLetters('evolution');
      expect(rows.some((r) => /cannot identify the sender/.test(r.reason) && !r.reason.includes('12345678901234567'))).toBe(true);
    });

    it('answers 422 (not 503) when the job payload schema refuses the message', async () => {
      const payload = evolutionPayload('text-conversation', { id: 'X'.repeat(300), remoteJid: '5511944440003@s.whatsapp.net' });
      const res = await evolution(JSON.stringify(payload));
      expect(res.status).toBe(422);
      expect((await deadLetters('evolution')).some((r) => /invalid payload/.test(r.reason))).toBe(true);
    });

    it('keeps an unreadable Chatwoot message_created instead of dropping it, and ignores other events', async () => {
      const res = await chatwoot({ event: 'message_created', id: 'not-a-number', content: 'oi doutor', message_type: 'outgoing' });
      expect(res.status).toBe(422);
      const rows = await deadLetters('chatwoot');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.body).not.toContain('oi doutor');
      const other = await chatwoot({ event: 'conversation_status_changed', id: 5 });
      expect(other.status).toBe(200);
      expect(await deadLetters('chatwoot')).toHaveLength(1);
      // What `julia dead-letters` prints.
      const listed = await createDeadLetters(db, silentLogger).list({ source: 'chatwoot' });
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ source: 'chatwoot', attempts: 1 });
      expect(listed[0]!.reason).toMatch(/^invalid_payload: /);
    });

    it('answers 503, and keeps nothing, when Redis is down: a retry can succeed', async () => {
      const downPrefix = testPrefix('edges-down');
      const down = await createApp(testConfig({ ...env, REDIS_URL: 'redis://127.0.0.1:1' }), { db, logger: silentLogger, redisPrefix: downPrefix });
      try {
        const before = (await deadLetters('evolution')).length;
        const res = await down.http.request('/webhooks/evolution', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-webhook-token': TOKEN },
          body: JSON.stringify(evolutionPayload('text-conversation', { id: 'EDGE-REDIS-DOWN', remoteJid: '5511944440004@s.whatsapp.net' })),
        });
        expect(res.status).toBe(503);
        expect(await deadLetters('evolution')).toHaveLength(before);
      } finally {
        await down.close();
      }
    }, 20_000);
  });
});
