import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { doctorLabel } from './doctor-name.js';

export const bloquearMedico = defineTool({
  name: 'bloquear_medico',
  description: 'Bloqueia um médico: a Júlia não o procura mais (vira opt-out com o motivo informado).',
  input: z.object({ medicoId: z.uuid(), motivo: z.string().min(3).max(300) }),
  write: true,
  preview: async ({ medicoId, motivo }, ctx) => `Bloquear ${await doctorLabel(ctx, medicoId)}. Motivo: ${motivo}.`,
  async run({ medicoId, motivo }, { deps, user }) {
    await deps.db.rpc('doctor_state_set_permission', { p_doctor_id: medicoId, p_state: 'opted_out', p_reason: `gestao: ${motivo}`, p_actor: `slack:${user}`, p_now: deps.clock.now() });
    return { mensagem: 'Médico bloqueado.' };
  },
  // Setting the same state again changes nothing: safe to re-run after a failure.
  redrive: true,
});
