import { spHuman } from '../shared/index.js';

const BLOCKED: Record<string, string> = {
  R0_opted_out: 'o médico pediu para não ser mais contatado (opt-out). Para enviar mesmo assim, um gestor precisa fazê-lo pelo Slack com o motivo.',
  R4b_safe_mode: 'a Júlia está pausada (safe_mode) e a mensagem não é resposta a uma mensagem recente do médico.',
  R1_cooling_off: 'o médico está em período de pausa de contato (cooling off).',
  R2_next_allowed_at: 'o médico ainda não pode ser procurado de novo (intervalo mínimo entre contatos).',
  R3_contact_cap_7d: 'o médico já atingiu o limite de contatos da semana.',
  dedupe_1h: 'a mesma mensagem já foi enviada a ele há menos de uma hora.',
};

const DEFERRED: Record<string, string> = {
  business_hours: 'fora do horário comercial',
  rate_limit: 'limite de envios do número de WhatsApp',
  provider_unavailable: 'o WhatsApp (Evolution) está fora do ar',
  in_doubt: 'um envio anterior ainda está sendo confirmado',
};

/** Why a supervisor's message did not go out (yet), in words for the person who wrote it. */
export function supervisorNoteText(r: { outcome: string; rule?: string; reason?: string; until?: Date }): string | undefined {
  if (r.outcome === 'blocked') return `⚠️ Sua mensagem NÃO foi enviada ao médico: ${BLOCKED[r.rule ?? ''] ?? `regra ${r.rule ?? 'desconhecida'}.`}`;
  if (r.outcome === 'deduped') return `⚠️ Sua mensagem não foi enviada: ${BLOCKED['dedupe_1h']}`;
  if (r.outcome === 'deferred') {
    const when = r.until ? ` Sai automaticamente por volta de ${spHuman(r.until)}.` : '';
    return `⏳ Sua mensagem está na fila, ainda não foi enviada: ${DEFERRED[r.reason ?? ''] ?? r.reason ?? 'aguardando'}.${when}`;
  }
  return undefined;
}

/** The private note left for the person taking over: why, and what Júlia was about to say. */
export function handoffDraftNoteText(n: { reason: string; draft?: string; actions?: string[] }): string {
  return [
    `🤝 A Júlia passou esta conversa para a equipe. Motivo: ${n.reason}.`,
    ...(n.actions?.length ? [`Ela já tinha feito: ${n.actions.join('; ')}.`] : []),
    ...(n.draft ? ['Rascunho que ela ia enviar (não enviado):', ...n.draft.split('\n').map((l) => `> ${l}`)] : ['Ela não deixou rascunho.']),
  ].join('\n');
}
