import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { announce } from './announce.js';
import { doctorLabel } from './doctor-name.js';
import { getShift, shiftInWords, whenInWords, type ShiftView } from './shift-words.js';

type Input = { vagaId: string; motivo?: string | undefined; before?: ShiftView; doctor?: string | null };

/** What the doctor reads on WhatsApp: the shift in words, an apology, no internal detail. */
function doctorText(s: ShiftView): string {
  return `Oi! Infelizmente o plantão de ${s.specialty} no ${s.hospital}, ${whenInWords(new Date(s.startsAt), new Date(s.endsAt))}, foi cancelado. ` +
    'Sua reserva foi desfeita. Desculpe pelo transtorno! Se quiser, te mando outras opções.';
}

/**
 * Cancels an open or reserved shift. For a reserved one, the doctor is told
 * through the outbound wrapper (COMMAND, keyed per shift so he reads it once)
 * and the managers' channel gets a notice with his name and phone suffix.
 */
export const cancelarVaga = defineTool<Input>({
  name: 'cancelar_vaga',
  description: 'Cancela uma vaga aberta ou reservada (id de buscar_vagas). Se reservada, o médico é avisado pelo WhatsApp.',
  input: z.object({ vagaId: z.uuid(), motivo: z.string().max(300).optional() }),
  write: true,
  async prepare(x, ctx) {
    const before = await getShift(ctx, x.vagaId);
    if (before.status === 'cancelled') throw new Error('a vaga já está cancelada');
    if (!['open', 'reserved', 'pending_confirmation'].includes(before.status ?? '')) throw new Error('a vaga já passou (concluída ou não realizada): não se cancela');
    return { ...x, before, doctor: before.reservedBy ? await doctorLabel(ctx, before.reservedBy) : null };
  },
  preview: ({ before, doctor, motivo }) =>
    `Cancelar a vaga ${shiftInWords(before!)}.` +
    (doctor ? ` Ela está reservada para ${doctor}; o aviso vai pelo WhatsApp.` : ' Ela está aberta, ninguém a reservou.') +
    (motivo ? ` Motivo: ${motivo.replace(/\s+/g, ' ')}` : ''),
  async run({ vagaId }, ctx) {
    const { deps, user } = ctx;
    const r = await deps.db.rpc<{ ok: boolean; reason?: string; already?: boolean; doctorId?: string | null }>('admin_shift_cancel', {
      p_shift_id: vagaId, p_actor: `slack:${user}`, p_now: deps.clock.now(),
    });
    if (!r.ok) throw new Error(r.reason === 'not_found' ? 'vaga não encontrada' : 'a vaga já passou (concluída ou não realizada): não se cancela');
    // Read after the cancel: a doctor who reserved between the preview and the click is the one told.
    const s = await getShift(ctx, vagaId);
    if (!r.doctorId) {
      if (!r.already) await announce(ctx, `Vaga cancelada por <@${user}>: ${shiftInWords(s)}.`);
      return { mensagem: 'Vaga cancelada.' };
    }
    // One key per shift: a redriven or repeated cancel never tells him twice.
    await deps.outbound.enqueueOutbound({ method: 'COMMAND', doctorId: r.doctorId, actor: `slack:${user}` }, doctorText(s), { idempotencyKey: `shift-cancel-${vagaId}` });
    const label = await doctorLabel(ctx, r.doctorId);
    if (!r.already) await announce(ctx, `Vaga cancelada por <@${user}>: ${shiftInWords(s)}. ${label}, que a tinha reservado, recebeu o aviso pelo WhatsApp.`);
    return { mensagem: `Vaga cancelada; ${label} recebeu o aviso.` };
  },
  // The cancel is idempotent in SQL and the doctor's message is keyed per shift.
  redrive: true,
});
