import { z } from 'zod';
import { errorMessage } from '../../shared/index.js';
import { ToolError } from './tool-error.js';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  pergunta: z
    .string()
    .trim()
    .min(5)
    .max(600)
    .describe('O que a gestão precisa decidir, em uma ou duas frases claras (ex.: "Dr. pede R$ 2.000 no plantão v2 em vez de R$ 1.800; aprovamos?")'),
  ref_vaga: z.string().regex(/^v\d{1,4}$/).optional().describe('A ref da vaga envolvida (v1, v2...), quando houver'),
});
export type ConsultarGestorInput = z.infer<typeof input>;

/**
 * Asks the managers (Slack) about something outside Júlia's authority. The
 * answer comes back to the doctor later, by itself: she only tells him she is
 * checking. One open question per conversation: asking again returns the first.
 */
export const consultarGestor: AgentTool<ConsultarGestorInput> = {
  name: 'consultar_gestor',
  description:
    'Leva à gestão um pedido que foge da sua alçada (valor acima do oferecido, troca de plantão, exceção). ' +
    'A resposta chega ao médico depois, automaticamente; use só quando precisar mesmo de uma decisão da gestão.',
  input,
  async execute(args, { doctorId, conversationId, deps }) {
    if (!deps.askManager) throw new ToolError('gestao_indisponivel', 'não há como consultar a gestão agora; não prometa resposta, ofereça passar para a equipe');
    let res: Awaited<ReturnType<NonNullable<typeof deps.askManager>>>;
    try {
      res = await deps.askManager({ doctorId, conversationId, question: args.pergunta, ...(args.ref_vaga ? { shiftRef: args.ref_vaga } : {}) });
    } catch (err) {
      // Fail-closed: the model must not tell the doctor it asked when nobody will hear.
      deps.logger.error({ err: errorMessage(err) }, 'consultar_gestor failed');
      throw new ToolError('falha_ao_consultar', 'não consegui levar a pergunta à gestão; não prometa resposta');
    }
    if (res.status === 'forbidden') throw new ToolError('proibido', 'esta conversa não pertence a este médico');
    return {
      enviada: true,
      ja_havia_pergunta_aberta: res.status === 'already_pending',
      proximo_passo: 'Diga ao médico, com as suas palavras, que vai confirmar com a gestão e já volta. Não prometa o resultado. A resposta chega a ele sozinha.',
    };
  },
};
