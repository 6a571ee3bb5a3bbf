import { z } from 'zod';
import { spParts } from '../../shared/index.js';
import { defineTool } from '../admin-tool.js';
import { getShift, reais, shiftInWords, shiftTimes, valueCents, whenInWords, type ShiftView } from './shift-words.js';

const input = z.object({
  vagaId: z.uuid().describe('id de buscar_vagas'),
  valor: z.union([z.number(), z.string().max(30)]).optional().describe('Novo valor em reais'),
  data: z.string().min(2).max(40).optional().describe('Novo dia (só com inicio)'),
  inicio: z.string().min(1).max(10).optional().describe('Nova hora de início'),
  fim: z.string().min(1).max(10).optional(),
  duracaoHoras: z.union([z.literal(6), z.literal(12), z.literal(24)]).optional(),
  observacoes: z.string().max(500).optional().describe('Novas observações ("" apaga)'),
});
interface Change {
  valueCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  notes: string | null;
}
type Input = z.infer<typeof input> & { before?: ShiftView; change?: Change };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Changes an open shift's value, hours or notes. A reserved shift keeps the
 * value and hours its doctor agreed to: only its notes change (to change more,
 * cancel it and open another).
 */
export const editarVaga = defineTool<Input>({
  name: 'editar_vaga',
  description: 'Altera valor, horário ou observações de uma vaga aberta (id de buscar_vagas). Vaga reservada: só observações.',
  input,
  write: true,
  async prepare(x, ctx) {
    const before = await getShift(ctx, x.vagaId);
    if (!['open', 'reserved', 'pending_confirmation'].includes(before.status ?? '')) throw new Error(`a vaga está ${before.status === 'cancelled' ? 'cancelada' : 'encerrada'}: não se altera`);
    const timeChange = x.inicio !== undefined || x.fim !== undefined || x.duracaoHoras !== undefined || x.data !== undefined;
    if (before.status !== 'open' && (timeChange || x.valor !== undefined)) {
      throw new Error('a vaga já está reservada: só as observações podem mudar (para mudar valor ou horário, cancele e abra outra)');
    }
    let startsAt: string | null = null, endsAt: string | null = null;
    if (timeChange) {
      const s = new Date(before.startsAt), p = spParts(s);
      const hours = (new Date(before.endsAt).getTime() - s.getTime()) / 3_600_000;
      const t = shiftTimes({
        data: x.data ?? `${p.year}-${pad(p.month)}-${pad(p.day)}`,
        inicio: x.inicio ?? `${pad(p.hour)}:${pad(p.minute)}`,
        ...(x.fim ? { fim: x.fim } : { duracaoHoras: x.duracaoHoras ?? hours }),
      }, ctx.deps.clock.now());
      [startsAt, endsAt] = [t.startsAt.toISOString(), t.endsAt.toISOString()];
    }
    const change: Change = { valueCents: x.valor !== undefined ? valueCents(x.valor) : null, startsAt, endsAt, notes: x.observacoes ?? null };
    if (change.valueCents === null && !startsAt && change.notes === null) throw new Error('nada a mudar: informe valor, horário ou observações');
    return { ...x, before, change };
  },
  preview({ before, change }) {
    const parts: string[] = [];
    if (change!.valueCents !== null) parts.push(`valor ${reais(before!.valueCents)} → ${reais(change!.valueCents)}`);
    if (change!.startsAt) parts.push(`horário ${whenInWords(new Date(before!.startsAt), new Date(before!.endsAt))} → ${whenInWords(new Date(change!.startsAt), new Date(change!.endsAt!))}`);
    if (change!.notes !== null) parts.push(change!.notes ? `observações → "${change!.notes.replace(/\s+/g, ' ').slice(0, 200)}"` : 'apagar as observações');
    return `Alterar a vaga ${shiftInWords(before!)}: ${parts.join('; ')}.`;
  },
  async run({ vagaId, change }, { deps, user }) {
    if (!change) throw new Error('nada a gravar');
    const r = await deps.db.rpc<{ ok: boolean; reason?: string; shift?: ShiftView }>('admin_shift_edit', {
      p_shift_id: vagaId, p_value_cents: change.valueCents, p_starts_at: change.startsAt, p_ends_at: change.endsAt,
      p_notes: change.notes, p_actor: `slack:${user}`, p_now: deps.clock.now(),
    });
    if (!r.ok) {
      const why: Record<string, string> = { reserved: 'a vaga foi reservada antes do clique: só as observações podem mudar', cancelled: 'a vaga foi cancelada', completed: 'a vaga já foi concluída', not_completed: 'a vaga já passou', past: 'o novo horário já passou', duration: 'duração inválida (6, 12 ou 24 horas)', not_found: 'vaga não encontrada' };
      throw new Error(why[r.reason ?? ''] ?? 'a vaga não pôde ser alterada');
    }
    return { mensagem: 'Vaga alterada.', vaga: r.shift ? shiftInWords(r.shift) : undefined };
  },
  // It sets values: running it again leaves the same shift.
  redrive: true,
});
