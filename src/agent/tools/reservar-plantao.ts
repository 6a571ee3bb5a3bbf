import { z } from 'zod';
import { errorMessage } from '../../shared/index.js';
import { formatBRL, shiftForModel, shiftLine, type DbShift } from '../format.js';
import { marginRefusal, toCents, type Margin } from './margin.js';
import { ToolError } from './tool-error.js';
import type { AgentTool, ToolContext } from './tool.js';

const input = z.strictObject({
  data_plantao: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'use o formato AAAA-MM-DD')
    .describe('Data do plantão (AAAA-MM-DD), no horário de São Paulo'),
  confirmacao: z.string().max(300).optional().describe('Como o médico aceitou, em poucas palavras'),
  vaga_ref: z
    .string()
    .regex(/^v\d{1,3}$/, 'use a ref da vaga oferecida nesta conversa (v1, v2...)')
    .optional()
    .describe('Ref da vaga oferecida nesta conversa (v1, v2...), quando souber qual é'),
  valor: z
    .number()
    .positive()
    .max(100_000)
    .optional()
    .describe('Valor combinado com o médico, em reais, quando for diferente do valor da vaga (nunca acima do máximo autorizado)'),
});
export type ReservarPlantaoInput = z.infer<typeof input>;

interface Resolution {
  ok: boolean;
  error?: string;
  byRef?: DbShift;
  offered?: DbShift[];
  fallback?: DbShift[];
}

interface Reservation {
  ok: boolean;
  reason?: 'forbidden' | 'not_found' | 'past' | 'clash' | 'taken' | 'above_margin' | 'below_margin';
  already?: boolean;
  shift?: DbShift;
  margin?: Margin;
  valueCents?: number;
}

const REFUSALS: Record<string, string> = {
  taken: 'essa vaga acabou de ser preenchida por outro médico',
  clash: 'o médico já tem um plantão reservado nesse horário',
  past: 'esse plantão já começou ou já passou',
  not_found: 'essa vaga não existe mais',
};

const options = (shifts: DbShift[]) => shifts.map((s) => ({ ref: s.ref, resumo: shiftLine(s) }));

/** Which shift the doctor means: the conversation's offered list first, then that day's open shifts. */
async function resolveTarget(args: ReservarPlantaoInput, ctx: ToolContext): Promise<DbShift> {
  const res = await ctx.deps.db.rpc<Resolution>('agent_resolve_shift', {
    p_doctor_id: ctx.doctorId,
    p_conversation_id: ctx.conversationId,
    p_date: args.data_plantao,
    p_ref: args.vaga_ref ?? null,
    p_now: ctx.deps.clock.now(),
  });
  if (!res.ok && res.error === 'unknown_ref') {
    throw new ToolError('ref_desconhecida', `a ref ${args.vaga_ref} não foi oferecida nesta conversa; busque as vagas de novo`);
  }
  if (!res.ok) throw new ToolError('proibido', 'esta conversa não pertence a este médico');
  if (res.byRef) {
    if (res.byRef.date !== args.data_plantao) {
      throw new ToolError('data_nao_confere', `a vaga ${args.vaga_ref} é do dia ${res.byRef.date}, não ${args.data_plantao}`, {
        vaga: shiftForModel(res.byRef),
      });
    }
    return res.byRef;
  }
  const offered = res.offered ?? [];
  const open = offered.filter((s) => s.status === 'open');
  const candidates = offered.length > 0 ? (open.length > 0 ? open : offered) : (res.fallback ?? []);
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    throw new ToolError('sem_vaga_na_data', `não há vaga aberta para o médico em ${args.data_plantao}`);
  }
  if (open.length === 0 && offered.length > 0) {
    throw new ToolError('vaga_preenchida', 'as vagas desse dia oferecidas nesta conversa já foram preenchidas', {
      vagas: options(offered),
    });
  }
  throw new ToolError('mais_de_uma_vaga', `há ${candidates.length} vagas em ${args.data_plantao}: pergunte ao médico qual delas e chame de novo com vaga_ref`, {
    opcoes: options(candidates),
  });
}

export const reservarPlantao: AgentTool<ReservarPlantaoInput> = {
  name: 'reservar_plantao',
  description:
    'Reserva um plantão para o médico desta conversa quando ele ACEITA claramente. ' +
    'Informe a data (AAAA-MM-DD) e, se souber, a ref da vaga oferecida (v1, v2...). Nunca reserva para outra pessoa.',
  input,
  async execute(args, ctx) {
    const target = await resolveTarget(args, ctx);
    if (ctx.deps.registrationRequired) {
      const gate = await ctx.deps.db.rpc<{ ok: boolean; status: string | null }>('doctor_registration_gate', { p_doctor_id: ctx.doctorId, p_required: true });
      if (!gate.ok) return registrationMissing(ctx, target, gate.status);
    }
    // The margin is checked and the shift reserved in one SQL transaction: a directive revoked meanwhile is never relied on.
    const value = args.valor !== undefined ? toCents(args.valor) : null;
    const res = await ctx.deps.db.rpc<Reservation>('agent_reserve_shift_at', {
      p_doctor_id: ctx.doctorId,
      p_conversation_id: ctx.conversationId,
      p_shift_id: target.shiftId,
      p_value_cents: value,
      p_now: ctx.deps.clock.now(),
    });
    if (res.reason === 'forbidden') throw new ToolError('proibido', 'esta conversa não pertence a este médico');
    if ((res.reason === 'above_margin' || res.reason === 'below_margin') && res.margin) throw marginRefusal(res.reason, value ?? res.margin.listedCents, res.margin);
    if (!res.ok || !res.shift) {
      // A clear refusal, not an error: the model tells the doctor and offers something else.
      return { reservado: false, motivo: res.reason, explicacao: REFUSALS[res.reason ?? ''] ?? 'não foi possível reservar' };
    }
    const vaga = { ...shiftForModel({ ...res.shift, ref: target.ref }), ...(res.valueCents !== undefined && res.valueCents !== res.shift.valueCents ? { valor_combinado: formatBRL(res.valueCents) } : {}) };
    if (res.already) return { reservado: true, ja_estava_reservada: true, vaga };
    // After commit, and never failing the tool: the reservation already stands.
    await notifyManagers(ctx, { ...res.shift, ref: target.ref, ...(res.valueCents !== undefined ? { valueCents: res.valueCents } : {}) });
    return { reservado: true, vaga, proximo_passo: 'a equipe entra em contato para a documentação do plantão' };
  },
};

const MISSING: Record<string, string> = {
  pendente:
    'o cadastro do médico ainda não foi aprovado: antes do primeiro plantão a equipe precisa receber e conferir os documentos dele. ' +
    'Não diga que a vaga está reservada. Explique isso com naturalidade e diga que o pedido desta vaga já foi passado para a equipe, que fala com ele para concluir o cadastro.',
  bloqueado:
    'o cadastro do médico está bloqueado e ele não pode pegar plantões agora. Não diga que a vaga está reservada; ' +
    'diga que o pedido foi passado para a equipe, que entra em contato com ele.',
};

/**
 * A doctor whose registration is not approved: nothing is reserved; the request
 * goes to the managers once per shift and day (an event a person picks up),
 * and the model is told what to say.
 */
async function registrationMissing(ctx: ToolContext, target: DbShift, status: string | null) {
  const res = await ctx.deps.db.rpc<{ recorded: boolean }>('registration_reservation_pending', {
    p_doctor_id: ctx.doctorId, p_conversation_id: ctx.conversationId, p_shift_id: target.shiftId, p_now: ctx.deps.clock.now(),
  });
  if (res.recorded) {
    try {
      const doctor = await ctx.deps.db.rpc<{ name: string | null; crm: string | null } | null>('doctor_get', { p_doctor_id: ctx.doctorId });
      const who = [doctor?.name ?? 'médico sem nome', doctor?.crm].filter(Boolean).join(', ');
      await ctx.deps.notifyManagers(
        `Pedido de reserva aguardando cadastro (${status ?? 'desconhecido'}): ${who} quer ${shiftLine(target)}. ` +
          'A Júlia não reservou: conclua o cadastro e reserve com reservar_vaga, ou responda ao médico.',
      );
    } catch (err) {
      ctx.deps.logger.warn({ err: errorMessage(err), shiftId: target.shiftId }, 'reservar_plantao: manager notification failed');
    }
  }
  return {
    reservado: false,
    motivo: status === 'bloqueado' ? 'cadastro_bloqueado' : 'cadastro_pendente',
    explicacao: MISSING[status ?? 'pendente'] ?? MISSING['pendente'],
    encaminhado_para_equipe: true,
    vaga: shiftForModel(target),
  };
}

async function notifyManagers(ctx: ToolContext, shift: DbShift): Promise<void> {
  try {
    const doctor = await ctx.deps.db.rpc<{ name: string | null; crm: string | null } | null>('doctor_get', { p_doctor_id: ctx.doctorId });
    const who = [doctor?.name ?? 'médico sem nome', doctor?.crm].filter(Boolean).join(', ');
    await ctx.deps.notifyManagers(`Plantão reservado pela Júlia: ${who} ficou com ${shiftLine(shift)}.`);
  } catch (err) {
    ctx.deps.logger.warn({ err: errorMessage(err), shiftId: shift.shiftId }, 'reservar_plantao: manager notification failed');
  }
}
