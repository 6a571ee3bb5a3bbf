import { z } from 'zod';
import { formatBRL } from '../format.js';
import { marginRefusal, toCents, type Margin } from './margin.js';
import { ToolError } from './tool-error.js';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  vaga_ref: z.string().regex(/^v\d{1,3}$/, 'use a ref da vaga oferecida nesta conversa (v1, v2...)').describe('Ref da vaga oferecida nesta conversa'),
  valor: z.number().positive().max(100_000).describe('Valor que você quer oferecer ao médico, em reais'),
});
export type ProporValorInput = z.infer<typeof input>;

/**
 * Negotiation: before stating a value other than the shift's own, Júlia asks
 * whether she may. The answer comes from the managers' directives on that shift
 * (its hospital, specialty, the doctor, the shift itself); above the margin the
 * tool refuses, so she never promises what a reservation would not honour.
 */
export const proporValor: AgentTool<ProporValorInput> = {
  name: 'propor_valor',
  description:
    'Verifica se você pode oferecer ao médico um valor diferente do valor da vaga (negociação). ' +
    'Chame ANTES de mencionar qualquer valor acima do anunciado; acima do máximo autorizado pela gestão a resposta é uma recusa.',
  input,
  async execute(args, { doctorId, conversationId, deps }) {
    const res = await deps.db.rpc<{ ok: boolean; error?: string; byRef?: { shiftId: string } }>('agent_resolve_shift', {
      p_doctor_id: doctorId,
      p_conversation_id: conversationId,
      p_date: '0000-00-00',
      p_ref: args.vaga_ref,
      p_now: deps.clock.now(),
    });
    if (!res.ok && res.error === 'unknown_ref') throw new ToolError('ref_desconhecida', `a ref ${args.vaga_ref} não foi oferecida nesta conversa; busque as vagas de novo`);
    if (!res.ok || !res.byRef) throw new ToolError('proibido', 'esta conversa não pertence a este médico');
    const margin = await deps.db.rpc<Margin | null>('directive_margin', { p_doctor_id: doctorId, p_shift_id: res.byRef.shiftId, p_now: deps.clock.now(), p_lock: false });
    if (!margin) throw new ToolError('vaga_inexistente', 'essa vaga não existe mais');
    const cents = toCents(args.valor);
    if (cents > margin.maxCents) throw marginRefusal('above_margin', cents, margin);
    if (margin.minCents !== null && cents < margin.minCents) throw marginRefusal('below_margin', cents, margin);
    return {
      autorizado: true,
      vaga_ref: args.vaga_ref,
      valor: formatBRL(cents),
      valor_maximo_autorizado: formatBRL(margin.maxCents),
      proximo_passo: `se ele aceitar, reserve com reservar_plantao informando valor ${args.valor}`,
    };
  },
};
