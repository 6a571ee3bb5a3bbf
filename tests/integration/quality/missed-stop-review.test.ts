import { describe, expect, it } from 'vitest';
import { recordOptOut } from '../../../src/policy/index.js';
import { missedStop, reviewConversations } from '../../../src/quality/index.js';
import type { AnthropicCall } from '../../fakes/index.js';
import { reviewFile, type Message } from './review-harness.js';

const file = reviewFile();

async function conversation(phone: string, msgs: Message[]): Promise<{ conversationId: string; doctorId: string }> {
  const { rows } = await file.db.pg.query<{ id: string; doctor_id: string }>(
    `with d as (insert into doctors (phone, name) values ($1, 'Dr. Revisado') returning id)
     insert into conversations (doctor_id) select id from d returning id, doctor_id`,
    [phone],
  );
  const { id, doctor_id } = rows[0]!;
  await file.addMessages(id, doctor_id, msgs);
  return { conversationId: id, doctorId: doctor_id };
}

const verdict = (stop: boolean, trecho = '') =>
  JSON.stringify({ naturalidade: 4, correcao: 4, guardrails: stop ? 1 : 5, resultado: 3, critico: stop, resumo: stop ? 'insistiu depois de um pedido para parar' : 'ok', pediu_para_parar: stop, trecho_parada: trecho });

const events = async (doctorId: string) =>
  (await file.db.pg.query<{ actor: string; to: string }>(`select props->>'actor' as actor, props->>'to' as "to" from business_events where doctor_id = $1 and event_type = 'permission_changed' order by id`, [doctorId])).rows;
const state = async (doctorId: string) => (await file.db.pg.query<{ p: string }>(`select permission_state p from doctor_state where doctor_id = $1`, [doctorId])).rows[0]?.p ?? 'opted_in';

describe('the daily review and stops the rules missed', () => {
  it('records a missed stop once through the opt-out path, leaves a changed permission to a person, and believes no quote the doctor never wrote', async () => {
    const missed = await conversation('5511987660001', [
      ['outbound', 'Oi! Tenho plantão de clínica no sábado, topa?', '2026-05-10T13:00:00Z'],
      ['inbound', 'nao precisa mais me mandar as vagas nao, pode tirar meu nome ai', '2026-05-10T13:05:00Z'],
      ['outbound', 'Poxa! Mas esse de sábado paga bem, quer ver?', '2026-05-10T13:06:00Z'],
    ]);
    const invented = await conversation('5511987660002', [
      ['outbound', 'Oi! Tenho plantão no domingo, topa?', '2026-05-10T14:00:00Z'],
      ['inbound', 'domingo não rola, tenho aniversário', '2026-05-10T14:02:00Z'],
    ]);
    const recorded = await conversation('5511987660003', [
      ['inbound', 'para de me mandar mensagem', '2026-05-10T15:00:00Z'],
      ['outbound', 'Tudo certo, não vou mais te mandar mensagem.', '2026-05-10T15:01:00Z'],
    ]);
    await recordOptOut(file.db, recorded.doctorId, 'rules', new Date('2026-05-10T15:00:30Z'));
    const reactivated = await conversation('5511987660004', [
      ['inbound', 'me tira dessa lista de vcs', '2026-05-10T16:00:00Z'],
      ['inbound', 'oi, voltei, pode mandar vaga de novo', '2026-05-10T18:00:00Z'],
    ]);
    // His stop was recorded, then a manager opted him back in: a person decided, the review must not undo it.
    await recordOptOut(file.db, reactivated.doctorId, 'rules', new Date('2026-05-10T16:00:30Z'));
    await file.db.rpc('doctor_state_set_permission', { p_doctor_id: reactivated.doctorId, p_state: 'opted_in', p_reason: 'gestao: voltou', p_actor: 'slack:U1', p_now: '2026-05-10T18:30:00Z' });

    file.fake.setHandler((call: AnthropicCall) => {
      const text = JSON.stringify(call.messages);
      if (text.includes('pode tirar meu nome ai')) return { text: verdict(true, 'nao precisa mais me mandar as vagas nao, pode tirar meu nome ai') };
      // The judge claims a stop with words the doctor never wrote.
      if (text.includes('domingo não rola')) return { text: verdict(true, 'não quero mais nada de vocês') };
      if (text.includes('para de me mandar mensagem')) return { text: verdict(true, 'para de me mandar mensagem') };
      if (text.includes('me tira dessa lista')) return { text: verdict(true, 'me tira dessa lista de vcs') };
      return { text: verdict(false) };
    });
    const posts: string[] = [];
    const deps = file.deps(posts);
    const report = await reviewConversations(deps);
    expect(report.reviewed).toBe(4);
    expect(report.missedStops).toEqual({ recorded: 1, flagged: 1 });

    // Missed: recorded once by the review, through the same path as the opt-out step.
    expect(await state(missed.doctorId)).toBe('opted_out');
    expect(await events(missed.doctorId)).toEqual([{ actor: 'revisao_diaria', to: 'opted_out' }]);
    // The next campaign's audience leaves him out.
    const audience = (await file.db.pg.query<{ doctor_id: string }>(`select doctor_id from campaign_audience('{"recent_days": 0}'::jsonb, now(), null, 100)`)).rows.map((r) => r.doctor_id);
    expect(audience).not.toContain(missed.doctorId);
    expect(audience).toContain(invented.doctorId);
    // A quote the doctor never wrote changes nothing.
    expect(await state(invented.doctorId)).toBe('opted_in');
    expect(await events(invented.doctorId)).toEqual([]);
    // Already recorded by the rules: not missed, not recorded again.
    expect(await events(recorded.doctorId)).toEqual([{ actor: 'julia', to: 'opted_out' }]);
    // Opted back in by a manager after the stop: flagged for a person, not recorded.
    expect(await state(reactivated.doctorId)).toBe('opted_in');
    expect(await events(reactivated.doctorId)).toEqual([{ actor: 'julia', to: 'opted_out' }, { actor: 'slack:U1', to: 'opted_in' }]);

    expect(posts).toHaveLength(1);
    const section = posts[0]!.split('*Pedidos para parar que passaram*')[1]!;
    expect(section).toContain(`conversa ${missed.conversationId} — registrado agora como opt-out`);
    expect(section).toContain(`conversa ${reactivated.conversationId} — não registrado`);
    expect(section).not.toContain(invented.conversationId);
    expect(section).not.toContain(recorded.conversationId);
    // No doctor text in the managers' channel.
    expect(posts[0]).not.toContain('tirar meu nome');

    // A retried job: nothing recorded twice.
    const again = await reviewConversations(deps);
    expect(again.missedStops).toEqual({ recorded: 0, flagged: 1 });
    expect(await events(missed.doctorId)).toHaveLength(1);
  });

  it('missedStop: a stop needs the judge, the doctor\'s own words, and a doctor not opted out', () => {
    const c = { permissionState: 'opted_in', permissionChangedAt: null, messages: [
      { direction: 'outbound' as const, text: 'me tira da lista, ok?', at: '2026-05-10T10:00:00Z' },
      { direction: 'inbound' as const, text: 'Não   quero MAIS receber nada', at: '2026-05-10T10:01:00Z' },
    ] };
    expect(missedStop(c, { pediu_para_parar: true, trecho_parada: 'nao quero mais receber' })).toEqual({ action: 'record', at: '2026-05-10T10:01:00Z' });
    // Júlia's words are not the doctor's.
    expect(missedStop(c, { pediu_para_parar: true, trecho_parada: 'me tira da lista' })).toBeNull();
    expect(missedStop(c, { pediu_para_parar: false, trecho_parada: 'nao quero mais receber' })).toBeNull();
    expect(missedStop({ ...c, permissionState: 'opted_out' }, { pediu_para_parar: true, trecho_parada: 'nao quero mais receber' })).toBeNull();
    expect(missedStop({ ...c, permissionChangedAt: '2026-05-10T10:05:00Z' }, { pediu_para_parar: true, trecho_parada: 'nao quero mais receber' })?.action).toBe('flag');
    expect(missedStop({ ...c, permissionChangedAt: '2026-05-09T10:05:00Z' }, { pediu_para_parar: true, trecho_parada: 'nao quero mais receber' })?.action).toBe('record');
  });
});
