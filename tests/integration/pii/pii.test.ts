import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbError } from '../../../src/db/rpc.js';
import { createEvolutionClient } from '../../../src/integrations/evolution/index.js';
import { logNotifier } from '../../../src/integrations/slack/index.js';
import { createLogger, silentLogger } from '../../../src/shared/index.js';
import { createBullQueues } from '../../../workers/queue.js';
import { startWorkers } from '../../../workers/index.js';
import { settle, startE2E, type E2E } from '../../e2e/e2e-harness.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';

const PHONE = '5511970001234';

/** A logger whose JSON lines we can read back. */
function capturedLogger(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  return { logger: createLogger(level, stream), text: () => lines.join('') };
}

/** A loopback HTTP server answering every request with `reply`. */
async function serve(reply: (res: import('node:http').ServerResponse) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => reply(res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe('personal data never reaches logs or BullMQ failure reasons (finding 12)', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('masks a real database error carrying a JID in failedReason, the stored stack and the log', async () => {
    const prefix = testPrefix('pii');
    const redis = testRedis();
    const queues = createBullQueues(redis, prefix);
    const log = capturedLogger();
    let thrown = '';
    const workers = startWorkers({
      connection: redis,
      prefix,
      logger: log.logger,
      handlers: {
        // A real PGlite error whose message quotes the value it refused.
        turn: async () => {
          try {
            await db.rpc('agent_context', { p_doctor_id: `${PHONE}@s.whatsapp.net`, p_conversation_id: `${PHONE}@s.whatsapp.net`, p_now: new Date() });
          } catch (err) {
            thrown = (err as Error).message;
            throw err;
          }
          return 'unexpected';
        },
      },
    });
    try {
      const { jobId } = await queues.enqueue('turn', { conversationId: '0f6a5f1e-8d1f-4a57-9a51-3f7a1d2b9c01' });
      const q = new Queue('turn', { connection: redis as never, prefix });
      const job = (await waitFor(async () => {
        const j = await q.getJob(jobId);
        return j?.failedReason ? j : null;
      }, { timeoutMs: 20_000, what: 'the first failure' }))!;
      expect(thrown).not.toContain(PHONE);
      expect(job.failedReason).toMatch(/agent_context/);
      expect(job.failedReason).not.toContain(PHONE);
      expect((job.stacktrace ?? []).join('\n')).not.toContain(PHONE);
      await waitFor(() => log.text().includes('job failed'), { what: 'the failure log' });
      expect(log.text()).not.toContain(PHONE);
      await q.close();
    } finally {
      await workers.close();
      await queues.close();
      await dropPrefix(redis, prefix);
      redis.disconnect();
    }
  }, 30_000);

  it('masks PostgREST details such as Key (whatsapp_lid)=(...) where the error is made', () => {
    const err = new DbError('inbound_persist', '23505', 'duplicate key value violates unique constraint "doctors_whatsapp_lid_key" (Key (whatsapp_lid)=(204518812345678) already exists.)');
    expect(err.message).toContain('Key (whatsapp_lid)=(***)');
    expect(err.message).not.toContain('204518812345678');
    expect(err.code).toBe('conflict');
  });

  it('does not quote a provider error body, which echoes the number', async () => {
    const server = await serve((res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 400, error: 'Bad Request', response: { message: [{ exists: false, jid: `${PHONE}@s.whatsapp.net`, number: PHONE }] } }));
    });
    try {
      const client = createEvolutionClient({ baseUrl: server.url, apiKey: 'k', logger: silentLogger, retries: 0 });
      const err = await client.sendText('julia', PHONE, 'oi').catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/HTTP 400/);
      expect((err as Error).message).not.toContain(PHONE);
    } finally {
      await server.close();
    }
  });

  it('keeps a notice naming a doctor (name, CRM) out of info logs when Slack is not configured', async () => {
    const log = capturedLogger('info');
    await logNotifier(log.logger).post('Plantão reservado pela Júlia: Dra. Ana Beatriz Souza (CRM 123456-SP) ficou com sábado 19h');
    expect(log.text()).toContain('manager notice');
    expect(log.text()).not.toMatch(/Ana Beatriz|123456/);
  });
});

describe('media fetched with a size cap (finding 3)', () => {
  it('refuses a declared oversized answer before reading it, and an undeclared one while streaming', async () => {
    for (const declared of [true, false]) {
      const server = await serve((res) => {
        const body = JSON.stringify({ mimetype: 'image/jpeg', base64: 'A'.repeat(12_000_000) });
        res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': Buffer.byteLength(body) } : {}) });
        res.end(body);
      });
      try {
        const client = createEvolutionClient({ baseUrl: server.url, apiKey: 'k', logger: silentLogger, retries: 0 });
        const err = await client.getMediaBase64('julia', { remoteJid: `${PHONE}@s.whatsapp.net`, id: 'M1' }).catch((e: Error) => e);
        expect(err).toBeInstanceOf(Error);
        expect((err as Error).message).toMatch(/answer over \d+ bytes/);
      } finally {
        await server.close();
      }
    }
  });
});

describe('message text leaves Redis once the job is done (finding 12)', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ anthropic: () => ({ text: 'Oi! Tudo bem?' }) });
  });
  afterAll(() => e.close());

  async function redisHolds(needle: string): Promise<string[]> {
    const r = testRedis();
    const found: string[] = [];
    try {
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', `${e.app.deps.redisPrefix}*`, 'COUNT', 500);
        cursor = next;
        for (const key of keys) {
          const type = await r.type(key);
          const values =
            type === 'hash' ? Object.values(await r.hgetall(key))
            : type === 'string' ? [(await r.get(key)) ?? '']
            : type === 'list' ? await r.lrange(key, 0, -1)
            : type === 'zset' ? await r.zrange(key, 0, -1)
            : type === 'stream' ? (await r.xrange(key, '-', '+')).flatMap(([, f]) => f)
            : [];
          if (values.some((v) => v.includes(needle))) found.push(key);
        }
      } while (cursor !== '0');
    } finally {
      r.disconnect();
    }
    return found;
  }

  it('inbound and outbound payloads are gone after completion, and a redelivered webhook is still answered once', async () => {
    const marker = `marcador-${Date.now()}`;
    const payload = evolutionPayload('text-conversation', { id: 'PII-REDIS-1', text: `oi, ${marker}`, remoteJid: '5511970009876@s.whatsapp.net' });
    expect((await e.post(payload)).status).toBe(200);
    await waitFor(() => e.evolution.sentTexts().length === 1, { what: 'the reply', timeoutMs: 20_000 });
    // The reply's text travels in the outbound job; both must be gone once done.
    await waitFor(async () => (await redisHolds(marker)).length === 0 && (await redisHolds('Oi! Tudo bem?')).length === 0, {
      what: 'job payloads removed from Redis', timeoutMs: 10_000,
    });
    expect((await e.post(payload)).status).toBe(200);
    await settle(2_500);
    expect(e.evolution.sentTexts()).toHaveLength(1);
    expect(Number((await e.db.pg.query<{ n: number }>(`select count(*)::int n from interactions where provider_message_id = 'PII-REDIS-1'`)).rows[0]!.n)).toBe(1);
  }, 40_000);
});
