import { z } from 'zod';
import { defineTool, type AdminContext } from '../admin-tool.js';
import { doctorLabel } from './doctor-name.js';

interface Shift {
  hospital: string;
  date: string;
  period: string | null;
  durationHours: number | null;
  valueCents: number | null;
  specialty: string | null;
}

/** The shift in words (hospital, day, period, value), so the manager confirms a shift, not an id. */
async function shiftLabel(ctx: AdminContext, shiftId: string): Promise<string> {
  const s = await ctx.deps.db.rpc<Shift | null>('agent_shift_json', { p_shift_id: shiftId });
  if (!s) throw new Error('vaga não encontrada; use buscar_vagas para achar o id');
  const value = s.valueCents != null ? `R$ ${(s.valueCents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}` : 'valor a combinar';
  return `${s.hospital}, ${s.date.split('-').reverse().join('/')}${s.period ? ` (${s.period})` : ''}${s.durationHours ? `, ${s.durationHours}h` : ''}${s.specialty ? `, ${s.specialty}` : ''}, ${value}`;
}

/** With REGISTRATION_REQUIRED, a doctor whose registration is not approved cannot get a shift, from Slack either. */
async function requireApproved(ctx: AdminContext, medicoId: string): Promise<void> {
  if (!ctx.deps.registrationRequired) return;
  const gate = await ctx.deps.db.rpc<{ ok: boolean; status: string | null }>('doctor_registration_gate', { p_doctor_id: medicoId, p_required: true });
  if (!gate.ok) {
    throw new Error(`o cadastro deste médico está ${gate.status ?? 'desconhecido'}: aprove o cadastro (definir_cadastro) antes de reservar`);
  }
}

export const reservarVaga = defineTool({
  name: 'reservar_vaga',
  description: 'Reserva uma vaga aberta para um médico (ids de buscar_vagas e buscar_medico).',
  input: z.object({ vagaId: z.uuid(), medicoId: z.uuid() }),
  write: true,
  preview: async ({ vagaId, medicoId }, ctx) => {
    await requireApproved(ctx, medicoId);
    return `Reservar a vaga ${await shiftLabel(ctx, vagaId)} para ${await doctorLabel(ctx, medicoId)}.`;
  },
  async run({ vagaId, medicoId }, ctx) {
    const { deps, user } = ctx;
    await requireApproved(ctx, medicoId);
    const r = await deps.db.rpc<{ ok: boolean; reason?: string }>('admin_reserve_shift', { p_shift_id: vagaId, p_doctor_id: medicoId, p_actor: `slack:${user}`, p_now: deps.clock.now() });
    if (!r.ok) throw new Error('a vaga não está mais aberta');
    return { mensagem: 'Vaga reservada.', ...r };
  },
  // admin_reserve_shift answers ok for a shift already reserved for this doctor.
  redrive: true,
});
