import type { Db } from '../db/index.js';
import type { CircuitStore, CircuitView } from './circuit-store.js';
import { formatHandoffOutcomes, loadHandoffOutcomes, type HandoffOutcomes } from './handoff-outcomes.js';
import type { QueueStat, QueueStatsFn } from './snapshot.js';

interface OperationsStatus {
  since: string;
  today: Record<string, number>;
  last_errors: Array<{ at: string; what: string; error: string }>;
  flags: Record<string, unknown>;
}

export interface StatusReport extends OperationsStatus {
  queues: QueueStat[];
  circuits: CircuitView[];
  /** Hand-offs waiting now; time to first human reply over the last 7 days. */
  handoffs?: HandoffOutcomes;
}

export async function loadStatus(deps: { db: Db; queueStats: QueueStatsFn; circuits: CircuitStore; now?: Date }): Promise<StatusReport> {
  const now = deps.now ?? new Date();
  const [ops, queues, circuits, handoffs] = await Promise.all([
    deps.db.rpc<OperationsStatus>('operations_status'),
    deps.queueStats(),
    deps.circuits.list(),
    loadHandoffOutcomes(deps.db, { from: new Date(now.getTime() - 7 * 24 * 3_600_000), to: now }),
  ]);
  return { ...ops, queues, circuits, handoffs };
}

const TODAY_LABELS: Record<string, string> = {
  inbound: 'mensagens recebidas',
  turns: 'turnos do agente',
  sent: 'mensagens enviadas',
  blocked: 'envios bloqueados',
  failed: 'envios com falha',
  handoffs: 'passagens para humano',
  input_tokens: 'tokens de entrada',
  output_tokens: 'tokens de saída',
};

function age(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}min`;
  return `${(seconds / 3600).toFixed(1)}h`;
}

/** The same picture as /metrics, for a person at a terminal. */
export function formatStatus(r: StatusReport, now = new Date()): string {
  const out: string[] = [`Júlia — status em ${now.toISOString()}`, ''];
  out.push('Filas');
  for (const q of r.queues) {
    const oldest = q.oldestWaitingSeconds > 0 ? `, mais antigo há ${age(q.oldestWaitingSeconds)}` : '';
    out.push(`  ${q.queue.padEnd(12)} esperando ${q.waiting}, rodando ${q.active}, agendados ${q.delayed}, falhos ${q.failed}${oldest}`);
  }
  out.push('', `Hoje (desde ${r.since})`);
  for (const [key, label] of Object.entries(TODAY_LABELS)) out.push(`  ${label.padEnd(24)} ${r.today[key] ?? 0}`);
  if (r.handoffs) out.push('', 'Hand-offs (1ª resposta: últimos 7 dias)', `  ${formatHandoffOutcomes(r.handoffs)}`);
  out.push('', 'Circuitos');
  if (r.circuits.length === 0) out.push('  nenhum registrado (todos fechados)');
  for (const c of r.circuits) out.push(`  ${c.circuit}:${c.key} ${c.open ? 'ABERTO' : 'fechado'} desde ${new Date(c.at).toISOString()}`);
  out.push('', 'Flags');
  for (const [key, value] of Object.entries(r.flags)) out.push(`  ${key.padEnd(16)} ${JSON.stringify(value)}`);
  out.push('', 'Últimos erros');
  if (r.last_errors.length === 0) out.push('  nenhum');
  for (const e of r.last_errors) out.push(`  ${e.at}  ${e.what}: ${e.error}`);
  return out.join('\n');
}
