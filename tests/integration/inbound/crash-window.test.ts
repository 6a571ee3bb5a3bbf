import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../../../src/redis/index.js';
import { silentLogger, type JobQueue } from '../../../src/shared/index.js';
import { inboundHandler } from '../../../workers/inbound.js';
import { inboundSweeperHandler } from '../../../workers/inbound-sweeper.js';
import { inboundJob } from '../../../workers/inbound.js';
import { outboundJob } from '../../../workers/outbound.js';
import { turnJob } from '../../../workers/turn.js';
import { backoffDelayMs, retryWindowMs } from '../../../workers/catalog.js';
import { createBullQueues, type BullQueues } from '../../../workers/queue.js';
import { startWorkers } from '../../../workers/index.js';
import { waitFor } from '../../helpers/wait-for.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { inboundFrom } from '../../helpers/evolution-fixture.js';
import { dropPrefix, testPrefix, testRedis, TEST_REDIS_URL } from '../../helpers/test-redis.js';

/** Issue 9, finding 5: the window between "stored" and "turn scheduled", and retry budgets. */
describe('inbound crash window', () => {
  let db: TestDb;
  let queues: BullQueues;
  const prefix = testPrefix('crashwin');
  const redis = testRedis();
  beforeAll(async () => {
    db = await createTestDb();
    queues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'test-queues', blocking: true }), prefix);
  });
  afterAll(async () => {
    await queues.close();
    await dropPrefix(redis, prefix);
    redis.disconnect();
    await db.close();
  });

  const pendingTurns = async (conversationId: string) =>
    (await queues.queues.turn.getJobs(['delayed', 'waiting', 'active', 'prioritized'])).filter((j) => j.data.conversationId === conversationId);
  const deps = (queue: JobQueue) => ({ db, queue, logger: silentLogger, turnDebounceMs: 60_000 });

  it('a retried inbound job that finds its message stored still schedules the turn the crash lost', async () => {
    // First attempt: the insert commits, then Redis fails before the turn is scheduled.
    const failing: JobQueue = { enqueue: async () => Promise.reject(new Error('Connection is closed.')) };
    const msg = { ...inboundFrom('text-conversation', { id: 'CW-1', remoteJid: '5511971110001@s.whatsapp.net' }), fromMeAttempt: 0 };
    await expect(inboundHandler(deps(failing))(msg)).rejects.toThrow('Connection is closed.');
    // The retry sees `duplicate`.
    const r = (await inboundHandler(deps(queues))(msg)) as { status: string; conversationId: string };
    expect(r.status).toBe('duplicate');
    expect(await pendingTurns(r.conversationId)).toHaveLength(1);
    // Retried again: still one turn, and its schedule is not pushed back.
    const before = (await pendingTurns(r.conversationId))[0]!;
    await inboundHandler(deps(queues))(msg);
    const after = await pendingTurns(r.conversationId);
    expect(after.map((j) => [j.id, j.timestamp])).toEqual([[before.id, before.timestamp]]);
  });

  it('the sweeper arms the turn of a message stored with no turn, once, and leaves answered ones alone', async () => {
    const stored = await db.rpc<{ conversationId: string; interactionId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: 'CW-2', remoteJid: '5511971110002@s.whatsapp.net' }),
    });
    const answered = await db.rpc<{ conversationId: string; interactionId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: 'CW-3', remoteJid: '5511971110003@s.whatsapp.net' }),
    });
    await db.rpc('turn_mark_handled', { p_conversation_id: answered.conversationId, p_interaction_ids: [answered.interactionId] });
    const sweep = inboundSweeperHandler({ ...deps(queues), minAgeSeconds: 0 });
    // Not yet a minute old: the normal path still has time.
    expect(await inboundSweeperHandler(deps(queues))()).toEqual({ armed: 0 });
    const first = (await sweep()) as { armed: number };
    expect(first.armed).toBeGreaterThanOrEqual(1);
    expect(await pendingTurns(stored.conversationId)).toHaveLength(1);
    expect(await pendingTurns(answered.conversationId)).toHaveLength(0);
    // The next minute: the turn is pending, the sweep backs off, nothing doubles.
    await sweep();
    expect(await pendingTurns(stored.conversationId)).toHaveLength(1);
    // Once handled, the conversation drops out of the sweep.
    await db.rpc('turn_mark_handled', { p_conversation_id: stored.conversationId, p_interaction_ids: [stored.interactionId] });
    const rows = await db.rpc<{ conversationIds: string[] }>('inbound_sweep', { p_min_age_seconds: 0 });
    expect(rows.conversationIds).not.toContain(stored.conversationId);
  });

  it('the sweeper re-queues reply bubbles whose plan was stored but which never reached the wrapper, once due, under the same key', async () => {
    const stored = await db.rpc<{ conversationId: string; interactionId: string }>('inbound_persist', {
      p_message: inboundFrom('text-conversation', { id: 'CW-9', remoteJid: '5511971110009@s.whatsapp.net' }),
    });
    // The turn stored a three-bubble plan and marked the message handled; then the jobs were lost.
    await db.rpc('turn_plan_save', {
      p_conversation_id: stored.conversationId, p_interaction_id: stored.interactionId,
      p_bubbles: ['Oi!', 'Tenho um plantão no sábado.', 'Quer que eu reserve?'], p_delays: [0, 0, 600_000], p_outcome: 'reply',
    });
    await db.rpc('turn_mark_handled', { p_conversation_id: stored.conversationId, p_interaction_ids: [stored.interactionId] });
    // The first bubble did reach the wrapper (it has its row).
    const conv = await db.pg.query<{ doctor_id: string; phone: string }>(`select c.doctor_id, d.phone from conversations c join doctors d on d.id = c.doctor_id where c.id = $1`, [stored.conversationId]);
    await db.pg.query(
      `insert into outbound_messages (idempotency_key, doctor_id, conversation_id, phone, method, content_hash, status) values ($1, $2, $3, $4, 'REPLY', 'h', 'sent')`,
      [`reply-${stored.interactionId}-0`, conv.rows[0]!.doctor_id, stored.conversationId, conv.rows[0]!.phone],
    );
    const calls: Array<{ ctx: Record<string, unknown>; text: string; key: string }> = [];
    const outbound = { enqueueOutbound: async (ctx: object, text: string, opts: { idempotencyKey: string }) => (calls.push({ ctx: ctx as Record<string, unknown>, text, key: opts.idempotencyKey }), { jobId: 'x' }) };
    // Fresh plans are the normal path's business.
    expect(await inboundSweeperHandler({ ...deps(queues), outbound })()).toMatchObject({ requeued: 0 });
    const res = (await inboundSweeperHandler({ ...deps(queues), outbound, minAgeSeconds: 0 })()) as { requeued: number };
    const mine = calls.filter((c) => c.key.startsWith(`reply-${stored.interactionId}-`));
    // Only the second bubble: the first has its row, the third is not due for ten minutes.
    expect(mine.map((c) => [c.key, c.text])).toEqual([[`reply-${stored.interactionId}-1`, 'Tenho um plantão no sábado.']]);
    expect(mine[0]!.ctx).toMatchObject({ method: 'REPLY', doctorId: conv.rows[0]!.doctor_id, conversationId: stored.conversationId, inboundInteractionId: stored.interactionId, actor: 'julia' });
    expect(res.requeued).toBeGreaterThanOrEqual(1);
    // Once the wrapper has recorded it, it drops out.
    await db.pg.query(
      `insert into outbound_messages (idempotency_key, doctor_id, conversation_id, phone, method, content_hash, status) values ($1, $2, $3, $4, 'REPLY', 'h2', 'sent')`,
      [`reply-${stored.interactionId}-1`, conv.rows[0]!.doctor_id, stored.conversationId, conv.rows[0]!.phone],
    );
    calls.length = 0;
    await inboundSweeperHandler({ ...deps(queues), outbound, minAgeSeconds: 0 })();
    expect(calls.filter((c) => c.key.startsWith(`reply-${stored.interactionId}-`))).toEqual([]);
  });

  it('a turn already waiting to run (or to retry) is not replaced or pushed back by the sweeper', async () => {
    const msg = { ...inboundFrom('text-conversation', { id: 'CW-4', remoteJid: '5511971110004@s.whatsapp.net' }), fromMeAttempt: 0 };
    const r = (await inboundHandler(deps(queues))(msg)) as { conversationId: string };
    const [scheduled] = await pendingTurns(r.conversationId);
    await inboundSweeperHandler({ ...deps(queues), minAgeSeconds: 0 })();
    const after = await pendingTurns(r.conversationId);
    expect(after.map((j) => [j.id, j.timestamp, j.delay])).toEqual([[scheduled!.id, scheduled!.timestamp, scheduled!.delay]]);
  });

  it('inbound, turn and outbound keep retrying through a 15-minute outage, at most a minute apart', () => {
    for (const def of [inboundJob, turnJob, outboundJob]) {
      expect(retryWindowMs(def)).toBeGreaterThanOrEqual(30 * 60_000);
      expect(Math.max(...Array.from({ length: def.attempts - 1 }, (_, i) => backoffDelayMs(def, i + 1)))).toBeLessThanOrEqual(60_000);
    }
  });

  it('a worker retries a failing job with the capped backoff instead of failing it', async () => {
    const job = await queues.enqueue('turn', { conversationId: '00000000-0000-4000-8000-000000000001' }, { jobId: 'capped-check' });
    expect((await queues.queues.turn.getJob(job.jobId))!.opts.backoff).toEqual({ type: 'capped', delay: turnJob.backoffMs });
    const workers = startWorkers({
      connection: createRedis(TEST_REDIS_URL, { name: 'test-workers', blocking: true }),
      prefix,
      logger: silentLogger,
      handlers: { turn: async () => Promise.reject(new Error('database unreachable')) },
    });
    try {
      // Without the workers' strategy for 'capped', BullMQ would fail the job outright.
      const retried = await waitFor(async () => {
        const j = await queues.queues.turn.getJob(job.jobId);
        return j && (await j.getState()) === 'delayed' && j.attemptsMade === 1 ? j : null;
      }, { timeoutMs: 15_000, what: 'the job to wait for its retry' });
      expect(retried!.attemptsMade).toBe(1);
      expect(backoffDelayMs(turnJob, 20)).toBe(60_000);
    } finally {
      await workers.close();
    }
  });
});
