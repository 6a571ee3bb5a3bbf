import { z } from 'zod';
import { fold } from '../../shared/index.js';
import { shiftForModel, type DbShift } from '../format.js';
import { marginForModel, type Margin } from './margin.js';
import { ToolError } from './tool-error.js';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  especialidade: z.string().min(2).max(80).optional().describe('Especialidade; sem ela, usa a especialidade do médico'),
  regiao: z.string().min(2).max(80).optional().describe('Região, cidade ou bairro (ex.: "zona leste", "ABC", "Santana")'),
  periodo: z.enum(['diurno', 'noturno', '12h', '24h', 'qualquer']).default('qualquer'),
  valor_minimo: z.number().positive().max(100_000).optional().describe('Valor mínimo do plantão, em reais'),
  dias_semana: z.array(z.string().min(2).max(20)).max(7).optional().describe('Ex.: ["sabado", "domingo"] ou ["fim de semana"]'),
  limite: z.number().int().min(1).max(10).default(5),
});
export type BuscarVagasInput = z.infer<typeof input>;

const DAY_PREFIX: Record<string, number[]> = {
  dom: [0], seg: [1], ter: [2], qua: [3], qui: [4], sex: [5], sab: [6],
};

/** "sábado", "Sab", "fim de semana", "fds" → weekday numbers (0 = domingo). */
export function parseWeekdays(names: string[]): number[] {
  const out = new Set<number>();
  for (const raw of names) {
    const name = fold(raw).trim();
    if (/^(fim de semana|final de semana|fds)$/.test(name)) {
      out.add(6).add(0);
      continue;
    }
    const days = DAY_PREFIX[name.slice(0, 3)];
    if (!days) {
      throw new ToolError('dia_invalido', `dia da semana não reconhecido: "${raw}"`, {
        aceitos: ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado', 'fim de semana'],
      });
    }
    days.forEach((d) => out.add(d));
  }
  return [...out].sort();
}

export const buscarVagas: AgentTool<BuscarVagasInput> = {
  name: 'buscar_vagas',
  description:
    'Lista plantões abertos compatíveis com o médico desta conversa (só mostra, não reserva). ' +
    'Já exclui plantões que batem com reservas dele. Cada vaga vem com uma ref (v1, v2...) usada para reservar, ' +
    'e, quando a gestão definiu, o valor máximo autorizado e as diretrizes daquela vaga.',
  input,
  async execute(args, { doctorId, conversationId, deps }) {
    const filters = {
      specialty: args.especialidade,
      region: args.regiao,
      period: args.periodo === 'diurno' || args.periodo === 'noturno' ? args.periodo : undefined,
      durationHours: args.periodo === '12h' ? 12 : args.periodo === '24h' ? 24 : undefined,
      minValueCents: args.valor_minimo !== undefined ? Math.round(args.valor_minimo * 100) : undefined,
      weekdays: args.dias_semana ? parseWeekdays(args.dias_semana) : undefined,
      limit: args.limite,
    };
    const res = await deps.db.rpc<{ ok: boolean; error?: string; shifts?: DbShift[] }>('agent_search_shifts', {
      p_doctor_id: doctorId,
      p_conversation_id: conversationId,
      p_filters: filters,
      p_now: deps.clock.now(),
    });
    if (!res.ok) throw new ToolError('proibido', 'esta conversa não pertence a este médico');
    const shown = res.shifts ?? [];
    // Each specific shift shown to the doctor is an offer (offer_made, once a day per conversation).
    if (shown.length > 0) {
      await deps.db.rpc('offer_made_record', {
        p_doctor_id: doctorId, p_conversation_id: conversationId, p_shift_ids: shown.map((s) => s.shiftId), p_via: 'buscar_vagas', p_now: deps.clock.now(),
      });
    }
    // Each shift's negotiation margin and the manager directives on it (hospital, specialty, shift).
    const margins = shown.length
      ? await deps.db.rpc<Record<string, Margin>>('directive_margins', { p_doctor_id: doctorId, p_shift_ids: shown.map((s) => s.shiftId), p_now: deps.clock.now() })
      : {};
    const vagas = shown.map((s) => ({ ...shiftForModel(s), ...marginForModel(margins[s.shiftId]) }));
    return vagas.length > 0
      ? { total: vagas.length, vagas }
      : { total: 0, vagas: [], observacao: 'nenhuma vaga aberta com esses filtros' };
  },
};
