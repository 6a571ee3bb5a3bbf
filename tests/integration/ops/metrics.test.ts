import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCostUsd } from '../../../src/metrics/index.js';
import { evolutionPayload } from '../../helpers/evolution-fixture.js';
import { waitFor } from '../../helpers/wait-for.js';
import { settle, startE2E, type E2E } from '../../e2e/e2e-harness.js';
import { parsePrometheus } from '../../helpers/prometheus-text.js';

const TOKEN = 'metrics-admin-token-0123456789';
const USAGE = { input_tokens: 1200, output_tokens: 40, cache_read_input_tokens: 300, cache_creation_input_tokens: 50 };


describe('/metrics after a scripted conversation', () => {
  let e: E2E;
  let model = '';
  const scrape = async () => {
    const res = await e.app.http.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(await res.text());
  };
  const get = (m: Map<string, number>, key: string) => m.get(key) ?? 0;

  beforeAll(async () => {
    e = await startE2E({
      env: { ADMIN_TOKEN: TOKEN },
      anthropic: (call) => {
        model = call.model;
        return { text: 'Oi! Aqui é a Júlia, tudo bem? Me conta o que vc procura', usage: USAGE };
      },
    });
  });
  afterAll(() => e?.close());

  it('answers 401 without the token, and with a wrong one', async () => {
    expect((await e.app.http.request('/metrics')).status).toBe(401);
    expect((await e.app.http.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789abc' } })).status).toBe(401);
  });

  it('moves every counter by what the conversation did', async () => {
    const before = await scrape();
    const phones = ['5511970001001', '5511970001002'];
    for (const [i, phone] of phones.entries()) {
      const res = await e.post(evolutionPayload('text-conversation', { id: `MET-${i}`, remoteJid: `${phone}@s.whatsapp.net` }));
      expect(res.status).toBe(200);
    }
    // One forged delivery: acknowledged with 401, and counted as such.
    expect((await e.post(evolutionPayload('text-conversation', { id: 'MET-X' }), { 'x-webhook-token': 'nope' })).status).toBe(401);
    await waitFor(() => e.evolution.sentTexts().length >= 2, { timeoutMs: 30_000, what: 'two replies' });
    // Then one proactive message to a doctor who opted out: the guardrail blocks it.
    const doctor = await e.db.rpc<{ id: string }>('doctor_get', { p_phone: phones[0] });
    await e.db.rpc('doctor_state_set_permission', { p_doctor_id: doctor.id, p_state: 'opted_out', p_reason: 'metrics test' });
    const [conv] = await e.db.query<{ id: string }>('select id from conversations where doctor_id = $1', [doctor.id]);
    await e.app.deps.outbound.enqueueOutbound({ method: 'FOLLOWUP', doctorId: doctor.id, conversationId: conv!.id, actor: 'julia' }, 'Oi, tudo bem?', { idempotencyKey: 'metrics-followup-1' });
    const after = (await waitFor(
      async () => {
        const m = await scrape();
        return get(m, 'julia_blocks_total{rule="R0_opted_out"}') - get(before, 'julia_blocks_total{rule="R0_opted_out"}') === 1 &&
          get(m, 'julia_turn_duration_seconds_count') - get(before, 'julia_turn_duration_seconds_count') === 2
          ? m
          : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the block and both turns in /metrics' },
    ))!;
    await settle(500);
    const delta = (key: string) => get(after, key) - get(before, key);

    expect(delta('julia_inbound_messages_total')).toBe(2);
    expect(delta('julia_turns_total{outcome="reply"}')).toBe(2);
    expect(delta('julia_turn_duration_seconds_bucket{le="+Inf"}')).toBe(2);
    expect(delta('julia_turn_stage_seconds_count{stage="agent"}')).toBe(2);
    expect(delta('julia_sends_total{method="REPLY",outcome="sent"}')).toBe(2);
    expect(delta('julia_sends_total{method="FOLLOWUP",outcome="blocked"}')).toBe(1);
    expect(delta(`julia_model_calls_total{model="${model}"}`)).toBe(2);
    expect(delta(`julia_model_tokens_total{model="${model}",kind="input"}`)).toBe(2 * USAGE.input_tokens);
    expect(delta(`julia_model_tokens_total{model="${model}",kind="output"}`)).toBe(2 * USAGE.output_tokens);
    expect(delta(`julia_model_tokens_total{model="${model}",kind="cache_read"}`)).toBe(2 * USAGE.cache_read_input_tokens);
    expect(delta(`julia_model_tokens_total{model="${model}",kind="cache_write"}`)).toBe(2 * USAGE.cache_creation_input_tokens);
    const cost = estimateCostUsd(model, { input: 1200, output: 40, cache_read: 300, cache_write: 50 })!;
    expect(cost).toBeGreaterThan(0);
    expect(delta(`julia_model_cost_usd_total{model="${model}"}`)).toBeCloseTo(2 * cost, 9);
    // At least one retrieval per turn, recorded through Redis (the worker's view reaches web).
    expect(delta('julia_retrieval_seconds_count{mode="hybrid"}')).toBeGreaterThanOrEqual(2);
    expect(delta('julia_retrieval_seconds_bucket{mode="hybrid",le="+Inf"}')).toBe(delta('julia_retrieval_seconds_count{mode="hybrid"}'));
    expect(delta('julia_webhook_acks_total{route="evolution",status="200"}')).toBe(2);
    expect(delta('julia_webhook_acks_total{route="evolution",status="401"}')).toBe(1);
    // `julia status` reads the same facts for today.
    const { loadStatus, CircuitStore } = await import('../../../src/metrics/index.js');
    const status = await loadStatus({ db: e.db, queueStats: async () => [], circuits: new CircuitStore(e.app.deps.redis, e.app.deps.redisPrefix) });
    expect(status.today).toMatchObject({ inbound: 2, sent: 2, blocked: 1, turns: 2, input_tokens: 2 * USAGE.input_tokens });
    // Queues are reported per queue, even when empty.
    for (const q of ['inbound', 'turn', 'outbound']) expect(after.has(`julia_queue_jobs{queue="${q}",state="waiting"}`)).toBe(true);
  }, 60_000);

  it('reports a circuit that opened, from another process\'s point of view (Redis)', async () => {
    const { CircuitBreaker } = await import('../../../src/integrations/evolution/index.js');
    const breaker = new CircuitBreaker({ threshold: 2 });
    breaker.failure('inst-metrics');
    breaker.failure('inst-metrics');
    const open = await waitFor(async () => (await scrape()).get('julia_circuit_open{circuit="evolution",key="inst-metrics"}') === 1, { what: 'circuit open' });
    expect(open).toBe(true);
    breaker.success('inst-metrics');
    await waitFor(async () => (await scrape()).get('julia_circuit_open{circuit="evolution",key="inst-metrics"}') === 0, { what: 'circuit closed' });
  });
});

describe('julia status', () => {
  it('prints the same picture for a person: queues, today, circuits, flags, errors', async () => {
    const { formatStatus } = await import('../../../src/metrics/index.js');
    const report = {
      since: '2026-01-05T03:00:00+00:00',
      today: { inbound: 3, turns: 2, sent: 2, blocked: 1, failed: 0, handoffs: 0, input_tokens: 2400, output_tokens: 80 },
      last_errors: [{ at: '2026-01-05T12:00:00Z', what: 'send REPLY', error: 'failed' }],
      flags: { safe_mode: { enabled: false } },
      queues: [{ queue: 'turn', waiting: 4, active: 1, delayed: 0, failed: 2, oldestWaitingSeconds: 90 }],
      circuits: [{ circuit: 'evolution', key: 'julia', open: true, at: Date.parse('2026-01-05T12:01:00Z') }],
    };
    const text = formatStatus(report, new Date('2026-01-05T12:02:00Z'));
    expect(text).toContain('turn         esperando 4, rodando 1, agendados 0, falhos 2, mais antigo há 2min');
    expect(text).toMatch(/mensagens recebidas\s+3/);
    expect(text).toMatch(/envios bloqueados\s+1/);
    expect(text).toContain('evolution:julia ABERTO desde 2026-01-05T12:01:00.000Z');
    expect(text).toContain('safe_mode        {"enabled":false}');
    expect(text).toContain('2026-01-05T12:00:00Z  send REPLY: failed');
  });
});
