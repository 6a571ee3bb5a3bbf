import { z } from 'zod';
import { spHuman, spLocalToUtc, spParts } from '../../shared/index.js';
import { ToolError } from './tool-error.js';
import type { AgentTool } from './tool.js';

const input = z.strictObject({
  data_hora: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'use AAAA-MM-DDTHH:MM, horário de São Paulo')
    .describe('Quando chamar o médico, horário de São Paulo (AAAA-MM-DDTHH:MM)'),
  contexto: z.string().min(3).max(500).describe('Por que vamos chamar (uso interno)'),
  mensagem_retorno: z.string().min(2).max(500).optional().describe('A mensagem que a Júlia vai mandar na hora, no tom dela'),
});
export type AgendarLembreteInput = z.infer<typeof input>;

const MAX_AHEAD_MS = 90 * 24 * 3600_000;
const DEFAULT_MESSAGE = 'Oi! Tô passando aqui como a gente combinou, consegue falar agora?';

/** "2026-02-01T10:00" São Paulo wall clock → UTC instant; rejects impossible dates like 02-30. */
export function parseSpLocal(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const at = spLocalToUtc(year, month, day, hour, minute);
  const back = spParts(at);
  // spLocalToUtc rolls overflow over (Feb 30 → Mar 2); a reminder must not move silently.
  if (back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute) return null;
  return at;
}

export const agendarLembrete: AgentTool<AgendarLembreteInput> = {
  name: 'agendar_lembrete',
  description:
    'Agenda uma mensagem para o médico desta conversa no dia e hora que ele pediu (horário de São Paulo). ' +
    'Use as datas de hoje/amanhã do contexto para converter "amanhã às 10h" em AAAA-MM-DDTHH:MM.',
  input,
  async execute(args, { doctorId, conversationId, deps }) {
    const remindAt = parseSpLocal(args.data_hora);
    if (!remindAt) throw new ToolError('data_invalida', `data/hora inexistente: ${args.data_hora}`);
    const now = deps.clock.now();
    const delayMs = remindAt.getTime() - now.getTime();
    if (delayMs <= 60_000) {
      throw new ToolError('horario_no_passado', `${args.data_hora} já passou em São Paulo (agora: ${spHuman(now)})`);
    }
    if (delayMs > MAX_AHEAD_MS) throw new ToolError('longe_demais', 'lembretes só até 90 dias à frente');
    const text = args.mensagem_retorno ?? DEFAULT_MESSAGE;
    const res = await deps.db.rpc<{ ok: boolean; status: 'created' | 'duplicate'; reminder: { id: string } }>('agent_schedule_reminder', {
      p_doctor_id: doctorId,
      p_conversation_id: conversationId,
      p_remind_at: remindAt,
      p_context: args.contexto,
      p_message: text,
    });
    if (!res.ok) throw new ToolError('proibido', 'esta conversa não pertence a este médico');
    const reminderId = res.reminder.id;
    // Fail-closed (spec 10.1): if the job cannot be queued the model must not promise it.
    // Enqueuing again after a duplicate is safe: the idempotency key collapses it.
    try {
      await deps.outbound.enqueueOutbound(
        { method: 'REMINDER', doctorId, conversationId, reminderId, actor: 'julia' },
        text,
        { delayMs, idempotencyKey: `reminder-${reminderId}` },
      );
    } catch (err) {
      deps.logger.error({ err, reminderId }, 'agendar_lembrete: enqueue failed');
      throw new ToolError('falha_ao_agendar', 'não consegui agendar agora; não prometa o lembrete ao médico');
    }
    return { agendado: true, duplicado: res.status === 'duplicate', quando: spHuman(remindAt), data_hora_sp: args.data_hora };
  },
};
