import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { periodo, periodRange } from './periods.js';

export const buscarMetricas = defineTool({
  name: 'buscar_metricas',
  description: 'Métricas de um período: mensagens recebidas e enviadas, médicos ativos, reservas, handoffs e opt-outs.',
  input: z.object({ periodo }),
  write: false,
  async run({ periodo: p }, { deps }) {
    const r = periodRange(p, deps.clock.now());
    return { periodo: p, ...(await deps.db.rpc<Record<string, unknown>>('admin_metrics', { p_from: r.from, p_to: r.to })) };
  },
});
