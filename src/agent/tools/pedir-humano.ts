import { z } from 'zod';
import type { AgentTool } from './tool.js';

/** The tool's reasons, in the categories a manager reads, and the hand-off reasons the pipeline records. */
export const HANDOFF_REASONS = {
  pediu_pessoa: 'human_request',
  juridico: 'legal_threat',
  irritacao: 'strong_anger',
  pagamento: 'payment_dispute',
  reclamacao: 'complaint',
} as const;
export type PedirHumanoMotivo = keyof typeof HANDOFF_REASONS;

const input = z.strictObject({
  motivo: z
    .enum(Object.keys(HANDOFF_REASONS) as [PedirHumanoMotivo, ...PedirHumanoMotivo[]])
    .default('pediu_pessoa')
    .describe('pediu_pessoa: quer falar com alguém da equipe; juridico: fala em processo, advogado, denúncia; irritacao: muito bravo; pagamento: cobrança ou pagamento em disputa; reclamacao: reclamação séria da empresa'),
});
export type PedirHumanoInput = z.infer<typeof input>;

export const PEDIR_HUMANO = 'pedir_humano';

/**
 * A hand-off the rules let through. The tool changes nothing by itself: the
 * pipeline reads the call and takes the same path as the hand-off step (the
 * fixed hand-off line, then human control, the managers' notice and the
 * Chatwoot note once the line is queued), so a turn that dies before sending
 * leaves no conversation under human control with nobody told.
 */
export const pedirHumano: AgentTool<PedirHumanoInput> = {
  name: PEDIR_HUMANO,
  description:
    'Passa a conversa para uma pessoa da equipe quando o médico pede sinceramente para falar com alguém de verdade, ameaça processo, está muito irritado ou tem uma disputa de pagamento. ' +
    'Não use para uma dúvida que você mesma resolve, para pergunta se você é robô (responda com honestidade) nem para um pedido que a gestão decide (use consultar_gestor). ' +
    'O aviso ao médico sai sozinho: não escreva mais nada.',
  input,
  endsTurn: true,
  async execute(args) {
    return {
      transferencia_pedida: true,
      motivo: args.motivo,
      proximo_passo: 'Uma pessoa da equipe assume a conversa; o aviso ao médico sai automaticamente. Não escreva outra mensagem.',
    };
  },
};
