import { z } from 'zod';
import { defineTool } from '../admin-tool.js';
import { periodo, periodRange } from './periods.js';

const FIELDS = ['mensagensRecebidas', 'mensagensEnviadas', 'medicosAtivos', 'reservas', 'handoffs', 'optOuts'] as const;

export const compararPeriodos = defineTool({
  name: 'comparar_periodos',
  description: 'Compara as métricas de dois períodos (por exemplo hoje contra ontem), com a diferença de cada uma.',
  input: z.object({ atual: periodo, anterior: periodo }),
  write: false,
  async run({ atual, anterior }, { deps }) {
    const now = deps.clock.now();
    const get = (p: typeof atual) => {
      const r = periodRange(p, now);
      return deps.db.rpc<Record<string, number>>('admin_metrics', { p_from: r.from, p_to: r.to });
    };
    const [a, b] = await Promise.all([get(atual), get(anterior)]);
    return Object.fromEntries(FIELDS.map((f) => [f, { [atual]: Number(a[f]), [anterior]: Number(b[f]), diferenca: Number(a[f]) - Number(b[f]) }]));
  },
});
