import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app.js';
import { JULIA_TOOLS, loadPrompts, PROMPTS_DIR, runToolCall, type ToolContext } from '../../../src/agent/index.js';
import { createCampaignCommands, createDispatcher } from '../../../src/campaigns/index.js';
import { createRateLimiter } from '../../../src/outbound/index.js';
import { loadPipelineReplies } from '../../../src/pipeline/index.js';
import { recordOptOut } from '../../../src/policy/index.js';
import { fixedClock, silentLogger } from '../../../src/shared/index.js';
import { createOutboundWithdrawer } from '../../../workers/campaign-withdraw.js';
import {
  startAnthropicFake, startChatwootFake, startEvolutionFake, startSlackFake,
  type AnthropicCall, type AnthropicFake, type AnthropicStep, type ChatwootFake, type EvolutionFake, type SlackFake,
} from '../../fakes/index.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { testConfig } from '../../helpers/test-config.js';
import { testPrefix } from '../../helpers/test-redis.js';
import { teardown } from '../../helpers/teardown.js';
import { waitFor } from '../../helpers/wait-for.js';
import { insertDoctors, phoneOf } from '../campaigns/campaign-harness.js';

/**
 * One active conversation per doctor and one turn per conversation at a time: the
 * races that remain are between readers (the turn's tool, the opt-out step, the
 * daily review), tested here on PostgreSQL with a pool in the second pass.
 *
 * Defense in depth for opt-outs: a stop the rules cannot see (a "no" that only
 * means "stop" after Júlia's own question) reaches the model, the model calls
 * registrar_opt_out, and from then on the doctor is out: one event, the fixed
 * confirmation, the wrapper blocks, the next campaign leaves him out. The whole
 * app runs (createApp, workers in-process, real Redis, PGlite or PostgreSQL);
 * Anthropic and Evolution are fakes on loopback.
 */

// Monday 2026-03-09, 10:00 in São Paulo: business hours for the campaign later.
const MONDAY_1000 = new Date('2026-03-09T13:00:00Z');
const HOUR = 3_600_000;
const INSTANCE = 'julia-prod';
const TOKEN = 'evo-webhook-token';
const ASK = 'Antes de te mandar mais vagas: quer continuar recebendo por aqui?';
// What a model might write after the call: pressure the doctor must never see.
const OFFER_PERSON = 'Isso quem vê é o financeiro. Quer que eu te passe pra alguém da equipe?';
const PRESSURE = 'Que pena! Tem certeza? Sábado tem um plantão ótimo no Hospital Central';
const replies = loadPipelineReplies(loadPrompts(PROMPTS_DIR));

let db: TestDb;
let app: App;
let evolution: EvolutionFake;
let anthropic: AnthropicFake;
let chatwoot: ChatwootFake;
let slack: SlackFake;
let prefix: string;
const clock = fixedClock(MONDAY_1000.toISOString());

/** The doctor's newest line: the last line of the last user turn that is his text (not a tool result). */
const doctorLine = (call: AnthropicCall) => {
  const m = [...call.messages].reverse().find((x) => x.role === 'user' && (typeof x.content === 'string' || x.content.some((b) => b.type === 'text')))!;
  const text = typeof m.content === 'string' ? m.content : m.content.filter((b) => b.type === 'text').map((b) => String(b['text'])).join('\n');
  return text.split('\n').at(-1)!;
};
const toolRounds = (call: AnthropicCall) => call.messages.filter((m) => Array.isArray(m.content) && m.content.some((b) => b.type === 'tool_result')).length;

/** Per doctor line, what the model does in each tool round (0 = first call); undefined: write PRESSURE. */
const plans = new Map<string, (round: number) => AnthropicStep | undefined>();

beforeAll(async () => {
  db = await createTestDb();
  evolution = await startEvolutionFake({ apiKey: 'evo-key' });
  chatwoot = await startChatwootFake();
  slack = await startSlackFake({ token: 'xoxb-oot' });
  anthropic = await startAnthropicFake({
    handler: (call) => {
      // The classifiers (the rules' arbiter, the knowledge step): a plain "no", as the rules read it.
      if (!call.tools?.length) return { text: 'não' };
      const line = doctorLine(call);
      const round = toolRounds(call);
      for (const [marker, plan] of plans) if (line.includes(marker)) return plan(round) ?? { text: PRESSURE };
      return round > 0 ? { text: PRESSURE } : { text: ASK };
    },
  });
  prefix = testPrefix('optout-tool');
  const config = testConfig({
    EVOLUTION_API_URL: evolution.url, EVOLUTION_API_KEY: 'evo-key', EVOLUTION_INSTANCE: INSTANCE, EVOLUTION_WEBHOOK_TOKEN: TOKEN,
    ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: anthropic.url, TURN_DEBOUNCE_MS: '200',
    CHATWOOT_URL: chatwoot.url, CHATWOOT_API_TOKEN: chatwoot.apiToken, CHATWOOT_ACCOUNT_ID: String(chatwoot.accountId), CHATWOOT_INBOX_ID: '1', CHATWOOT_WEBHOOK_SECRET: 'cw-secret',
    SLACK_BOT_TOKEN: 'xoxb-oot', SLACK_SIGNING_SECRET: 'slack-secret', SLACK_API_URL: `${slack.url}/api`, SLACK_ALERTS_CHANNEL: 'C-ALERTS',
  });
  app = await createApp(config, { db, redisPrefix: prefix, logger: silentLogger, clock });
  await app.startWorkers();
  await app.queues.queues.scheduled.removeJobScheduler('campaign-dispatch');
  // The campaign's audience is the first two; the others are kept out of it by specialty.
  await insertDoctors(db, { from: 7001, count: 2, specialty: 'dermatologia' });
  await insertDoctors(db, { from: 7003, count: 4, specialty: 'reumatologia' });
});
afterAll(() => teardown(prefix, app, evolution, anthropic, chatwoot, slack, db));

let seq = 0;
async function say(n: number, text: string) {
  // A minute between messages, so the history has an order on the fixed clock.
  clock.set(new Date(clock.now().getTime() + 60_000));
  const body = evolutionPayload('text-conversation', { id: `OOT-${n}-${++seq}`, text, remoteJid: `${phoneOf(n)}@s.whatsapp.net`, timestamp: Math.floor(clock.now().getTime() / 1000) });
  const res = await app.http.request('/webhooks/evolution', { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-token': TOKEN }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}
const sentTo = (n: number) => evolution.sentTexts().filter((s) => s.number === phoneOf(n)).map((s) => s.text);
const doctorId = async (n: number) => (await db.query<{ id: string }>(`select id from doctors where phone = '${phoneOf(n)}'`))[0]!.id;
const optOutEvents = async (id: string) =>
  db.query<{ actor: string; to: string }>(`select props->>'actor' as actor, props->>'to' as "to" from business_events where doctor_id = '${id}' and event_type = 'permission_changed'`);

/** Júlia asks whether he wants to keep receiving shifts: the doctor's next "no" is a stop only in this context. */
async function askedWhetherToContinue(n: number) {
  await say(n, 'oi julia, vi sua mensagem');
  await waitFor(() => sentTo(n).length === 1, { what: 'Júlia asking whether to go on' });
  expect(sentTo(n)).toEqual([ASK]);
}

const optOutCall = (id: string, trecho: string) => ({ type: 'tool_use', id, name: 'registrar_opt_out', input: { trecho } });

describe('an opt-out the rules miss, recorded by the doctor agent', () => {
  it('is recorded once when the model calls the tool; the doctor hears the fixed confirmation; the wrapper blocks; the next campaign skips him', { timeout: 60_000 }, async () => {
    await askedWhetherToContinue(7001);
    // The control doctor has the same conversation and stays in.
    await say(7002, 'oi julia, vi sua mensagem');
    await waitFor(() => sentTo(7002).length === 1, { what: 'the control doctor answered' });

    // The model writes pressure beside its call: the pipeline drops it.
    plans.set('não, obrigado', (round) => (round > 0 ? undefined : { text: PRESSURE, toolUse: { name: 'registrar_opt_out', input: { trecho: 'não, obrigado' } } }));
    await say(7001, 'não, obrigado');
    await waitFor(() => sentTo(7001).length === 2, { what: 'the confirmation' });
    const a = await doctorId(7001);
    // Recorded by the agent, not by the rules: the rules really missed it.
    expect(await optOutEvents(a)).toEqual([{ actor: 'julia:agente', to: 'opted_out' }]);
    expect(replies.optOutConfirmation).toContain(sentTo(7001)[1]);
    expect(evolution.sentTexts().map((s) => s.text)).not.toContain(PRESSURE);
    expect((await db.query<{ p: string }>(`select permission_state p from doctor_state where doctor_id = '${a}'`))[0]!.p).toBe('opted_out');

    // The wrapper blocks a proactive send from now on.
    const conversationId = (await db.query<{ id: string }>(`select id from conversations where doctor_id = '${a}'`))[0]!.id;
    await app.deps.outbound.enqueueOutbound({ method: 'FOLLOWUP', doctorId: a, conversationId, actor: 'julia' }, 'Oi! Surgiu um plantão novo', { idempotencyKey: 'oot-followup-7001' });
    await waitFor(async () => (await db.query(`select 1 from outbound_messages where doctor_id = '${a}' and method = 'FOLLOWUP' and status = 'blocked' and rule = 'R0_opted_out'`)).length === 1, { what: 'the R0 block' });

    // The next campaign, three hours later (past the reply gap): planned and dispatched without him.
    clock.set(new Date(MONDAY_1000.getTime() + 3 * HOUR));
    const withdrawer = createOutboundWithdrawer(app.deps.redis, prefix);
    const limiter = createRateLimiter(app.deps.redis, prefix);
    try {
      const dispatcher = createDispatcher({
        db, clock, logger: silentLogger, flags: app.deps.flags, outbound: app.deps.outbound, instances: [INSTANCE],
        remaining: (i, now) => limiter.remaining(i, now), withdraw: withdrawer.withdraw, spreadMs: 0,
      });
      const commands = createCampaignCommands({ db, clock, withdraw: withdrawer.withdraw });
      const c = await commands.create({ name: 'Dermato março', type: 'reativacao', template: 'Oi {{primeiro_nome}}, abriu vaga de dermato!', audience: { specialty: 'dermatologia', recent_days: 0 } });
      await commands.start(c.id);
      const tick = await dispatcher.tick();
      expect(tick).toMatchObject({ planned: 1 });
      const planned = await db.query<{ doctor_id: string }>(`select doctor_id from campaign_sends where campaign_id = '${c.id}'`);
      expect(planned.map((p) => p.doctor_id)).not.toContain(a);
      expect(planned.map((p) => p.doctor_id)).toContain(await doctorId(7002));
      await waitFor(() => sentTo(7002).some((t) => t.includes('abriu vaga de dermato')), { timeoutMs: 20_000, what: 'the control doctor reached' });
    } finally {
      await withdrawer.close();
    }
    expect(sentTo(7001)).toHaveLength(2);
    expect(await optOutEvents(a)).toHaveLength(1);
  });

  it('called twice in one turn: one event, one confirmation, and no further model call once the stop is recorded', { timeout: 30_000 }, async () => {
    clock.set(new Date(MONDAY_1000.getTime() + 4 * HOUR));
    await askedWhetherToContinue(7003);
    plans.set('não, valeu', (round) =>
      round === 0 ? { content: [optOutCall('toolu_a', 'não, valeu'), optOutCall('toolu_b', 'não, valeu')], stopReason: 'tool_use' }
        // Were the model asked again, it would try to keep him with a reminder.
        : { toolUse: { name: 'agendar_lembrete', input: { quando: '2026-03-16T10:00', mensagem_retorno: 'Oi! Lembra de mim?' } } });
    await say(7003, 'não, valeu');
    await waitFor(() => sentTo(7003).length === 2, { what: 'the confirmation' });
    await new Promise((r) => setTimeout(r, 800));
    const id = await doctorId(7003);
    expect(await optOutEvents(id)).toEqual([{ actor: 'julia:agente', to: 'opted_out' }]);
    // The model really called it twice, and was not asked again after the tool round.
    const turns = await db.query<{ tools: string[] }>(`select tools from turn_metrics t join conversations c on c.id = t.conversation_id where c.doctor_id = '${id}' order by t.created_at desc limit 1`);
    expect(turns[0]!.tools).toEqual(['registrar_opt_out', 'registrar_opt_out']);
    expect(anthropic.calls().filter((c) => c.tools?.length && doctorLine(c).includes('não, valeu'))).toHaveLength(1);
    expect(await db.query(`select 1 from reminders where doctor_id = '${id}'`)).toEqual([]);
    expect(sentTo(7003)).toHaveLength(2);
    expect(replies.optOutConfirmation).toContain(sentTo(7003)[1]);
  });

  it('many tool calls racing each other, the opt-out step and the daily review on the same doctor leave one event; exactly one call reports the change', async () => {
    const id = await doctorId(7004);
    const conv = (await db.query<{ id: string }>(`insert into conversations (doctor_id) values ('${id}') returning id`))[0]!.id;
    const ctx: ToolContext = { doctorId: id, conversationId: conv, deps: { db, clock, logger: silentLogger } as unknown as ToolContext['deps'] };
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => runToolCall(JULIA_TOOLS, 'registrar_opt_out', { trecho: 'me tira daí' }, ctx)),
      recordOptOut(db, id, 'rules').then((r) => ({ name: 'rules', isError: false, result: { ja_estava_registrado: !r.changed } })),
      recordOptOut(db, id, 'review').then((r) => ({ name: 'review', isError: false, result: { ja_estava_registrado: !r.changed } })),
    ]);
    expect(results.every((r) => !r.isError)).toBe(true);
    expect(results.filter((r) => (r.result as { ja_estava_registrado: boolean }).ja_estava_registrado === false)).toHaveLength(1);
    const events = await optOutEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.to).toBe('opted_out');
  });

  it('a request for a person the rules miss: the fixed hand-off line, human control, the hand-off recorded as asked for a person, managers and Chatwoot told', { timeout: 30_000 }, async () => {
    clock.set(new Date(MONDAY_1000.getTime() + 5 * HOUR));
    plans.set('tenho uma dúvida do meu repasse', (round) => (round > 0 ? undefined : { text: OFFER_PERSON }));
    await say(7005, 'oi julia, tenho uma dúvida do meu repasse');
    await waitFor(() => sentTo(7005).length === 1, { what: 'first answer' });
    expect(sentTo(7005)).toEqual([OFFER_PERSON]);
    // "Yes, please" is a request for a person only after her question.
    plans.set('sim, por favor', (round) => (round > 0 ? undefined : { toolUse: { name: 'pedir_humano', input: { motivo: 'pediu_pessoa' } } }));
    await say(7005, 'sim, por favor');
    await waitFor(() => sentTo(7005).length === 2, { what: 'the hand-off line' });
    expect(replies.handoffMessages).toContain(sentTo(7005)[1]);
    const id = await doctorId(7005);
    const [row] = await db.query<{ controlled_by: string; reason: string; category: string }>(
      `select c.controlled_by, h.reason, h.category from conversations c join handoffs h on h.conversation_id = c.id where c.doctor_id = '${id}'`,
    );
    expect(row).toEqual({ controlled_by: 'human', reason: 'human_request', category: 'pediu_pessoa' });
    // The managers are told, and the Chatwoot conversation is opened for a person, as from the hand-off step.
    await waitFor(() => slack.posted().some((p) => p.text?.startsWith('Hand-off:') && p.text.includes('human_request')), { what: 'the managers\' notice' });
    // The mirror creates the Chatwoot conversation in its own job: read its id each time.
    await waitFor(async () => {
      const cwId = (await db.query<{ id: number | null }>(`select chatwoot_conversation_id id from conversations where doctor_id = '${id}'`))[0]!.id;
      const c = cwId === null ? undefined : chatwoot.conversations().find((x) => x.id === Number(cwId));
      return c?.status === 'open' && c.labels.includes('atendimento-humano');
    }, { timeoutMs: 15_000, what: 'the Chatwoot conversation opened with the hand-off label' });
    // Not an opt-out: he can still be reached once a person hands him back.
    expect(await optOutEvents(id)).toEqual([]);
    // Under human control Júlia no longer answers him.
    const agentCalls = () => anthropic.calls().filter((c) => c.tools?.length).length;
    const before = agentCalls();
    await say(7005, 'alô?');
    await new Promise((r) => setTimeout(r, 1_200));
    expect(sentTo(7005)).toHaveLength(2);
    expect(agentCalls()).toBe(before);
  });
});
