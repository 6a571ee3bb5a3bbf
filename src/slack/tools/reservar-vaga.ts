import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { doctorLabel } from './doctor-name.js';

export const reservarVaga = defineTool({
  name: 'reservar_vaga',
  description: 'Reserva uma vaga aberta para um médico (ids de buscar_vagas e buscar_medico).',
  input: z.object({ vagaId: z.uuid(), medicoId: z.uuid() }),
  write: true,
  preview: async ({ vagaId, medicoId }, ctx) => `Reservar a vaga ${vagaId.slice(0, 8)} para ${await doctorLabel(ctx, medicoId)}.`,
  async run({ vagaId, medicoId }, { deps, user }) {
    const r = await deps.db.rpc<{ ok: boolean; reason?: string }>('admin_reserve_shift', { p_shift_id: vagaId, p_doctor_id: medicoId, p_actor: `slack:${user}`, p_now: deps.clock.now() });
    if (!r.ok) throw new Error('a vaga não está mais aberta');
    return { mensagem: 'Vaga reservada.', ...r };
  },
  // admin_reserve_shift answers ok for a shift already reserved for this doctor.
  redrive: true,
});
