import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundEnqueuer, outboundJobId } from '../../../src/outbound/index.js';
import { createRedis } from '../../../src/redis/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { startWorkers, type JobHandler, type RunningWorkers } from '../../../workers/index.js';
import { createOutboundHandler } from '../../../workers/outbound.js';
import { testJobSigner } from '../../helpers/job-signer.js';
import { createBullQueues, type BullQueues } from '../../../workers/queue.js';
import { scheduledMessagesHandler } from '../../../workers/scheduled-messages.js';
import { TEST_REDIS_URL } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';
import { createDoctor, createHarness, WEDNESDAY_NOON, type Harness } from '../outbound/harness.js';

let h: Harness;
let queues: BullQueues;
let workers: RunningWorkers;
let scan: () => Promise<{ enqueued: number; cancelled: number; late: number }>;
const notices: string[] = [];
const HOUR = 3_600_000;
const noon = new Date(WEDNESDAY_NOON).getTime();

beforeAll(async () => {
  h = await createHarness();
  queues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'reminder-queues', blocking: true }), h.prefix);
  const outbound = createOutboundEnqueuer(queues, testJobSigner);
  workers = startWorkers({
    connection: createRedis(TEST_REDIS_URL, { name: 'reminder-workers', blocking: true }),
    prefix: h.prefix,
    logger: silentLogger,
    // The same settle step as the doctor path: the reminder row follows its send.
    handlers: {
      outbound: createOutboundHandler(h.send, silentLogger, async (p, r) => {
        if (p.ctx.reminderId && r.outcome !== 'deferred') await h.db.rpc('reminder_settle', { p_reminder_id: p.ctx.reminderId, p_outcome: r.outcome });
      }) as JobHandler,
    },
  });
  scan = scheduledMessagesHandler({ db: h.db, outbound, notices: { post: async (t) => void notices.push(t) }, clock: h.clock, logger: silentLogger }) as never;
});
afterAll(async () => {
  await workers.close();
  await queues.close();
  await h.close();
});

/** What agendar_lembrete does: the row, then the delayed REMINDER job with the reminder's key. */
async function scheduleReminder(text: string, inMs: number) {
  const d = await createDoctor(h.db);
  const res = await h.db.rpc<{ reminder: { id: string } }>('agent_schedule_reminder', {
    p_doctor_id: d.id, p_conversation_id: d.conversationId, p_remind_at: new Date(noon + inMs), p_context: 'pediu', p_message: text,
  });
  const id = res.reminder.id;
  await createOutboundEnqueuer(queues, testJobSigner).enqueueOutbound(
    { method: 'REMINDER', doctorId: d.id, conversationId: d.conversationId, reminderId: id, actor: 'julia' },
    text,
    { delayMs: inMs, idempotencyKey: `reminder-${id}` },
  );
  return { doctor: d, id, jobId: outboundJobId(`reminder-${id}`) };
}

const sentTexts = (text: string) => h.fake.requestsTo('POST', '/message/sendText/:instance').filter((r) => (r.body as { text?: string }).text === text);
const statusOf = async (id: string) => (await h.db.pg.query<{ status: string }>('select status from reminders where id = $1', [id])).rows[0]!.status;

describe('reminders survive a Redis loss (1-minute scan of the database)', () => {
  it('a reminder whose delayed job was deleted from Redis is still delivered at its São Paulo time, once', async () => {
    const text = 'oi! como combinado, passando pra lembrar da nota';
    const r = await scheduleReminder(text, HOUR);
    await (await queues.queues.outbound.getJob(r.jobId))!.remove();
    expect(await queues.queues.outbound.getJob(r.jobId)).toBeUndefined();

    // One minute before: not due.
    h.clock.set(new Date(noon + HOUR - 60_000));
    expect(await scan()).toMatchObject({ enqueued: 0 });
    // At 13:00 São Paulo the scan finds it in the database and it goes out.
    h.clock.set(new Date(noon + HOUR + 20_000));
    expect(await scan()).toMatchObject({ enqueued: 1 });
    await waitFor(async () => (await statusOf(r.id)) === 'sent', { what: 'reminder sent', timeoutMs: 20_000 });
    expect(sentTexts(text)).toHaveLength(1);

    // Later scans and a late duplicate job change nothing.
    h.clock.set(new Date(noon + HOUR + 80_000));
    expect(await scan()).toMatchObject({ enqueued: 0 });
    expect(sentTexts(text)).toHaveLength(1);
  });

  it('with the delayed job still in Redis, the scan is a no-op on it and the doctor gets one message', async () => {
    const text = 'oi dr, tô passando aqui como a gente combinou';
    const r = await scheduleReminder(text, 2 * HOUR);
    h.clock.set(new Date(noon + 2 * HOUR + 10_000));
    expect(await scan()).toMatchObject({ enqueued: 1 });
    // Same job id: the add did not create a second job; the original is still waiting for its time.
    const job = await queues.queues.outbound.getJob(r.jobId);
    expect(await job!.getState()).toBe('delayed');
    // Its time comes (as Redis would see it): it runs once.
    await job!.promote();
    await waitFor(async () => (await statusOf(r.id)) === 'sent', { what: 'reminder sent', timeoutMs: 20_000 });
    expect(await scan()).toMatchObject({ enqueued: 0 });
    expect(sentTexts(text)).toHaveLength(1);
  });

  it('a doctor who opted out meanwhile: the due reminder is cancelled, nothing is sent', async () => {
    const text = 'lembrete que não deve sair';
    const r = await scheduleReminder(text, 3 * HOUR);
    await (await queues.queues.outbound.getJob(r.jobId))!.remove();
    await h.db.rpc('doctor_state_set_permission', { p_doctor_id: r.doctor.id, p_state: 'opted_out', p_reason: 'doctor_request' });
    h.clock.set(new Date(noon + 3 * HOUR + 5_000));
    expect(await scan()).toMatchObject({ enqueued: 0, cancelled: 1 });
    expect(await statusOf(r.id)).toBe('cancelled');
    expect(sentTexts(text)).toHaveLength(0);
  });

  it('a reminder far past its time (workers down for a day) is marked failed and reported, not sent late', async () => {
    const text = 'lembrete de ontem';
    const r = await scheduleReminder(text, 4 * HOUR);
    await (await queues.queues.outbound.getJob(r.jobId))!.remove();
    h.clock.set(new Date(noon + 4 * HOUR + 13 * HOUR));
    expect(await scan()).toMatchObject({ enqueued: 0, late: 1 });
    expect(await statusOf(r.id)).toBe('failed');
    expect(notices.some((n) => n.includes(r.id))).toBe(true);
    expect(sentTexts(text)).toHaveLength(0);
  });
});
