import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTurnPolicy, type PolicyFacts } from '../../../src/policy/index.js';
import { runTurn } from '../../../src/pipeline/index.js';
import { createTestDb, type TestDb } from '../../helpers/test-db.js';
import { agentReply, harness, inbound } from './pipeline-harness.js';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb({ seed: true });
});
afterAll(() => db.close());

async function recordedTurn(doctorPhone: string, conversationId: string): Promise<string> {
  const { rows } = await db.pg.query<{ id: string }>('select id from doctors where phone = $1', [doctorPhone]);
  const r = await db.rpc<{ id: string }>('agent_record_turn', {
    p_turn: { doctorId: rows[0]!.id, conversationId, model: 'claude-sonnet-5', modelReason: 'policy:negotiation', outcome: 'reply', rounds: 1, calls: [], toolCalls: [], latencyMs: 5 },
  });
  return r.id;
}

describe('policy step', () => {
  it('puts preferences, directives and the smart-model choice into the agent input and records them per turn', async () => {
    await db.pg.query(`insert into manager_directives (kind, text, created_by, valid_from, valid_until) values
      ('prioridade', 'Priorize o Hospital Santa Clara nesta semana.', 'slack:UTEST', now() - interval '1 day', now() + interval '6 days'),
      ('outro', 'Diretriz vencida que não deve aparecer.', 'slack:UTEST', now() - interval '10 days', now() - interval '1 day')`);
    const conv = await inbound(db, '5511987650001', ['só faço por 2 mil esse plantão']);
    const turnId = await recordedTurn('5511987650001', conv);
    const h = harness(db, [agentReply('entendo, vou levar pra equipe', { turnId })]);
    // The harness clock is fixed in 2026; the directive window is relative to the database's now().
    h.deps.clock = { now: () => new Date() };
    const out = await runTurn(conv, h.deps);
    expect(out.status).toBe('replied');
    const ctx = h.agentCalls[0]!.context!;
    expect(ctx.preferSmart).toBe('negotiation');
    // The same line agent_steering gives the prompt, so the agent shows it once.
    expect(ctx.managerDirectives).toEqual(['prioridade: Priorize o Hospital Santa Clara nesta semana.']);
    // Camila's seeded preferences: nights, east side and ABC, at least R$ 1,500.
    expect(ctx.policyConstraints).toEqual(expect.arrayContaining(['Prefere plantão noturno: ofereça esse turno primeiro.', 'Não ofereça vaga abaixo de R$ 1500.']));
    const { rows } = await db.pg.query<{ policy: { preferSmart: string; directives: string[] } }>('select policy from turn_policies where turn_id = $1', [turnId]);
    expect(rows[0]!.policy.preferSmart).toBe('negotiation');
    expect(rows[0]!.policy.directives).toHaveLength(1);
  });

  it('does nothing with the policy_engine flag off', async () => {
    await db.pg.query(`update feature_flags set value = '{"enabled": false}'::jsonb where key = 'policy_engine'`);
    try {
      const conv = await inbound(db, '5511987650002', ['só faço por 2 mil']);
      const h = harness(db, [agentReply('entendo')]);
      h.deps.clock = { now: () => new Date() };
      await runTurn(conv, h.deps);
      const ctx = h.agentCalls[0]!.context!;
      expect(ctx.preferSmart).toBeUndefined();
      expect(ctx.policyConstraints).toBeUndefined();
    } finally {
      await db.pg.query(`update feature_flags set value = '{"enabled": true}'::jsonb where key = 'policy_engine'`);
    }
  });
});

describe('deriveTurnPolicy', () => {
  const facts: PolicyFacts = { enabled: true, permissionState: 'opted_in', coolingOffUntil: null, contactCount7d: 0, preferences: {}, reservations30d: 0, directives: [] };
  const now = new Date('2026-05-10T15:00:00Z');
  const at = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('pauses offers after two refusals in the last week, not after older ones', () => {
    const recent = deriveTurnPolicy(facts, [{ role: 'doctor', text: 'não posso, obrigado', at: at(1) }, { role: 'doctor', text: 'nenhuma serve pra mim', at: at(2) }], now);
    expect(recent.constraints.join(' ')).toMatch(/recusou 2 vezes/);
    const old = deriveTurnPolicy(facts, [{ role: 'doctor', text: 'não posso', at: at(20) }, { role: 'doctor', text: 'não quero', at: at(30) }], now);
    expect(old.constraints.join(' ')).not.toMatch(/recusou/);
  });

  it('respects cooling-off and asks for the stronger model on complaints and long context', () => {
    const p = deriveTurnPolicy({ ...facts, permissionState: 'cooling_off' }, [{ role: 'doctor', text: 'meu pagamento não caiu, absurdo' }], now);
    expect(p.signals).toContain('cooling_off');
    expect(p.preferSmart).toBe('complaint');
    const long = deriveTurnPolicy(facts, [{ role: 'doctor', text: 'x'.repeat(7_000) }], now);
    expect(long.preferSmart).toBe('long_context');
    expect(deriveTurnPolicy(facts, [{ role: 'doctor', text: 'tem vaga sábado?' }], now).preferSmart).toBeUndefined();
  });
});
