import { z } from 'zod';
import { recordOptOut } from '../../policy/index.js';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  trecho: z
    .string()
    .trim()
    .min(2)
    .max(300)
    .describe('As palavras do médico em que ele pede para não ser mais contatado, copiadas da mensagem dele'),
});
export type RegistrarOptOutInput = z.infer<typeof input>;

/** Results of this tool as the pipeline reads them (agent/tool-decisions.ts). */
export const REGISTRAR_OPT_OUT = 'registrar_opt_out';

/**
 * A sincere request to stop that the rules let through. It is recorded at once,
 * through the same path as the opt-out step (recordOptOut: one event, however
 * many times or by how many readers), so the wrapper blocks proactive sends from
 * the commit on. The doctor then gets the same fixed confirmation as from the
 * opt-out step, chosen by the pipeline: whatever the model writes after the
 * call is not sent.
 */
export const registrarOptOut: AgentTool<RegistrarOptOutInput> = {
  name: REGISTRAR_OPT_OUT,
  description:
    'Registra que o médico pediu, de verdade, para não receber mais mensagens (sair da lista, parar de mandar vagas, não ser mais procurado). ' +
    'Depois disso nenhuma campanha ou mensagem automática vai para ele. Não use para um não a uma vaga, a um dia ou a um horário, ' +
    'para brincadeira, para reclamação de horário da mensagem nem para "agora não dá". A confirmação ao médico sai sozinha: não escreva mais nada.',
  input,
  endsTurn: true,
  async execute(_args, { doctorId, deps }) {
    // The doctor comes from the turn: the model cannot opt out anyone else.
    const res = await recordOptOut(deps.db, doctorId, 'agent', deps.clock.now());
    return {
      registrado: true,
      ja_estava_registrado: !res.changed,
      proximo_passo: 'A confirmação curta vai ao médico automaticamente. Não escreva outra mensagem, não pergunte o motivo, não tente convencer.',
    };
  },
};
