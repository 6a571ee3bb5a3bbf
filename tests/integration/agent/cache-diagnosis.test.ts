import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheDiagnosisChain, runAgentTurn, type AgentDeps, type AgentTurnResult } from '../../../src/agent/index.js';
import type { LlmClient } from '../../../src/integrations/anthropic/index.js';
import { createHarness, query, seededDoctor, type Harness } from './harness.js';

/**
 * Issue 14: "cost per conversation … with Anthropic's cache diagnostics so a
 * miss says why". The fake answers diagnostics the way the API does and
 * simulates the prompt cache, so these tests see what production would log.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ now: '2026-03-10T13:05:00Z', promptCache: true });
});
afterAll(() => h.close());

const turn = (deps: AgentDeps, doctorId: string, conversationId: string, text: string) =>
  runAgentTurn(deps, { doctorId, conversationId, history: [{ role: 'doctor', text }] });

const calls = (r: AgentTurnResult) => r.usage.calls;

describe('cache diagnostics', () => {
  it('chains each call to the previous one of the conversation; a healthy prefix is read and only the per-turn part diverges', async () => {
    const { doctor, conversationId } = await seededDoctor(h.db, '5511987650001');
    const deps: AgentDeps = { ...h.deps, cacheDiagnosis: new CacheDiagnosisChain() };
    h.fake.push({ toolUse: { name: 'buscar_vagas', input: { limite: 2 } } }, { text: 'achei duas' }, { text: 'combinado' });
    const first = await turn(deps, doctor.id, conversationId, 'tem vaga essa semana?');
    const second = await turn(deps, doctor.id, conversationId, 'gostei da primeira');

    const sent = h.fake.calls().slice(-3).map((c) => c.diagnostics as { previous_message_id: string | null });
    // First call opts in with nothing to compare; each later call names the response before it.
    expect(sent[0]).toEqual({ previous_message_id: null });
    expect(sent[1]!.previous_message_id).toBe(calls(first)[0]!.messageId);
    expect(sent[2]!.previous_message_id).toBe(calls(first)[1]!.messageId);

    // Within a turn the request only grows: no divergence. The next turn's
    // per-turn context changes, after the cached prefix.
    expect(calls(first)[1]!.cacheMiss).toBeUndefined();
    expect(calls(first)[1]!.cache_read_input_tokens).toBeGreaterThan(4_096);
    const next = calls(second)[0]!;
    expect(next.cache_read_input_tokens).toBeGreaterThan(4_096);
    expect(next.cacheMiss?.type).toBe('system_changed');
    expect(next.cacheMiss!.missedTokens!).toBeLessThan(next.cache_read_input_tokens);

    // Recorded per turn, with the reason.
    const [row] = await query<{ calls: Array<{ messageId?: string; cacheMiss?: { type: string } }> }>(
      h.db,
      'select calls from agent_turns where id = $1',
      [second.turnId],
    );
    expect(row!.calls[0]!.messageId).toBe(next.messageId);
    expect(row!.calls[0]!.cacheMiss?.type).toBe('system_changed');
  });

  it('a per-turn value leaked into the prefix shows as a miss whose divergence covers the whole prefix', async () => {
    const { doctor, conversationId } = await seededDoctor(h.db, '5511987650002');
    // The bug this guards against: a timestamp interpolated into the static system text.
    let n = 0;
    const leaky: LlmClient = {
      createMessage: (req) => h.deps.llm.createMessage({ ...req, system: req.system.map((b, i) => (i === 0 ? { ...b, text: `${b.text}\nAgora: ${++n}` } : b)) }),
    };
    const deps: AgentDeps = { ...h.deps, llm: leaky, cacheDiagnosis: new CacheDiagnosisChain() };
    h.fake.push({ text: 'oi!' }, { text: 'claro' });
    await turn(deps, doctor.id, conversationId, 'oi');
    const second = await turn(deps, doctor.id, conversationId, 'tem noturno?');
    const c = calls(second)[0]!;
    expect(c.cache_read_input_tokens).toBe(0);
    expect(c.cache_creation_input_tokens).toBeGreaterThan(4_096);
    expect(c.cacheMiss?.type).toBe('system_changed');
    // Everything from the first system block on fell after the divergence: the
    // whole prefix but the tools that come before it.
    const toolTokens = Math.ceil(JSON.stringify(h.fake.lastCall()!.tools).length / 4);
    expect(c.cacheMiss!.missedTokens!).toBeGreaterThan(c.cache_creation_input_tokens - toolTokens);
  });

  it('sends nothing extra when diagnostics are off', async () => {
    const { doctor, conversationId } = await seededDoctor(h.db, '5511987650001');
    h.fake.push({ text: 'oi!' });
    const r = await turn(h.deps, doctor.id, conversationId, 'oi');
    expect(h.fake.lastCall()).not.toHaveProperty('diagnostics');
    expect(calls(r)[0]!.cacheMiss).toBeUndefined();
    expect(h.fake.requestsTo('POST', '/v1/messages').at(-1)!.headers['anthropic-beta']).toBeUndefined();
  });
});
