import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPrompts, runAgentTurn, type AgentDeps } from '../../../src/agent/index.js';
import { createAnthropicClient } from '../../../src/integrations/anthropic/index.js';
import { createOutboundEnqueuer } from '../../../src/outbound/index.js';
import { testJobSigner } from '../../helpers/job-signer.js';
import { handoffNoticeText, runTurn } from '../../../src/pipeline/index.js';
import { silentLogger } from '../../../src/shared/index.js';
import { createBullQueues, type BullQueues } from '../../../workers/queue.js';
import { startAnthropicFake, type AnthropicCall, type AnthropicFake, type AnthropicStep } from '../../fakes/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { dropPrefix, testPrefix, testRedis } from '../../helpers/test-redis.js';
import { RecordingMemory } from '../agent/harness.js';
import { harness, inbound } from './pipeline-harness.js';

/**
 * Finding 11 (issue 9): ValidateOutput's regeneration must rewrite the TEXT
 * only. The model here is the real SDK against the fake, behaving like a real
 * model would: asked from scratch with tools, it schedules the reminder, and
 * not always at the same minute. The reminder goes to real BullMQ on Redis.
 */
const TIMES = ['2026-11-24T10:00', '2026-11-24T10:30', '2026-11-24T11:00'];

function hasToolResult(call: AnthropicCall): boolean {
  const last = call.messages.at(-1)!;
  return Array.isArray(last.content) && last.content.some((b) => b.type === 'tool_result');
}

describe('regeneration rewrites text only', () => {
  let db: TestDb;
  let fake: AnthropicFake;
  let queues: BullQueues;
  const prefix = testPrefix('regen');
  const redis = testRedis();
  let drafts: string[];
  let scheduled = 0;

  beforeAll(async () => {
    db = await createTestDb({ seed: true });
    fake = await startAnthropicFake({ apiKey: 'test-key' });
    queues = createBullQueues(testRedis(), prefix);
  });
  afterAll(async () => {
    await queues.close();
    await dropPrefix(redis, prefix);
    redis.disconnect();
    await fake.close();
    await db.close();
  });
  beforeEach(() => {
    fake.reset();
    scheduled = 0;
    fake.setHandler((call): AnthropicStep => {
      // With tools allowed and nothing done yet, the model acts; otherwise it writes the next draft.
      if (call.tool_choice?.type !== 'none' && !hasToolResult(call)) {
        return { toolUse: { name: 'agendar_lembrete', input: { data_hora: TIMES[scheduled++ % TIMES.length], contexto: 'plantão de sábado' } } };
      }
      return { text: drafts.shift() ?? 'Combinado, amanhã te chamo' };
    });
  });

  function deps(notices: string[]) {
    const h = harness(db);
    const agent: AgentDeps = {
      db,
      clock: h.deps.clock,
      logger: silentLogger,
      embedder: { model: 'unused', dimensions: 1024, embed: async () => [] },
      outbound: createOutboundEnqueuer(queues, testJobSigner),
      memory: new RecordingMemory(),
      notifyManagers: async (t) => void notices.push(t),
      llm: createAnthropicClient({ apiKey: 'test-key', baseURL: fake.url, timeoutMs: 5_000, maxRetries: 0 }),
      prompts: loadPrompts(),
      models: { fast: 'claude-haiku-4-5', smart: 'claude-sonnet-5' },
    };
    h.deps.agent = (input) => runAgentTurn(agent, input);
    return h;
  }
  const reminders = async (conv: string) =>
    (await db.pg.query<{ at: string }>(`select to_char(remind_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI') at from reminders where conversation_id = $1`, [conv])).rows.map((r) => r.at);

  it('a rejected draft is rewritten without running its tools again: one reminder, one job', async () => {
    const conv = await inbound(db, '5511911119101', ['me lembra amanha as 10h do plantao de sabado?']);
    drafts = ['Prezado doutor, te lembro amanhã às 10h. Atenciosamente', 'Pronto, amanhã às 10h te chamo'];
    const h = deps([]);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('replied');
    expect(h.sent.map((s) => s.text)).toEqual(['Pronto, amanhã às 10h te chamo']);
    expect(await reminders(conv)).toEqual(['2026-11-24T10:00']);
    expect(await queues.queues.outbound.getDelayedCount()).toBe(1);
    // The rewrite saw what the tool did and could not call it again.
    const rewrite = fake.calls().at(-1)!;
    expect(rewrite.tool_choice).toEqual({ type: 'none' });
    expect(hasToolResult(rewrite)).toBe(true);
    expect(JSON.stringify(rewrite.system)).toMatch(/linguagem corporativa/);
  });

  it('a hand-off after failed rewrites tells the person what was already done', async () => {
    const conv = await inbound(db, '5511911119102', ['me lembra amanha as 10h?']);
    drafts = ['Prezado doutor, agendado', 'Prezado doutor, está agendado', 'Prezado doutor, lembrete agendado'];
    const h = deps([]);
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('handoff');
    expect(h.sent).toEqual([]);
    expect(await reminders(conv)).toEqual(['2026-11-24T10:00']);
    expect(h.handoffs[0]!.actions).toEqual(['agendou um lembrete para 2026-11-24T10:00 (horário de São Paulo)']);
    expect(handoffNoticeText(h.handoffs[0]!)).toMatch(/Antes disso a Júlia já agendou um lembrete para 2026-11-24T10:00/);
    expect(fake.calls().filter((c) => c.tool_choice?.type !== 'none' && !hasToolResult(c))).toHaveLength(1);
  });
});
