import type { ToolCallRecord } from './tool-loop.js';

type Result = Record<string, unknown>;
const obj = (v: unknown): Result => (v && typeof v === 'object' ? (v as Result) : {});

/**
 * What a turn's tools changed in the world, in Portuguese, for the person who
 * takes over: a hand-off must never hide that a shift was reserved or a
 * reminder scheduled. Reads and failed calls changed nothing and are left out.
 */
export function sideEffectsOf(toolCalls: ToolCallRecord[]): string[] {
  const out: string[] = [];
  for (const call of toolCalls) {
    if (call.isError) continue;
    const r = obj(call.result);
    if (call.name === 'reservar_plantao' && r['reservado'] === true) {
      const v = obj(r['vaga']);
      const when = [v['data'], v['inicio'] && v['fim'] ? `${v['inicio']}–${v['fim']}` : undefined].filter(Boolean).join(' ');
      const where = [v['hospital'], v['especialidade']].filter(Boolean).join(', ');
      out.push(`reservou o plantão ${[when, where].filter(Boolean).join(' no ')}${v['ref'] ? ` (${v['ref']})` : ''}${r['ja_estava_reservada'] ? ' (já estava reservado)' : ''}`);
    } else if (call.name === 'agendar_lembrete' && r['agendado'] === true) {
      out.push(`agendou um lembrete para ${String(r['data_hora_sp'] ?? r['quando'] ?? 'a data pedida')} (horário de São Paulo)`);
    } else if (call.name === 'salvar_memoria' && r['salvo'] === true) {
      out.push('guardou uma informação na memória do médico');
    }
  }
  return out;
}
