import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { doctorLabel } from './doctor-name.js';

/** A manager sets a doctor's registration: Júlia reserves only for `aprovado` (REGISTRATION_REQUIRED). */
export const definirCadastro = defineTool({
  name: 'definir_cadastro',
  description: 'Define a situação do cadastro de um médico: pendente, aprovado ou bloqueado (id de buscar_medico). Só médicos aprovados podem ter plantão reservado.',
  input: z.object({ medicoId: z.uuid(), situacao: z.enum(['pendente', 'aprovado', 'bloqueado']) }),
  write: true,
  preview: async ({ medicoId, situacao }, ctx) => `Marcar o cadastro de ${await doctorLabel(ctx, medicoId)} como ${situacao}.`,
  async run({ medicoId, situacao }, { deps, user }) {
    const r = await deps.db.rpc<{ ok: boolean; from?: string; changed?: boolean }>('doctor_registration_set', {
      p_doctor_id: medicoId, p_status: situacao, p_actor: `slack:${user}`, p_now: deps.clock.now(),
    });
    if (!r.ok) throw new Error('médico não encontrado');
    return { mensagem: r.changed ? `Cadastro: ${r.from} → ${situacao}.` : `O cadastro já estava ${situacao}.` };
  },
  // Setting the same status again changes nothing.
  redrive: true,
});
