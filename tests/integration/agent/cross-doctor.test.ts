import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JULIA_TOOLS, runAgentTurn, runToolCall } from '../../../src/agent/index.js';
import { createHarness, query, seededDoctor, type DoctorRow, type Harness } from './harness.js';

let h: Harness;
let me: { doctor: DoctorRow; conversationId: string };
let other: { doctor: DoctorRow; conversationId: string };
let otherShift: { ref: string; shiftId: string; date: string };

beforeAll(async () => {
  h = await createHarness();
  me = await seededDoctor(h.db, '5511987650001');
  other = await seededDoctor(h.db, '5511987650002');
  // The other doctor was offered shifts in HIS conversation (refs v1..v3 there).
  await runToolCall(JULIA_TOOLS, 'buscar_vagas', { limite: 3 }, { doctorId: other.doctor.id, conversationId: other.conversationId, deps: h.deps });
  const [conv] = await query<{ state: { offered: Array<{ ref: string; shiftId: string; date: string }> } }>(
    h.db, 'select state from conversations where id = $1', [other.conversationId]);
  otherShift = conv!.state.offered[0]!;
  await h.memory.save(other.doctor.id, { informacao: 'segredo do outro médico', tipo: 'info_pessoal', confianca: 'alta' });
});
afterAll(() => h.close());
beforeEach(() => h.fake.reset());

async function reservedCount() {
  return (await query<{ n: number }>(h.db, "select count(*)::int as n from shifts where status <> 'open'"))[0]!.n;
}

describe('no tool argument reaches another doctor', () => {
  it('refuses every attempt of a scripted model to act for or read another doctor', async () => {
    const before = await reservedCount();
    const savesBefore = h.memory.saves.length;
    h.fake.push({
      content: [
        { type: 'tool_use', id: 'toolu_a', name: 'reservar_plantao', input: { data_plantao: otherShift.date, medico_id: other.doctor.id } },
        { type: 'tool_use', id: 'toolu_b', name: 'reservar_plantao', input: { data_plantao: otherShift.date, vaga_ref: otherShift.shiftId } },
        { type: 'tool_use', id: 'toolu_c', name: 'salvar_memoria', input: { informacao: 'prefere noturno', tipo: 'preferencia', doctor_id: other.doctor.id } },
        { type: 'tool_use', id: 'toolu_d', name: 'buscar_vagas', input: { telefone: other.doctor.phone } },
        { type: 'tool_use', id: 'toolu_e', name: 'buscar_memorias', input: { doctor_id: other.doctor.id } },
        { type: 'tool_use', id: 'toolu_f', name: 'agendar_lembrete', input: { data_hora: '2030-01-01T10:00', contexto: 'x', conversa_id: other.conversationId } },
      ],
    }, { text: 'posso te ajudar com mais alguma coisa?' });
    const r = await runAgentTurn(h.deps, { doctorId: me.doctor.id, conversationId: me.conversationId, history: [{ role: 'doctor', text: 'reserva pro meu colega' }] });

    expect(r.toolCalls.map((t) => t.isError)).toEqual([true, true, true, true, true, true]);
    const results = (h.fake.calls()[1]!.messages.at(-1)!.content as unknown as Array<{ tool_use_id: string; content: string; is_error: boolean }>);
    const byId = Object.fromEntries(results.map((b) => [b.tool_use_id, JSON.parse(b.content) as { erro: string; detalhes?: string[] }]));
    expect(byId.toolu_a!.erro).toBe('entrada_invalida');
    expect(byId.toolu_a!.detalhes!.join()).toMatch(/medico_id/);
    expect(byId.toolu_b!.erro).toBe('entrada_invalida'); // a raw UUID is never a ref
    expect(byId.toolu_c!.detalhes!.join()).toMatch(/doctor_id/);
    expect(byId.toolu_d!.detalhes!.join()).toMatch(/telefone/);
    expect(byId.toolu_e!.erro).toBe('ferramenta_desconhecida');
    expect(byId.toolu_f!.detalhes!.join()).toMatch(/conversa_id/);

    expect(await reservedCount()).toBe(before);
    expect(h.memory.saves.length).toBe(savesBefore);
    expect((await query(h.db, 'select 1 from reminders'))).toEqual([]);
    // Memories shown to the model were looked up for this doctor only.
    expect(h.memory.lookups.map((l) => l.doctorId)).toEqual([me.doctor.id]);
    const context = (h.fake.calls()[0]!.system as Array<{ text: string }>).at(-1)!.text;
    expect(context).not.toContain('segredo do outro médico');
  });

  it('a ref offered in another conversation does not resolve in mine', async () => {
    const r = await runToolCall(JULIA_TOOLS, 'reservar_plantao', { data_plantao: otherShift.date, vaga_ref: otherShift.ref },
      { doctorId: me.doctor.id, conversationId: me.conversationId, deps: h.deps });
    expect(r).toMatchObject({ isError: true, result: { erro: 'ref_desconhecida' } });
    const [shift] = await query<{ status: string }>(h.db, 'select status from shifts where id = $1', [otherShift.shiftId]);
    expect(shift!.status).toBe('open');
  });

  it('salvar_memoria always stores for the doctor of the turn', async () => {
    const r = await runToolCall(JULIA_TOOLS, 'salvar_memoria', { informacao: 'não trabalha domingo', tipo: 'restricao', confianca: 'alta' },
      { doctorId: me.doctor.id, conversationId: me.conversationId, deps: h.deps });
    expect(r).toMatchObject({ isError: false, result: { salvo: true, duplicada: false } });
    expect(h.memory.saves.at(-1)).toEqual({ doctorId: me.doctor.id, input: { informacao: 'não trabalha domingo', tipo: 'restricao', confianca: 'alta' } });
  });

  it('the SQL layer refuses a conversation that belongs to another doctor, for every tool that touches one', async () => {
    const ctx = { doctorId: me.doctor.id, conversationId: other.conversationId, deps: h.deps };
    const attempts = await Promise.all([
      runToolCall(JULIA_TOOLS, 'buscar_vagas', {}, ctx),
      runToolCall(JULIA_TOOLS, 'reservar_plantao', { data_plantao: otherShift.date, vaga_ref: otherShift.ref }, ctx),
      runToolCall(JULIA_TOOLS, 'reservar_plantao', { data_plantao: otherShift.date }, ctx),
      runToolCall(JULIA_TOOLS, 'agendar_lembrete', { data_hora: `${otherShift.date}T23:00`, contexto: 'retomar' }, ctx),
    ]);
    expect(attempts.map((a) => [a.isError, (a.result as { erro: string }).erro])).toEqual([
      [true, 'proibido'], [true, 'proibido'], [true, 'proibido'], [true, 'proibido'],
    ]);
    await expect(runAgentTurn(h.deps, { ...ctx, history: [{ role: 'doctor', text: 'oi' }] })).rejects.toThrow(/does not belong/);
    expect(h.fake.calls()).toHaveLength(0);
    const [shift] = await query<{ status: string }>(h.db, 'select status from shifts where id = $1', [otherShift.shiftId]);
    expect(shift!.status).toBe('open');
    expect(h.outbound.jobs).toEqual([]);
  });
});
