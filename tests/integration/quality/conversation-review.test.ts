import { describe, expect, it } from 'vitest';
import { inSample, reviewConversations, tierOf } from '../../../src/quality/index.js';
import type { AnthropicCall } from '../../fakes/index.js';
import { reviewFile, type Message } from './review-harness.js';

const file = reviewFile({ seed: true });

async function conversation(phone: string, chatwootId: number | null, msgs: Message[]): Promise<string> {
  const { rows } = await file.db.pg.query<{ id: string; doctor_id: string }>(
    `insert into conversations (doctor_id, chatwoot_conversation_id) select id, $2 from doctors where phone = $1 returning id, doctor_id`,
    [phone, chatwootId],
  );
  await file.addMessages(rows[0]!.id, rows[0]!.doctor_id, msgs);
  return rows[0]!.id;
}

describe('daily conversation review', () => {
  it('scores yesterday\'s conversations, sorts them into tiers, stores them once and posts a digest with Chatwoot links', async () => {
    const bad = await conversation('5511987650001', 4242, [
      ['inbound', 'tem vaga sábado?', '2026-05-10T14:00:00Z'],
      ['outbound', 'tenho sim, no Hospital Inventado por R$ 9.000', '2026-05-10T14:01:00Z'],
    ]);
    const good = await conversation('5511987650002', null, [
      ['inbound', 'me chama amanhã às 10h', '2026-05-10T20:00:00Z'],
      ['outbound', 'combinado, amanhã às 10h te chamo', '2026-05-10T20:01:00Z'],
    ]);
    const garbled = await conversation('5511987650003', null, [['inbound', 'oi', '2026-05-10T12:00:00Z']]);
    // Outside the window: not reviewed.
    await conversation('5511987650004', null, [['inbound', 'oi', '2026-05-09T12:00:00Z']]);

    file.fake.setHandler((call: AnthropicCall) => {
      const text = JSON.stringify(call.messages);
      if (text.includes('Hospital Inventado')) return { text: '{"naturalidade": 4, "correcao": 1, "guardrails": 3, "resultado": 2, "critico": true, "resumo": "inventou hospital e valor"}' };
      if (text.includes('amanhã às 10h')) return { text: '{"naturalidade": 5, "correcao": 5, "guardrails": 5, "resultado": 5, "critico": false, "resumo": "lembrete marcado como pedido"}' };
      return { text: 'não sei avaliar' };
    });
    const posts: string[] = [];
    const deps = file.deps(posts, { chatwoot: { url: 'https://chat.exemplo.com.br/', accountId: '7' } });
    const report = await reviewConversations(deps);
    expect(report.day).toBe('2026-05-10');
    expect(report.reviewed).toBe(3);
    expect(report.failed).toBe(1);
    const goodTier = inSample('2026-05-10', good, 0.05) ? 'sample' : 'ok';
    expect(report.tiers).toEqual({ critical: 1, attention: 1, sample: goodTier === 'sample' ? 1 : 0, ok: goodTier === 'ok' ? 1 : 0 });

    const { rows } = await file.db.pg.query<{ conversation_id: string; tier: string }>('select conversation_id, tier from conversation_reviews order by tier');
    expect(new Map(rows.map((r) => [r.conversation_id, r.tier]))).toEqual(new Map([[bad, 'critical'], [garbled, 'attention'], [good, goodTier]]));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('https://chat.exemplo.com.br/app/accounts/7/conversations/4242 — inventou hospital e valor');
    expect(posts[0]).toMatch(/Críticas \(revisão humana obrigatória\)/);
    // The rubric is the cached system prompt of every judge call.
    expect(file.fake.calls().every((c) => JSON.stringify(c.system).includes('Revisão diária'))).toBe(true);

    // Runs twice (a retried job): the first verdict stays, nothing is duplicated.
    await reviewConversations(deps);
    const again = await file.db.pg.query('select count(*)::int as n from conversation_reviews');
    expect(again.rows[0]).toEqual({ n: 3 });
  });

  it('tiers: a critical sign or a score of 2 is critical; a low mean is attention; the 5% sample is stable', () => {
    const v = { naturalidade: 5, correcao: 5, guardrails: 5, resultado: 5, critico: false, resumo: '' };
    expect(tierOf({ ...v, critico: true }, false)).toBe('critical');
    expect(tierOf({ ...v, guardrails: 2 }, false)).toBe('critical');
    expect(tierOf({ ...v, naturalidade: 3, correcao: 3, resultado: 3, guardrails: 4 }, false)).toBe('attention');
    expect(tierOf(v, true)).toBe('sample');
    expect(tierOf(null, false)).toBe('attention');
    const ids = Array.from({ length: 4000 }, (_, i) => `c-${i}`);
    const share = ids.filter((id) => inSample('2026-05-10', id, 0.05)).length / ids.length;
    expect(share).toBeGreaterThan(0.035);
    expect(share).toBeLessThan(0.065);
    expect(ids.map((id) => inSample('2026-05-10', id, 0.05))).toEqual(ids.map((id) => inSample('2026-05-10', id, 0.05)));
  });
});
