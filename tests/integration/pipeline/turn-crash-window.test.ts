import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundEnqueuer, outboundJobId, replyBubbleKey } from '../../../src/outbound/index.js';
import { runTurn, type PipelineDeps } from '../../../src/pipeline/index.js';
import { createRedis } from '../../../src/redis/index.js';
import { createBullQueues, type BullQueues } from '../../../workers/queue.js';
import { testJobSigner } from '../../helpers/job-signer.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, testPrefix, testRedis, TEST_REDIS_URL } from '../../helpers/test-redis.js';
import { agentReply, harness, inbound } from './pipeline-harness.js';

/**
 * The replies the CI chaos run lost around a Redis restart (docs/decisions/0200-turn-plan-orphans.md).
 * A turn stored its reply plan, then queued the bubbles; Redis was down, so the adds waited in
 * ioredis's offline queue, and the worker was killed right then: the jobs never reached Redis.
 * The turn was retried after its lock lapsed, but a newer message had arrived meanwhile, so the
 * retry answered that one with a new plan and marked both handled: the first plan's bubbles
 * were never queued, never sent, never recorded as superseded.
 */
describe('turn crash window: plan stored, jobs never acknowledged', () => {
  let db: TestDb;
  let queues: BullQueues;
  const prefix = testPrefix('turncrash');
  const redis = testRedis();
  beforeAll(async () => {
    db = await createTestDb({ seed: true });
    queues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'test-queues', blocking: true }), prefix);
  });
  afterAll(async () => {
    await queues.close();
    await dropPrefix(redis, prefix);
    redis.disconnect();
    await db.close();
  });
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows[0]!;
  const latestInbound = (conv: string) =>
    one<{ id: string }>(`select id from interactions where conversation_id = $1 and direction = 'inbound' order by created_at desc, id desc limit 1`, [conv]);

  it('a retried turn that finds a newer message still hands the earlier plan to the wrapper, under its keys', async () => {
    const phone = '5511911119001';
    const conv = await inbound(db, phone, ['tem plantão sábado?']);
    const first = (await latestInbound(conv)).id;

    // First run: its queue is a Redis that is down (a closed port), as during the restart.
    // The add waits in ioredis's offline queue (the queues connection keeps one, and never
    // gives up a command); then the process "dies": the connection goes with it.
    const closed = await closedPort();
    const downConn = createRedis(`redis://127.0.0.1:${closed}`, { name: 'test-down', blocking: true, retryStrategy: () => 50 });
    const downQueues = createBullQueues(downConn, prefix);
    const h1 = harness(db, [agentReply('Tenho sim, no HCor\n\nQuer que eu reserve?')]);
    const dying: PipelineDeps = { ...h1.deps, outbound: createOutboundEnqueuer(downQueues, testJobSigner) };
    const run1 = runTurn(conv, dying);
    const stuck = await Promise.race([run1.then(() => 'finished', () => 'failed'), sleep(500).then(() => 'waiting')]);
    expect(stuck).toBe('waiting');
    downConn.disconnect(); // SIGKILL: the offline queue is dropped, the add never left the process
    // A killed process does not finish its turn. Here the run either rejects or stays stuck on a
    // connection that is gone (ioredis does not always flush its offline queue when it is closed
    // between two reconnection attempts: waiting for the rejection hung a CI run); bounded either way.
    await Promise.race([run1.catch(() => undefined), sleep(1_000)]);
    await Promise.race([downQueues.close().catch(() => undefined), sleep(1_000)]);
    // The plan is stored, the message not handled, and no job reached Redis.
    expect((await one<{ n: number }>(`select jsonb_array_length(bubbles) n from turn_plans where interaction_id = $1`, [first])).n).toBe(2);
    expect(await queues.queues.outbound.getJob(outboundJobId(replyBubbleKey(first, 0)))).toBeUndefined();

    // The doctor writes again before the turn's lock lapses and it is retried.
    await inbound(db, phone, ['prefiro noturno']);
    const second = (await latestInbound(conv)).id;
    expect(second).not.toBe(first);

    // The retry, on the restarted Redis.
    const h2 = harness(db, [agentReply('Anotado, noturno: tenho um no sábado')]);
    const retry: PipelineDeps = { ...h2.deps, outbound: createOutboundEnqueuer(queues, testJobSigner) };
    expect((await runTurn(conv, retry)).status).toBe('replied');

    // The newer message gets the new answer...
    const job = (id: string, i: number) => queues.queues.outbound.getJob(outboundJobId(replyBubbleKey(id, i)));
    expect((await job(second, 0))?.data.text).toBe('Anotado, noturno: tenho um no sábado');
    // ...and the first plan's bubbles reach the outbound wrapper word for word, with the proof
    // of the message they answer: there a newer inbound supersedes them (a recorded outcome,
    // guardrails.ts), or, if none is newer, they are the reply. Before the fix: no job at all.
    const firstJobs = await Promise.all([job(first, 0), job(first, 1)]);
    expect(firstJobs.map((j) => j?.data.text)).toEqual(['Tenho sim, no HCor', 'Quer que eu reserve?']);
    expect(firstJobs[0]!.data.ctx).toMatchObject({ method: 'REPLY', conversationId: conv, inboundInteractionId: first, actor: 'julia' });
    expect(testJobSigner.verify({ ctx: firstJobs[0]!.data.ctx, text: firstJobs[0]!.data.text, idempotencyKey: firstJobs[0]!.data.idempotencyKey }, firstJobs[0]!.data.sig)).toBe(true);
    // Both handled; nothing left for the sweeper.
    expect((await one<{ n: number }>(`select count(*)::int n from inbound_handled where interaction_id = any($1)`, [[first, second]])).n).toBe(2);
  });

  it('bubbles that already reached the wrapper are not queued again', async () => {
    const phone = '5511911119002';
    const conv = await inbound(db, phone, ['oi, tudo bem?']);
    const first = (await latestInbound(conv)).id;
    // A run that got its first bubble out (the wrapper recorded it) and died before the second.
    await db.rpc('turn_plan_save', { p_conversation_id: conv, p_interaction_id: first, p_bubbles: ['Oi!', 'Tudo ótimo'], p_delays: [0, 0], p_outcome: 'reply' });
    const d = await one<{ doctor_id: string; phone: string }>(`select c.doctor_id, d.phone from conversations c join doctors d on d.id = c.doctor_id where c.id = $1`, [conv]);
    await db.pg.query(
      `insert into outbound_messages (idempotency_key, doctor_id, conversation_id, phone, method, content_hash, status) values ($1, $2, $3, $4, 'REPLY', 'h', 'sent')`,
      [replyBubbleKey(first, 0), d.doctor_id, conv, d.phone],
    );
    await inbound(db, phone, ['tem vaga?']);
    const second = (await latestInbound(conv)).id;
    const h = harness(db, [agentReply('Tenho, sim')]);
    await runTurn(conv, h.deps);
    expect(h.sent.map((s) => [s.key, s.text])).toEqual([
      [replyBubbleKey(first, 1), 'Tudo ótimo'],
      [replyBubbleKey(second, 0), 'Tenho, sim'],
    ]);
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}
