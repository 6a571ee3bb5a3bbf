import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheMinimum, conservativeTokens, runAgentTurn, splitAtBreakpoint } from '../../../src/agent/index.js';
import type { LlmSystemBlock, LlmTool } from '../../../src/integrations/anthropic/index.js';
import { createHarness, MODELS, seededDoctor, type Harness } from './harness.js';

/**
 * The cached prefix (tools + static system) must clear each routed model's
 * minimum, and must not carry anything that changes per turn: one leaked value
 * (the time, a name, a shift) makes every call a cache miss.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ now: '2026-03-10T13:05:00Z' });
});
afterAll(() => h.close());

interface Seen {
  model: string;
  prefix: string;
  after: string[];
  breakpoints: number;
}

function seen(): Seen[] {
  return h.fake.calls().map((c) => ({ model: c.model, ...splitAtBreakpoint((c.tools ?? []) as LlmTool[], c.system as LlmSystemBlock[]) }));
}

describe('cached prompt prefix', () => {
  it('clears the Haiku and Sonnet minimums, is identical across doctors and turns, and per-turn values come after the breakpoint', async () => {
    const camila = await seededDoctor(h.db, '5511987650001');
    const rafael = await seededDoctor(h.db, '5511987650002');
    await h.deps.memory.save(camila.doctor.id, { tipo: 'preferencia', informacao: 'Prefere plantão em Itaquera aos sábados', confianca: 'alta' });

    // Haiku turn for Camila with a tool round (offered shifts enter the context), a constraint and a directive.
    h.fake.push({ toolUse: { name: 'buscar_vagas', input: { limite: 2 } } }, { text: 'achei duas aqui' });
    const a = await runAgentTurn(h.deps, {
      doctorId: camila.doctor.id,
      conversationId: camila.conversationId,
      history: [{ role: 'doctor', text: 'tem vaga essa semana?' }],
      context: { policyConstraints: ['Não ofereça noturno: recusou três na última semana.'], managerDirectives: ['Priorize o Hospital Santa Clara nesta semana.'] },
    });
    expect(a.model).toBe(MODELS.fast);
    // Her next turn: the shifts just offered are in the context now, with their refs.
    h.fake.push({ text: 'qual das duas?' });
    await runAgentTurn(h.deps, {
      doctorId: camila.doctor.id,
      conversationId: camila.conversationId,
      history: [{ role: 'doctor', text: 'tem vaga essa semana?' }, { role: 'julia', text: 'achei duas aqui' }, { role: 'doctor', text: 'gostei' }],
    });
    // Sonnet turn for Rafael, later, two days later.
    h.clock.set('2026-03-12T22:47:00Z');
    h.fake.push({ text: 'entendo, vou levar pra equipe' });
    const b = await runAgentTurn(h.deps, {
      doctorId: rafael.doctor.id,
      conversationId: rafael.conversationId,
      history: [{ role: 'doctor', text: 'só faço por 2 mil, consegue?' }],
    });
    expect(b.model).toBe(MODELS.smart);

    const calls = seen();
    expect(calls.map((c) => c.model)).toEqual([MODELS.fast, MODELS.fast, MODELS.fast, MODELS.smart]);
    for (const c of calls) {
      expect(c.breakpoints).toBe(1);
      const estimate = conservativeTokens(c.prefix);
      expect(estimate, `${c.model}: ${estimate} tokens (lower bound) < ${cacheMinimum(c.model)}`).toBeGreaterThanOrEqual(cacheMinimum(c.model));
      // Exactly one uncached block: the per-turn context.
      expect(c.after).toHaveLength(1);
      expect(c.after[0]).toContain('# Contexto desta conversa');
    }
    expect(cacheMinimum(MODELS.fast)).toBe(4096);
    expect(cacheMinimum(MODELS.smart)).toBe(1024);
    // One prefix for every model, doctor, time and tool round.
    expect(new Set(calls.map((c) => c.prefix)).size).toBe(1);

    // Per-turn values: present after the breakpoint, absent from the prefix.
    const prefix = calls[0]!.prefix;
    const perTurn: Array<[number, string]> = [
      [0, 'Dra. Camila Rocha'],
      [0, '2026-03-10 10:05'],
      [0, 'Prefere plantão em Itaquera aos sábados'],
      [0, 'Não ofereça noturno'],
      [0, 'Priorize o Hospital Santa Clara nesta semana'],
      [2, 'v1: '],
      [3, 'Dr. Rafael Nogueira'],
      [3, '2026-03-12 19:47'],
    ];
    for (const [call, value] of perTurn) {
      expect(calls[call]!.after[0], value).toContain(value);
      expect(prefix.includes(value), `per-turn value in the cached prefix: ${value}`).toBe(false);
    }
    // No date, clock, UUID or shift ref of any kind in the prefix.
    expect(prefix).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
    expect(prefix).not.toContain('Agora em São Paulo');
    expect(prefix).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/i);
    expect(prefix).not.toMatch(/\bv\d+:/);
  });
});
