import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JULIA_TOOLS, runToolCall } from '../../../src/agent/index.js';
import { definirCadastro } from '../../../src/slack/tools/definir-cadastro.js';
import { reservarVaga } from '../../../src/slack/tools/reservar-vaga.js';
import type { AdminContext } from '../../../src/slack/admin-tool.js';
import { createHarness, query, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A doctor the way an import or a stranger's first message leaves him, with v1 offered in his conversation. */
async function doctorWithOffer(phone: string, status?: string) {
  const d = await h.db.rpc<{ id: string; registration_status: string }>('doctor_upsert', { p_phone: phone, p_name: 'Dr. Cadastro' });
  if (status) await h.db.rpc('doctor_registration_set', { p_doctor_id: d.id, p_status: status, p_actor: 'teste' });
  const c = await h.db.rpc<{ id: string }>('agent_conversation_open', { p_doctor_id: d.id });
  const deps = { ...h.deps, registrationRequired: true };
  const ctx = { doctorId: d.id, conversationId: c.id, deps };
  const search = await runToolCall(JULIA_TOOLS, 'buscar_vagas', { limite: 1 }, ctx);
  expect(search.isError).toBe(false);
  const [conv] = await query<{ state: { offered: Array<{ ref: string; date: string; shiftId: string }> } }>(h.db, 'select state from conversations where id = $1', [c.id]);
  return { d, ctx, offer: conv!.state.offered[0]! };
}

describe('registration gates reservation', () => {
  it('a new doctor is pendente; Júlia does not reserve, says what is missing and hands the request to the managers once', async () => {
    const { d, ctx, offer } = await doctorWithOffer('5511976500001');
    expect(d.registration_status).toBe('pendente');
    h.notifications.length = 0;
    const args = { data_plantao: offer.date, vaga_ref: offer.ref, confirmacao: 'pode reservar' };
    const r = await runToolCall(JULIA_TOOLS, 'reservar_plantao', args, ctx);
    expect(r.isError).toBe(false);
    expect(r.result).toMatchObject({ reservado: false, motivo: 'cadastro_pendente', encaminhado_para_equipe: true });
    expect(JSON.stringify(r.result)).toContain('documentos');
    const [shift] = await query<{ status: string }>(h.db, 'select status from shifts where id = $1', [offer.shiftId]);
    expect(shift!.status).toBe('open');
    expect(h.notifications).toHaveLength(1);
    expect(h.notifications[0]).toContain('aguardando cadastro (pendente)');
    // Asked again the same day: still no reservation, no second task for the managers.
    await runToolCall(JULIA_TOOLS, 'reservar_plantao', args, ctx);
    expect(h.notifications).toHaveLength(1);
    const events = await query(h.db, "select 1 from business_events where event_type = 'reservation_pending_registration' and doctor_id = $1", [d.id]);
    expect(events).toHaveLength(1);
  });

  it('a blocked doctor is refused the same way; an approved one reserves', async () => {
    const blocked = await doctorWithOffer('5511976500002', 'bloqueado');
    const r = await runToolCall(JULIA_TOOLS, 'reservar_plantao', { data_plantao: blocked.offer.date, vaga_ref: blocked.offer.ref }, blocked.ctx);
    expect(r.result).toMatchObject({ reservado: false, motivo: 'cadastro_bloqueado' });
    const ok = await doctorWithOffer('5511976500003', 'aprovado');
    const r2 = await runToolCall(JULIA_TOOLS, 'reservar_plantao', { data_plantao: ok.offer.date, vaga_ref: ok.offer.ref }, ok.ctx);
    expect(r2.result).toMatchObject({ reservado: true });
  });

  it('REGISTRATION_REQUIRED=off lets a pendente doctor reserve', async () => {
    const { ctx, offer } = await doctorWithOffer('5511976500004');
    const r = await runToolCall(JULIA_TOOLS, 'reservar_plantao', { data_plantao: offer.date, vaga_ref: offer.ref }, { ...ctx, deps: { ...ctx.deps, registrationRequired: false } });
    expect(r.result).toMatchObject({ reservado: true });
  });

  it('doctors present before the migration and the demo seed are approved', async () => {
    const rows = await query<{ registration_status: string }>(h.db, "select registration_status from doctors where phone like '55119876500%'");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.registration_status === 'aprovado')).toBe(true);
  });

  it('Slack: reservar_vaga refuses a pendente doctor in the preview and on confirm; definir_cadastro approves him (audited) and then it reserves', async () => {
    const { d, offer } = await doctorWithOffer('5511976500005');
    const ctx = { deps: { db: h.db, clock: h.clock, logger: h.deps.logger, registrationRequired: true }, user: 'UMANAGER1', channel: 'C1' } as unknown as AdminContext;
    const input = { vagaId: offer.shiftId, medicoId: d.id };
    await expect(reservarVaga.preview!(input, ctx)).rejects.toThrow(/cadastro deste médico está pendente/);
    await expect(reservarVaga.run(input, ctx)).rejects.toThrow(/definir_cadastro/);
    expect(await definirCadastro.preview!({ medicoId: d.id, situacao: 'aprovado' }, ctx)).toContain('como aprovado');
    expect(await definirCadastro.run({ medicoId: d.id, situacao: 'aprovado' }, ctx)).toMatchObject({ mensagem: 'Cadastro: pendente → aprovado.' });
    const ev = await query<{ props: { actor: string } }>(h.db, "select props from business_events where event_type = 'registration_changed' and doctor_id = $1", [d.id]);
    expect(ev.map((e) => e.props.actor)).toEqual(['slack:UMANAGER1']);
    await reservarVaga.run(input, ctx);
    const [shift] = await query<{ reserved_by: string }>(h.db, 'select reserved_by from shifts where id = $1', [offer.shiftId]);
    expect(shift!.reserved_by).toBe(d.id);
  });
});
