import type { Db } from '../db/index.js';
import type { Clock } from '../shared/index.js';
import { createGroupAccess, type GroupAccess } from './group-access.js';

export interface GroupShiftView {
  id: string;
  status: 'review' | 'imported' | 'discarded' | 'rejected';
  reason: string | null;
  score: number;
  hospital: string | null;
  hospital_known: boolean;
  specialty: string | null;
  starts_at: string | null;
  ends_at: string | null;
  value_cents: number | null;
  contact: string | null;
  shift_id: string | null;
  sources: number | unknown[];
}

export type ReviewResult = { ok: true; shift_id?: string; already?: boolean } | { ok: false; error: string };

/** The names the Slack agent exposes these functions under (spec section 2, "Grupos"). */
export const GROUP_REVIEW_TOOLS = [
  'listar_vagas_revisao', 'aprovar_vaga_grupo', 'rejeitar_vaga_grupo', 'detalhes_vaga_grupo',
  'estatisticas_grupos', 'metricas_pipeline', 'status_fila_grupos', 'grupos_permitir',
] as const;

export interface GroupReview extends GroupAccess {
  listar_vagas_revisao(args?: { limite?: number }): Promise<GroupShiftView[]>;
  /** A write: the Slack agent calls it behind its confirmation button. `hospital` maps an unknown hospital (slug or id). */
  aprovar_vaga_grupo(args: { id: string; por: string; hospital?: string }): Promise<ReviewResult>;
  rejeitar_vaga_grupo(args: { id: string; por: string; motivo?: string }): Promise<ReviewResult>;
  detalhes_vaga_grupo(args: { id: string }): Promise<(GroupShiftView & { sources: unknown[]; events: unknown[] }) | null>;
  estatisticas_grupos(args?: { dias?: number }): Promise<Record<string, unknown>>;
  metricas_pipeline(args?: { dias?: number }): Promise<Record<string, unknown>>;
  /** The queue, plus which groups are read (allowed, trusted) and which posted without being read. */
  status_fila_grupos(): Promise<Record<string, unknown>>;
}

/** Review of shifts found in groups: plain functions for the Slack tools and the CLI. */
export function createGroupReview(deps: { db: Db; clock: Clock }): GroupReview {
  const { db, clock } = deps;
  const since = (dias = 7) => new Date(clock.now().getTime() - Math.max(1, Math.min(dias, 365)) * 86_400_000);
  const access = createGroupAccess(deps);
  return {
    ...access,
    listar_vagas_revisao: (args = {}) => db.rpc('group_review_list', { p_limit: args.limite ?? 20 }),
    aprovar_vaga_grupo: (args) =>
      db.rpc('group_shift_approve', { p_id: args.id, p_actor: args.por, p_hospital: args.hospital ?? null, p_now: clock.now() }),
    rejeitar_vaga_grupo: (args) =>
      db.rpc('group_shift_reject', { p_id: args.id, p_actor: args.por, p_reason: args.motivo ?? null, p_now: clock.now() }),
    detalhes_vaga_grupo: (args) => db.rpc('group_shift_details', { p_id: args.id }),
    estatisticas_grupos: (args = {}) => db.rpc('group_stats', { p_since: since(args.dias) }),
    metricas_pipeline: (args = {}) => db.rpc('group_pipeline_metrics', { p_since: since(args.dias) }),
    status_fila_grupos: async () => ({
      ...(await db.rpc<Record<string, unknown>>('group_queue_status', { p_now: clock.now() })),
      grupos: await access.grupos_permitidos(),
    }),
  };
}
