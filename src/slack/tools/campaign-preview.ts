import type { AdminContext } from '../admin-tool.js';

interface CampaignPreview {
  name: string;
  type: string;
  status: string;
  template: string;
  audience: Record<string, unknown>;
  audience_now: number;
  progress: { planned: number; queued: number; sent: number };
}

const FILTERS: Record<string, string> = { specialty: 'especialidade', region: 'região', city: 'cidade', inactive_days: 'inativos há dias', recent_days: 'sem contato há dias' };

/**
 * A campaign described in words for a start or pause preview: the manager
 * confirms a name, an audience size and a message, never a bare uuid.
 */
export async function describeCampaign(ctx: AdminContext, id: string, action: 'iniciar' | 'pausar'): Promise<string> {
  const c = await ctx.deps.db.rpc<CampaignPreview | null>('slack_campaign_preview', { p_id: id, p_now: ctx.deps.clock.now() });
  if (!c) throw new Error('campanha não encontrada; use campanha_status para achar o id');
  const filters = Object.entries(c.audience ?? {})
    .filter(([k]) => FILTERS[k])
    .map(([k, v]) => `${FILTERS[k]}: ${String(v)}`);
  const head = `"${c.name}" (${c.type}, hoje ${c.status})${filters.length ? `, filtros: ${filters.join('; ')}` : ''}`;
  const done = `${c.progress.sent} enviada(s), ${c.progress.queued} na fila`;
  if (action === 'pausar') return `Pausar a campanha ${head}. Até agora: ${done}; as que estão na fila não saem enquanto ela estiver pausada.`;
  const reach = c.progress.planned > 0 ? `${c.progress.planned} médico(s) já planejado(s); ${done}` : `público agora: ${c.audience_now} médico(s) (sem opt-out, sem contato recente)`;
  return `${c.status === 'paused' ? 'Retomar' : 'Iniciar'} a campanha ${head}; ${reach}. Mensagem:\n> ${c.template.replace(/\n/g, '\n> ')}`;
}
