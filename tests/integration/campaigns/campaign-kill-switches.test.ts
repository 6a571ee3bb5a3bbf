import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { slackCampaignPort } from '../../../src/slack/index.js';
import { createCampaignCommands, createDispatcher, type CampaignCommands, type Dispatcher } from '../../../src/campaigns/index.js';
import { createRateLimiter, replyContext } from '../../../src/outbound/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { createOutboundWithdrawer } from '../../../workers/campaign-withdraw.js';
import { followupsHandler } from '../../../workers/followups.js';
import { startAnthropicFake, startEvolutionFake, startSlackFake, type AnthropicFake, type EvolutionFake, type SlackFake } from '../../fakes/index.js';
import { adminScript, click, isAdminCall, lastPreview, mention, signedSlack } from '../../e2e/slack-helpers.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { testConfig } from '../../helpers/test-config.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { waitFor } from '../../helpers/wait-for.js';
import { insertDoctors, pendingOutbound, phoneOf } from './campaign-harness.js';

// Issue 25, finding 6, through the whole app (createApp, in-process workers, real Redis and
// database, the Evolution, Anthropic and Slack fakes): a pause from Slack takes the queued
// sends back like the CLI, and with campaigns off a campaign's follow-up is stopped at send time.

const MONDAY_1000 = new Date('2026-03-09T13:00:00Z'); // Monday 10:00 in São Paulo
const HOUR = 3_600_000;

let db: TestDb;
let app: App;
let evolution: EvolutionFake;
let anthropic: AnthropicFake;
let slack: SlackFake;
let dispatcher: Dispatcher;
let commands: CampaignCommands;
let withdrawer: ReturnType<typeof createOutboundWithdrawer>;
const clock = fixedClock(MONDAY_1000.toISOString());
const prefix = testPrefix('campaign-switch');
const admin = adminScript();

beforeAll(async () => {
  db = await createTestDb();
  evolution = await startEvolutionFake({ instances: ['k1'], apiKey: 'evo-key' });
  anthropic = await startAnthropicFake({ handler: (body) => (isAdminCall(body) ? admin.next() : { text: 'Oi!' }) });
  slack = await startSlackFake({ token: 'xoxb-switch' });
  const config = testConfig({
    EVOLUTION_API_URL: evolution.url,
    EVOLUTION_API_KEY: 'evo-key',
    EVOLUTION_INSTANCE: 'k1',
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: anthropic.url,
    SLACK_BOT_TOKEN: 'xoxb-switch',
    SLACK_SIGNING_SECRET: 'slack-secret',
    SLACK_API_URL: `${slack.url}/api`,
    SLACK_MANAGER_IDS: 'UMANAGER1',
  });
  app = await createApp(config, { db, redisPrefix: prefix, logger: silentLogger, clock });
  await app.startWorkers();
  await app.queues.queues.scheduled.removeJobScheduler('campaign-dispatch');
  withdrawer = createOutboundWithdrawer(app.deps.redis, prefix);
  const limiter = createRateLimiter(app.deps.redis, prefix);
  dispatcher = createDispatcher({
    db,
    clock,
    logger: silentLogger,
    flags: app.deps.flags,
    outbound: app.deps.outbound,
    instances: ['k1'],
    remaining: (i, now) => limiter.remaining(i, now),
    withdraw: withdrawer.withdraw,
    // The run's sends spread over ten minutes: the first leaves at once, the rest wait in the queue.
    spreadMs: 10 * 60_000,
  });
  commands = createCampaignCommands({ db, clock });
}, 120_000);

afterAll(async () => {
  await withdrawer?.close();
  await app?.close();
  const r = testRedis();
  await dropPrefix(r, prefix);
  r.disconnect();
  await Promise.all([evolution?.close(), anthropic?.close(), slack?.close()]);
});

const slackAt = () => ({ timestamp: Math.floor(clock.now().getTime() / 1000) });
const postSlack = (raw: string, type: string) => app.http.request('/webhooks/slack', signedSlack(raw, type, slackAt()));
const q = async <T>(sql: string, params: unknown[] = []) => (await db.pg.query<T>(sql, params)).rows;

describe('campanha_pausar from Slack', () => {
  it('takes the queued sends back (and says how many); nothing else reaches Evolution', { timeout: 90_000 }, async () => {
    await insertDoctors(db, { from: 7001, count: 8, specialty: 'pediatria' });
    const c = await commands.create({ name: 'Pediatria março', type: 'reativacao', template: 'Oi {{primeiro_nome}}, voltamos com plantões de pediatria!', audience: { specialty: 'pediatria' } });
    await commands.start(c.id);
    expect(await dispatcher.tick()).toMatchObject({ planned: 8, enqueued: 8 });
    await waitFor(() => evolution.sentTexts().length === 1, { timeoutMs: 20_000, what: 'the first campaign send' });

    admin.push({ toolUse: { name: 'campanha_pausar', input: { campanhaId: c.id } } }, { text: 'Confirme no botão.' });
    expect((await postSlack(mention('pausa a campanha de pediatria'), 'application/json')).status).toBe(200);
    await waitFor(() => lastPreview(slack) !== undefined, { timeoutMs: 20_000, what: 'the preview' });
    const p = lastPreview(slack)!;
    expect((await postSlack(click(p.actionId, { messageTs: p.ts, channel: p.channel }), 'application/x-www-form-urlencoded')).status).toBe(200);
    // The preview is edited in place with the outcome the tool returned.
    const said = await waitFor(() => slack.posted().filter((m) => m.ts === p.ts).map((m) => JSON.stringify(m.blocks ?? [])).find((b) => b.includes('retirados da fila')), {
      timeoutMs: 20_000,
      what: 'the confirmed pause',
    });
    const withdrawn = Number(/\((\d+) envio\(s\) retirados da fila\)/.exec(said ?? "")?.[1]);
    expect(withdrawn).toBe(7);

    expect((await q<{ status: string }>(`select status from campaigns where id = $1`, [c.id]))[0]!.status).toBe('paused');
    expect(await pendingOutbound(app)).toBe(0);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(evolution.sentTexts()).toHaveLength(1);
    // Back in the campaign's queue: a resume sends them, each doctor once.
    await commands.show(c.id);
    expect(await commands.progress(c.id)).toMatchObject({ status: 'paused', sent: 1, queued: 7, dispatched: 0 });
  });
});

describe('withdrawals racing each other', () => {
  it("a pause's withdrawal, the dispatcher's and a second one at once: each queued send goes back exactly once", { timeout: 60_000 }, async () => {
    await insertDoctors(db, { from: 7201, count: 6, specialty: 'cardiologia' });
    const c = await commands.create({ name: 'Cardio março', type: 'prospeccao', template: 'Oi {{primeiro_nome}}, plantões de cardio!', audience: { specialty: 'cardiologia' } });
    await commands.start(c.id);
    const before = evolution.sentTexts().length;
    expect(await dispatcher.tick()).toMatchObject({ planned: 6, enqueued: 6 });
    await waitFor(() => evolution.sentTexts().length === before + 1, { timeoutMs: 20_000, what: 'the first send' });
    const port = slackCampaignPort({ ...app.deps, openWithdrawer: () => createOutboundWithdrawer(app.deps.redis, app.deps.redisPrefix) });
    const [paused, a, b] = await Promise.all([port.pause(c.id, 'slack:UMANAGER1'), dispatcher.tick(), dispatcher.tick()]);
    const bySlack = Number(/\((\d+) envio/.exec(String((paused as { mensagem: string }).mensagem))?.[1]);
    expect(bySlack + a.withdrawn + b.withdrawn).toBe(5);
    // And once more after the fact: nothing left to take back.
    expect((await dispatcher.tick()).withdrawn).toBe(0);
    expect(await pendingOutbound(app)).toBe(0);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(evolution.sentTexts()).toHaveLength(before + 1);
    await commands.show(c.id);
    expect(await commands.progress(c.id)).toMatchObject({ status: 'paused', sent: 1, queued: 5, dispatched: 0 });
  });
});

describe('toggle_campanhas off with campaign jobs in the queue', () => {
  it('the next run takes them back to the campaign; switched on again, each doctor gets the message once', { timeout: 60_000 }, async () => {
    await insertDoctors(db, { from: 7301, count: 4, specialty: 'ginecologia' });
    const c = await commands.create({ name: 'GO março', type: 'reativacao', template: 'Oi {{primeiro_nome}}, voltamos com plantões de GO!', audience: { specialty: 'ginecologia' } });
    await commands.start(c.id);
    const mine = () => evolution.sentTexts().filter((t) => t.text.includes('plantões de GO'));
    expect(await dispatcher.tick()).toMatchObject({ planned: 4, enqueued: 4 });
    await waitFor(() => mine().length === 1, { timeoutMs: 20_000, what: 'the first send' });
    await app.deps.flags.set('campaigns', { enabled: false }, 'test');
    try {
      expect(await dispatcher.tick()).toMatchObject({ skipped: 'campaigns_disabled', withdrawn: 3 });
      expect(await pendingOutbound(app)).toBe(0);
      expect(await commands.progress(c.id)).toMatchObject({ status: 'running', sent: 1, queued: 3, dispatched: 0 });
    } finally {
      await app.deps.flags.set('campaigns', { enabled: true }, 'test');
    }
    const prompt = createDispatcher({
      db, clock, logger: silentLogger, flags: app.deps.flags, outbound: app.deps.outbound, instances: ['k1'],
      remaining: (i, now) => createRateLimiter(app.deps.redis, prefix).remaining(i, now), withdraw: withdrawer.withdraw, spreadMs: 0,
    });
    expect(await prompt.tick()).toMatchObject({ enqueued: 3 });
    await waitFor(async () => mine().length === 4 && (await pendingOutbound(app)) === 0, { timeoutMs: 30_000, what: 'the rest sent' });
    expect(new Set(mine().map((t) => t.number)).size).toBe(4);
    await commands.show(c.id);
    expect(await commands.progress(c.id)).toMatchObject({ sent: 4, blocked: 0 });
  });
});

describe('campaigns off at send time', () => {
  /** A doctor who answered a message at `at` and got Júlia's reply through the wrapper; then silence. */
  async function answeredThenQuiet(n: number, at: Date) {
    const d = await db.rpc<{ id: string }>('doctor_upsert', { p_phone: phoneOf(n), p_name: `Dr. Silencioso ${n}` });
    const conv = await db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: d.id });
    const [inbound] = await q<{ id: string }>(
      `insert into interactions (conversation_id, doctor_id, direction, instance, provider_message_id, body, occurred_at)
       values ($1, $2, 'inbound', 'k1', $3, 'quais plantões tem?', $4) returning id`,
      [conv.id, d.id, randomUUID(), at],
    );
    await q(`insert into business_events (event_type, doctor_id, interaction_id) values ('doctor_inbound', $1, $2)`, [d.id, inbound!.id]);
    await q(`update conversations set last_inbound_at = $2 where id = $1`, [conv.id, at]);
    await db.rpc('doctor_state_on_inbound', { p_doctor_id: d.id, p_at: at });
    clock.set(new Date(at.getTime() + 60_000));
    const ctx = replyContext({ doctorId: d.id, conversationId: conv.id, inboundInteractionId: inbound!.id, lastInboundAt: at.toISOString() });
    expect(await app.deps.sendOutbound(ctx, `Temos plantões sim, Dr. ${n}!`, { idempotencyKey: `reply-${inbound!.id}-0` })).toMatchObject({ outcome: 'sent' });
    return { id: d.id, conversationId: conv.id, phone: phoneOf(n) };
  }

  it("blocks the follow-up of an exchange a campaign started (R4a); another doctor's follow-up still goes out", { timeout: 60_000 }, async () => {
    const t0 = new Date(MONDAY_1000.getTime() + 2 * HOUR);
    const done = await commands.create({ name: 'Clínica março', type: 'prospeccao', template: 'Oi {{primeiro_nome}}!', audience: { specialty: 'clinica' } });
    const fromCampaign = await answeredThenQuiet(7101, new Date(t0.getTime() + HOUR));
    // The campaign message he answered (sent an hour before his message, settled by campaign_sync).
    await q(`insert into campaign_sends (campaign_id, doctor_id, status, settled_at) values ($1, $2, 'sent', $3)`, [done.id, fromCampaign.id, t0]);
    await q(`update campaigns set status = 'completed' where id = $1`, [done.id]);
    const plain = await answeredThenQuiet(7102, new Date(t0.getTime() + HOUR));
    const before = evolution.sentTexts().length;

    await app.deps.flags.set('campaigns', { enabled: false }, 'test');
    try {
      clock.set(new Date(t0.getTime() + 50 * HOUR)); // Wednesday 13:00 São Paulo: 48 h of silence
      const run = await followupsHandler({ db, outbound: app.deps.outbound, clock, logger: silentLogger })();
      expect(run).toMatchObject({ sent: 2 });
      const settled = async (doctorId: string) =>
        (await q<{ status: string; rule: string | null }>(`select status, rule from outbound_messages where doctor_id = $1 and method = 'FOLLOWUP'`, [doctorId]))[0];
      await waitFor(async () => (await settled(fromCampaign.id)) !== undefined && (await settled(plain.id))?.status === 'sent', { timeoutMs: 30_000, what: 'both follow-ups decided' });
      expect(await settled(fromCampaign.id)).toEqual({ status: 'blocked', rule: 'R4a_campaigns_disabled' });
      const after = evolution.sentTexts().slice(before);
      expect(after.map((s) => s.number)).toEqual([plain.phone]);
      const events = await q<{ event_type: string; props: Record<string, unknown> }>(
        `select event_type, props from business_events where doctor_id = $1 and event_type like 'outbound_%'`,
        [fromCampaign.id],
      );
      expect(events.map((e) => [e.event_type, e.props['rule'], e.props['method']])).toEqual([['outbound_blocked', 'R4a_campaigns_disabled', 'FOLLOWUP']]);
    } finally {
      await app.deps.flags.set('campaigns', { enabled: true }, 'test');
    }
    const report = await db.rpc<{ checks: Array<{ id: string; violations: number }> }>('julia_invariants', { p_since: new Date('2026-03-01T00:00:00Z'), p_now: clock.now() });
    expect(report.checks.filter((x) => x.violations > 0)).toEqual([]);
  });
});
