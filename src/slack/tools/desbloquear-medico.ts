import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { doctorLabel } from './doctor-name.js';

export const desbloquearMedico = defineTool({
  name: 'desbloquear_medico',
  description: 'Desbloqueia um médico (volta a opted_in). Use só quando o próprio médico pediu ou a gestão decidiu.',
  input: z.object({ medicoId: z.uuid() }),
  write: true,
  preview: async ({ medicoId }, ctx) => `Desbloquear ${await doctorLabel(ctx, medicoId)}.`,
  async run({ medicoId }, { deps, user }) {
    await deps.db.rpc('doctor_state_set_permission', { p_doctor_id: medicoId, p_state: 'opted_in', p_reason: 'gestao: desbloqueio', p_actor: `slack:${user}`, p_now: deps.clock.now() });
    return { mensagem: 'Médico desbloqueado.' };
  },
  // Setting the same state again changes nothing: safe to re-run after a failure.
  redrive: true,
});
