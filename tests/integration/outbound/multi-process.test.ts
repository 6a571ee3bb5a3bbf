import { afterAll, describe, expect, it } from 'vitest';
import { createFlagStore } from '../../../src/flags/index.js';
import { createOutboundEnqueuer } from '../../../src/outbound/index.js';
import { createRedis } from '../../../src/redis/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { createBullQueues, type BullQueues } from '../../../workers/queue.js';
import { startEvolutionFake, type EvolutionFake } from '../../fakes/evolution-fake.js';
import { onPostgres } from '../../helpers/test-db.js';
import { dropPrefix, TEST_REDIS_URL, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';
import { createDoctor, replyCtx } from './harness.js';
import { fileDbSharedWithProcesses } from '../../helpers/shared-db.js';
import { kill, spawnWorker, type Child } from './processes.js';
import { testJobSigner } from '../../helpers/job-signer.js';
import { childAppEnv } from '../../helpers/child-app.js';

// Worker processes connect directly on PostgreSQL, through a gateway on PGlite (shared-db.ts).
const file = fileDbSharedWithProcesses();
const redis = testRedis();
file.cleanups.push(() => redis.disconnect());
const children: Child[] = [];
afterAll(() => Promise.all(children.map((c) => kill(c))));

async function setup(label: string, instances: string[]) {
  const prefix = testPrefix(label);
  const fake = await startEvolutionFake({ instances });
  const queues: BullQueues = createBullQueues(createRedis(TEST_REDIS_URL, { name: 'test-queues', blocking: true }), prefix);
  file.cleanups.push(async () => {
    await queues.close();
    await fake.close();
    await dropPrefix(redis, prefix);
  });
  const env = childAppEnv(file.served, prefix, fake, instances);
  return { prefix, fake, queues, env, enqueuer: createOutboundEnqueuer(queues, testJobSigner) };
}

const sendTextsOf = (fake: EvolutionFake, text: string) =>
  fake.requestsTo('POST', '/message/sendText/:instance').filter((r) => (r.body as { text?: string }).text === text);

// Each kill boots a fresh worker process (seconds each on a busy machine): ten per pass, twenty per run across the
// PGlite and PostgreSQL passes. Longer series of kills (with Redis and PostgreSQL restarts too) are bench/chaos.ts's.
const KILLS = 10;

describe('crash between "provider accepted" and "recorded"', () => {
  it(`${KILLS} workers SIGKILLed mid-send: the fake sees each message exactly once`, { timeout: 300_000 }, async () => {
    const { fake, env, enqueuer } = await setup('crash', ['julia']);
    // Evolution "accepts" the message 300 ms after the request arrives; the worker is killed before it hears back.
    fake.setLatency((req) => (req.path.startsWith('/message/sendText') ? 300 : 0));
    const standby = () => {
      const c = spawnWorker({ ...env, CHILD_STANDBY: '1' });
      children.push(c);
      return c;
    };
    const pool = [standby(), standby()];
    const doctors = [];
    for (let i = 0; i < KILLS; i++) doctors.push(await createDoctor(file.db, { inboundAt: new Date() }));
    // Each inbound is being answered by the reply below, as the turn that wrote it would have
    // recorded. Left unhandled, a run slower than a minute (a busy machine) lets the workers'
    // inbound sweeper re-arm turns for them, and those turns (no model configured) send
    // hand-off lines: extra texts at the fake that were never this test's messages.
    await file.db.pg.query(
      `insert into inbound_handled (interaction_id, conversation_id) select unnest($1::uuid[]), unnest($2::uuid[])`,
      [doctors.map((d) => d.inboundId), doctors.map((d) => d.conversationId)],
    );
    for (let i = 0; i < KILLS; i++) {
      const current = pool.shift()!;
      pool.push(standby());
      await current.booted;
      current.proc.kill('SIGUSR2');
      await current.ready;
      const text = `Mensagem ${i}: plantão confirmado`;
      await enqueuer.enqueueOutbound(replyCtx(doctors[i]!), text, { idempotencyKey: `crash-${i}` });
      await waitFor(() => sendTextsOf(fake, text).length > 0, { timeoutMs: 20_000, what: `sendText ${i}` });
      await kill(current);
    }
    // The last job is recovered by the next standby worker, like all the others were.
    const last = pool.shift()!;
    await last.booted;
    last.proc.kill('SIGUSR2');
    await waitFor(
      async () => (await file.db.pg.query(`select 1 from outbound_messages where idempotency_key like 'crash-%' and status = 'sent'`)).rows.length === KILLS,
      { timeoutMs: 30_000, what: `all ${KILLS} recorded` },
    ).catch(async (err: Error) => {
      // Say what was left: which keys were not recorded as sent, and how often each text reached the fake.
      const rows = await file.db.pg.query<{ k: string; status: string; attempts: number }>(`select idempotency_key as k, status, attempts from outbound_messages where idempotency_key like 'crash-%'`);
      const sends = Array.from({ length: KILLS }, (_, i) => sendTextsOf(fake, `Mensagem ${i}: plantão confirmado`).length);
      throw new Error(`${err.message}; rows ${JSON.stringify(rows.rows.filter((r) => r.status !== 'sent'))}; sends per message ${JSON.stringify(sends)}`);
    });
    for (let i = 0; i < KILLS; i++) {
      const text = `Mensagem ${i}: plantão confirmado`;
      expect(sendTextsOf(fake, text), text).toHaveLength(1);
      expect(fake.sentTexts().filter((s) => s.text === text)).toHaveLength(1);
    }
    // Nothing else reached the provider either.
    expect(fake.sentTexts().filter((s) => !/^Mensagem \d+: plantão confirmado$/.test(s.text)).map((s) => s.text)).toEqual([]);
    const rows = await file.db.pg.query<{ provider_message_id: string; attempts: number }>(
      `select provider_message_id, attempts from outbound_messages where idempotency_key like 'crash-%'`,
    );
    expect(new Set(rows.rows.map((r) => r.provider_message_id))).toEqual(new Set(fake.sentTexts().map((s) => s.id)));
    // Every one of them was in doubt and reconciled through findMessages, not resent.
    expect(fake.requestsTo('POST', '/chat/findMessages/:instance').length).toBeGreaterThanOrEqual(KILLS);
    const events = await file.db.pg.query<{ event_type: string; n: number }>(
      `select be.event_type, count(*)::int as n from business_events be
       join outbound_messages m on m.id::text = be.props->>'outbound_message_id'
       where m.idempotency_key like 'crash-%' group by 1`,
    );
    expect(events.rows).toEqual([{ event_type: 'doctor_outbound', n: KILLS }]);
  });
});

describe('kill switch', () => {
  it('safe_mode set in one place pauses proactive sends in two worker processes within one second; cleared, they all go out once', { timeout: 300_000 }, async () => {
    const instances = Array.from({ length: 10 }, (_, i) => `num${i}`);
    const { fake, env, enqueuer, prefix } = await setup('kill', instances);
    // A Wednesday 10:00 in São Paulo, so the proactive sends are inside business hours.
    const workers = [0, 1].map(() => spawnWorker({ ...env, CHILD_CLOCK_BASE: '2026-03-04T13:00:00Z' }));
    children.push(...workers);
    await Promise.all(workers.map((w) => w.ready));
    const doctors = [];
    for (let i = 0; i < 150; i++) doctors.push(await createDoctor(file.db));
    const enqueuedAt = Date.now();
    for (const [i, d] of doctors.entries()) {
      const ctx = { method: 'FOLLOWUP' as const, doctorId: d.id, conversationId: d.conversationId, actor: 'julia' };
      await enqueuer.enqueueOutbound(ctx, `Oi! Surgiu uma vaga (${i})`, { idempotencyKey: `kill-${i}`, delayMs: 200 + i * 25 });
    }
    const lastDue = enqueuedAt + 200 + 149 * 25;
    await waitFor(() => fake.requestsTo('POST', '/message/sendText/:instance').length >= 20, { timeoutMs: 20_000, what: 'first sends' });
    // From another client of the shared database, as a production `web` process would.
    const pgDb = file.served.client();
    file.cleanups.push(() => pgDb.close());
    const flags = createFlagStore({ db: pgDb, redis, prefix, logger: silentLogger });
    const setAt = Date.now();
    await flags.set('safe_mode', { enabled: true, mode: 'wait' }, 'test');
    // Every job comes due while paused and is looked at several times (poll 500 ms).
    await new Promise((r) => setTimeout(r, Math.max(0, lastDue - Date.now()) + 3_000));
    const paused = fake.requestsTo('POST', '/message/sendText/:instance');
    // The fake stamps a request when this process's event loop reads it. On PGlite the same
    // loop runs the embedded database for both workers (through the gateway), so a send decided
    // before the flag can be read here a second later: the sub-second bound is asserted on the
    // PostgreSQL pass, where nothing blocks this loop; the PGlite pass allows that lag.
    const bound = onPostgres ? 1_000 : 2_500;
    expect(paused.filter((r) => r.at > setAt + bound).map((r) => r.at - setAt)).toEqual([]);
    expect(paused.length).toBeLessThan(150);
    // Paused, not decided: nothing recorded as blocked. A send that reached the fake just
    // before the snapshot may still be recording its outcome on a loaded machine: wait for it
    // (a duplicate would show below as more requests than messages, and fail there).
    const decided = async () =>
      (await file.db.pg.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from outbound_messages where idempotency_key like 'kill-%' group by 1`,
      )).rows;
    await waitFor(async () => JSON.stringify(await decided()) === JSON.stringify([{ status: 'sent', n: paused.length }]), {
      timeoutMs: 10_000,
      what: `the ${paused.length} sends seen at the fake recorded as sent, and nothing else recorded`,
    }).catch(async (err: unknown) => {
      const texts = paused.map((r) => (r.body as { text: string }).text);
      const foreign = texts.filter((t) => !t.startsWith('Oi! Surgiu uma vaga'));
      throw new Error(`${String(err)}: rows ${JSON.stringify(await decided())}, ${texts.length - new Set(texts).size} repeated text(s), other texts ${JSON.stringify(foreign)}`);
    });
    expect(fake.requestsTo('POST', '/message/sendText/:instance')).toHaveLength(paused.length);
    const clearedAt = Date.now();
    await flags.set('safe_mode', { enabled: false, mode: 'wait' }, 'test');
    // Released at once they all route together: both workers read the numbers' capacity at the
    // same moment and pile onto the same "emptiest" number. On the loaded PostgreSQL pass one
    // send found it full and was deferred an hour although nine numbers had room (stop 18's open
    // finding); routeSend now tries the other numbers first (src/outbound/decide-route.ts).
    await waitFor(
      async () => (await file.db.pg.query(`select 1 from outbound_messages where idempotency_key like 'kill-%' and status = 'sent'`)).rows.length === 150,
      // Paced by the proactive limits per number; on a loaded CI machine (the PostgreSQL pass runs
      // its files side by side) this took over 40 s. The bound that matters is the pause above.
      { timeoutMs: 120_000, what: 'all 150 sent after safe_mode is cleared' },
    );
    const sends = fake.requestsTo('POST', '/message/sendText/:instance');
    expect(sends).toHaveLength(150);
    expect(new Set(sends.map((r) => (r.body as { text: string }).text)).size).toBe(150);
    expect(sends.filter((r) => r.at > setAt + bound).every((r) => r.at >= clearedAt)).toBe(true);
    expect((await flags.get()).safeMode).toEqual({ enabled: false, mode: 'wait' });
  });
});
