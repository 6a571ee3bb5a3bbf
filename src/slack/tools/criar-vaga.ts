import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { shiftInWords, shiftTimes, valueCents, type ShiftView } from './shift-words.js';

const input = z.object({
  hospital: z.string().min(2).max(120).describe('Nome do hospital como o gestor disse (ex.: "Santa Clara")'),
  especialidade: z.string().min(2).max(80).describe('Especialidade (ex.: "clínica médica")'),
  data: z.string().min(2).max(40).describe('Dia do plantão como o gestor disse: "sábado", "05/12", "2026-12-05"'),
  inicio: z.string().min(1).max(10).describe('Hora de início, ex.: "19h"'),
  fim: z.string().min(1).max(10).optional().describe('Hora de fim, ex.: "7h" (um fim antes do início é no dia seguinte)'),
  duracaoHoras: z.union([z.literal(6), z.literal(12), z.literal(24)]).optional().describe('Duração, se o gestor não disse o fim'),
  valor: z.union([z.number(), z.string().max(30)]).describe('Valor em reais, ex.: 1650 ou "R$ 1.650"'),
  observacoes: z.string().max(500).optional(),
});
type Input = z.infer<typeof input> & { shift?: ShiftView & { hospitalId: string; specialtyId: string } };

interface Resolved {
  hospitalId: string | null;
  hospital: string | null;
  specialtyId: string | null;
  specialty: string | null;
  hospitalSuggestions: string[] | null;
  specialtySuggestions: string[] | null;
}

/**
 * A shift the manager describes in words, opened after his click. The
 * preview shows it resolved against the catalog (the hospital's real name,
 * specialty, weekday and date, hours, value) before it exists; an unknown
 * name or a past date is refused there (docs/decisions/0285-shifts-from-slack.md).
 */
export const criarVaga = defineTool<Input>({
  name: 'criar_vaga',
  description:
    'Abre uma vaga (plantão) nova. Passe o hospital e a especialidade pelo nome, a data e as horas como o gestor disse ' +
    '(o fuso é o de São Paulo), o fim ou a duração, e o valor em reais.',
  input,
  write: true,
  async prepare(x, ctx) {
    const r = await ctx.deps.db.rpc<Resolved>('admin_shift_resolve', { p_hospital: x.hospital, p_specialty: x.especialidade });
    const problems: string[] = [];
    if (!r.hospitalId) problems.push(`hospital "${x.hospital}" não está no catálogo (parecidos: ${(r.hospitalSuggestions ?? []).join(', ') || 'nenhum'})`);
    if (!r.specialtyId) problems.push(`especialidade "${x.especialidade}" não reconhecida (parecidas: ${(r.specialtySuggestions ?? []).join(', ') || 'nenhuma'})`);
    if (problems.length) throw new Error(problems.join('; '));
    const { startsAt, endsAt } = shiftTimes(x, ctx.deps.clock.now());
    return {
      ...x,
      shift: {
        hospitalId: r.hospitalId!, specialtyId: r.specialtyId!, hospital: r.hospital!, specialty: r.specialty!,
        startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), valueCents: valueCents(x.valor), notes: x.observacoes ?? null,
      },
    };
  },
  preview: ({ shift }) => `Abrir a vaga: ${shiftInWords(shift!)}.`,
  async run({ shift }, { deps, user, actionId }) {
    if (!shift || !actionId) throw new Error('nada a gravar');
    const r = await deps.db.rpc<{ ok: boolean; reason?: string; shiftId?: string }>('admin_shift_create', {
      p_hospital_id: shift.hospitalId, p_specialty_id: shift.specialtyId, p_starts_at: shift.startsAt, p_ends_at: shift.endsAt,
      p_value_cents: shift.valueCents, p_notes: shift.notes ?? null, p_action_key: actionId, p_actor: `slack:${user}`, p_now: deps.clock.now(),
    });
    if (!r.ok) throw new Error(r.reason === 'past' ? 'o plantão já começou; abra outro com data futura' : 'duração inválida (6, 12 ou 24 horas)');
    return { mensagem: 'Vaga aberta.', vagaId: r.shiftId };
  },
  // The action id is the shift's external_ref: a re-run returns the shift already made.
  redrive: true,
  sameEffect: ({ shift }) => JSON.stringify([shift?.hospitalId, shift?.specialtyId, shift?.startsAt, shift?.endsAt, shift?.valueCents]),
});
