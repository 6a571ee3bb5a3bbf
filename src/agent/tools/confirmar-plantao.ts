import { z } from 'zod';
import { shiftForModel, type DbShift } from '../format.js';
import { ToolError } from './tool-error.js';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  realizado: z.boolean().describe('true se o médico disse que fez o plantão; false se disse que não aconteceu'),
  data_plantao: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'use AAAA-MM-DD')
    .optional()
    .describe('Dia do plantão (AAAA-MM-DD, São Paulo), quando houver mais de um esperando confirmação'),
  observacao: z.string().max(500).optional().describe('O que ele contou: horário real, motivo de não ter ido, problema na unidade'),
});
export type ConfirmarPlantaoInput = z.infer<typeof input>;

/**
 * Spec 5.5: the doctor's answer to "como foi o plantão?". Sets the shift
 * completed or not completed and emits shift_completed / shift_not_completed,
 * once (the SQL keeps the first answer's event).
 */
export const confirmarPlantao: AgentTool<ConfirmarPlantaoInput> = {
  name: 'confirmar_plantao',
  description:
    'Registra a resposta do médico à pergunta depois do plantão reservado: se o plantão aconteceu (realizado) ou não. ' +
    'Use só quando ele responder sobre um plantão que já terminou.',
  input,
  async execute(args, { doctorId, conversationId, deps }) {
    const res = await deps.db.rpc<{ ok: boolean; error?: string; outcome?: string; shift?: DbShift }>('shift_confirmation_answer', {
      p_doctor_id: doctorId,
      p_conversation_id: conversationId,
      p_date: args.data_plantao ?? null,
      p_completed: args.realizado,
      p_note: args.observacao ?? null,
      p_now: deps.clock.now(),
    });
    if (!res.ok) {
      if (res.error === 'nenhum_plantao_pendente') throw new ToolError('nenhum_plantao_pendente', 'não há plantão dele esperando confirmação');
      throw new ToolError('proibido', 'esta conversa não pertence a este médico');
    }
    return { registrado: true, situacao: res.outcome === 'completed' ? 'realizado' : 'nao_realizado', plantao: shiftForModel(res.shift!) };
  },
};
