import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvolutionClient, CircuitBreaker } from '../../../src/integrations/evolution/index.js';
import { createRateLimiter } from '../../../src/outbound/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { createDoctor, createHarness, eventsOf, replyCtx, WEDNESDAY_NOON, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ graceMs: 15_000 });
});
afterAll(async () => h.close());
beforeEach(() => {
  h.fake.reset();
  h.clock.set(WEDNESDAY_NOON);
});

describe('rate limiter (20/hour, 100/day per instance, rolling)', () => {
  it('blocks the 21st in an hour and frees the slot at exactly t0 + 1 h', async () => {
    const rl = createRateLimiter(h.redis, `${h.prefix}:rl1`);
    const t0 = new Date(WEDNESDAY_NOON).getTime();
    for (let i = 0; i < 20; i++) expect(await rl.take('a', `m${i}`, new Date(t0 + i))).toEqual({ ok: true });
    const denied = await rl.take('a', 'm20', new Date(t0 + 3_600_000 - 1));
    expect(denied).toEqual({ ok: false, retryAt: new Date(t0 + 3_600_000), window: 'hour' });
    expect(await rl.take('b', 'other-instance', new Date(t0))).toEqual({ ok: true });
    expect(await rl.take('a', 'm3', new Date(t0 + 10))).toEqual({ ok: true }); // a retried job keeps its own slot
    expect(await rl.take('a', 'm20', new Date(t0 + 3_600_000))).toEqual({ ok: true });
    // b's only slot was taken at t0: it stops counting at exactly t0 + 1 h.
    expect(await rl.remaining(['a', 'b'], new Date(t0 + 3_600_000 - 1))).toEqual({ a: 0, b: 19 });
    expect(await rl.remaining(['a', 'b'], new Date(t0 + 3_600_000))).toEqual({ a: 0, b: 20 });
  });

  it('blocks the 101st in 24 hours and frees it at exactly t0 + 24 h', async () => {
    const rl = createRateLimiter(h.redis, `${h.prefix}:rl2`);
    const t0 = new Date(WEDNESDAY_NOON).getTime();
    for (let i = 0; i < 100; i++) {
      const at = new Date(t0 + Math.floor(i / 20) * 3_600_000 + i);
      expect(await rl.take('a', `m${i}`, at)).toEqual({ ok: true });
    }
    const late = new Date(t0 + 24 * 3_600_000 - 1);
    expect(await rl.take('a', 'x', late)).toEqual({ ok: false, retryAt: new Date(t0 + 24 * 3_600_000), window: 'day' });
    expect(await rl.take('a', 'x', new Date(t0 + 24 * 3_600_000))).toEqual({ ok: true });
  });

  it('defers the 21st proactive send of the hour on the instance, without an outcome event', async () => {
    const prefixRl = createRateLimiter(h.redis, h.prefix);
    for (let i = 0; i < 20; i++) await prefixRl.take('julia', `filler-${i}`, h.clock.now());
    const d = await createDoctor(h.db);
    const res = await h.send({ method: 'REACTIVATION', doctorId: d.id, actor: 'julia' }, 'Oi, sumido!');
    expect(res).toMatchObject({ outcome: 'deferred', reason: 'rate_limit' });
    expect(await eventsOf(h.db, d.id)).toEqual([]);
    // Replies are not proactive: they still go out.
    const r = await createDoctor(h.db, { inboundAt: new Date('2026-03-04T14:59:00Z') });
    expect(await h.send(replyCtx(r), 'Respondendo')).toMatchObject({ outcome: 'sent' });
    await h.redis.del(`${h.prefix}:outbound:rate:julia:hour`, `${h.prefix}:outbound:rate:julia:day`);
  });
});

describe('never a double send', () => {
  it('an in-doubt reservation found at the provider is recorded without sending again', async () => {
    const d = await createDoctor(h.db, { inboundAt: new Date('2026-03-04T14:59:00Z') });
    h.fake.hangNext(0).setLatency(0);
    // The provider accepts and the answer is lost (5xx after acceptance is the same case).
    const failing = createEvolutionClient({ baseUrl: h.fake.url, apiKey: h.fake.apiKey, logger: silentLogger, timeoutMs: 150 });
    h.fake.setLatency((req) => (req.path.startsWith('/message/sendText') ? 400 : 0));
    const { createSendOutbound } = await import('../../../src/outbound/index.js');
    const send1 = createSendOutbound({ db: h.db, flags: h.flags, provider: failing, rateLimiter: createRateLimiter(h.redis, h.prefix), instances: ['julia'], clock: h.clock, logger: silentLogger });
    await expect(send1(replyCtx(d), 'Mensagem em dúvida', { idempotencyKey: 'k-doubt' })).rejects.toThrow(/TimeoutError|timeout/i);
    await new Promise((r) => setTimeout(r, 450)); // the fake finishes "sending"
    h.fake.setLatency(0);
    expect(h.fake.sentTexts()).toHaveLength(1);
    const res = await h.send(replyCtx(d), 'Mensagem em dúvida', { idempotencyKey: 'k-doubt' });
    expect(res).toMatchObject({ outcome: 'sent', event: 'doctor_outbound' });
    expect(h.fake.requestsTo('POST', '/message/sendText/:instance')).toHaveLength(1);
    expect(h.fake.requestsTo('POST', '/chat/findMessages/:instance')).toHaveLength(1);
    const row = await h.db.pg.query<{ provider_message_id: string; status: string }>(`select status, provider_message_id from outbound_messages where idempotency_key = 'k-doubt'`);
    expect(row.rows[0]).toEqual({ status: 'sent', provider_message_id: h.fake.sentTexts()[0]!.id });
  });

  it('an in-doubt reservation not found waits out the grace period, then sends once', async () => {
    const d = await createDoctor(h.db, { inboundAt: new Date('2026-03-04T14:59:00Z') });
    h.fake.failNext(1, 500);
    await expect(h.send(replyCtx(d), 'Talvez não foi', { idempotencyKey: 'k-lost' })).rejects.toThrow(/HTTP 500/);
    expect(await h.send(replyCtx(d), 'Talvez não foi', { idempotencyKey: 'k-lost' })).toMatchObject({ outcome: 'deferred', reason: 'in_doubt', delayMs: 15_000 });
    expect(h.fake.sentTexts()).toHaveLength(0);
    h.clock.set(new Date(new Date(WEDNESDAY_NOON).getTime() + 15_000));
    expect(await h.send(replyCtx(d), 'Talvez não foi', { idempotencyKey: 'k-lost' })).toMatchObject({ outcome: 'sent' });
    expect(h.fake.sentTexts().map((s) => s.text)).toEqual(['Talvez não foi']);
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['doctor_outbound']);
  });

  it('a permanent refusal (number not on WhatsApp) ends as outbound_blocked provider_rejected', async () => {
    const d = await createDoctor(h.db, { inboundAt: new Date('2026-03-04T14:59:00Z') });
    h.fake.failNext(1, 400);
    expect(await h.send(replyCtx(d), 'Oi')).toMatchObject({ outcome: 'blocked', rule: 'provider_rejected' });
    expect((await eventsOf(h.db, d.id)).map((e) => e.event_type)).toEqual(['outbound_blocked']);
  });

  it('an unreachable provider defers without burning attempts, and the circuit opens per instance', async () => {
    const d = await createDoctor(h.db, { inboundAt: new Date('2026-03-04T14:59:00Z') });
    const breaker = new CircuitBreaker({ threshold: 2, cooldownMs: 60_000 });
    const closedPort = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const port = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(port));
      });
    });
    const dead = createEvolutionClient({ baseUrl: `http://127.0.0.1:${closedPort}`, apiKey: 'k', logger: silentLogger, retries: 0, breaker });
    const { createSendOutbound } = await import('../../../src/outbound/index.js');
    const send = createSendOutbound({ db: h.db, flags: h.flags, provider: dead, rateLimiter: createRateLimiter(h.redis, h.prefix), instances: ['julia'], clock: h.clock, logger: silentLogger });
    expect(await send(replyCtx(d), 'Oi', { idempotencyKey: 'k-dead' })).toMatchObject({ outcome: 'deferred', reason: 'provider_unavailable' });
    expect(await send(replyCtx(d), 'Oi', { idempotencyKey: 'k-dead' })).toMatchObject({ outcome: 'deferred', reason: 'provider_unavailable' });
    expect(dead.unavailableUntil('julia')).toBeInstanceOf(Date);
    expect(dead.unavailableUntil('other')).toBeNull();
    const rows = await h.db.pg.query(`select 1 from outbound_messages where idempotency_key = 'k-dead'`);
    expect(rows.rows).toHaveLength(0); // released: nothing is in doubt
    expect(await eventsOf(h.db, d.id)).toEqual([]);
  });
});

describe('Evolution client', () => {
  it('sends the apikey, retries idempotent calls on 5xx, never retries sendText after a 5xx', async () => {
    const client = createEvolutionClient({ baseUrl: h.fake.url, apiKey: h.fake.apiKey, logger: silentLogger, backoffMs: 1 });
    h.fake.failNext(2, 503);
    await client.sendPresence('julia', '5511999990000', 'composing', 1200);
    expect(h.fake.presences()).toEqual([{ instance: 'julia', number: '5511999990000', presence: 'composing', delay: 1200 }]);
    expect(h.fake.requests.every((r) => r.headers['apikey'] === h.fake.apiKey)).toBe(true);
    h.fake.reset();
    h.fake.failNext(1, 502);
    await expect(client.sendText('julia', '5511999990000', 'x')).rejects.toMatchObject({ delivered: 'unknown', retryable: true });
    expect(h.fake.requests).toHaveLength(1);
    await client.markMessageAsRead('julia', { remoteJid: '5511999990000@s.whatsapp.net', id: 'ABC' });
    expect(h.fake.reads()).toEqual([{ instance: 'julia', remoteJid: '5511999990000@s.whatsapp.net', fromMe: false, id: 'ABC' }]);
  });
});
