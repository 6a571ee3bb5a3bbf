import { z } from 'zod';
import { spStartOfDay } from '../../shared/index.js';
import { defineTool } from '../admin-tool.js';

export const buscarVagas = defineTool({
  name: 'buscar_vagas',
  description: 'Vagas abertas nos próximos dias, opcionalmente de um hospital.',
  input: z.object({ dias: z.number().int().min(1).max(60).default(7), hospital: z.string().max(100).optional() }),
  write: false,
  run: ({ dias, hospital }, { deps }) => {
    const now = deps.clock.now();
    return deps.db.rpc('admin_open_shifts', { p_from: now, p_to: spStartOfDay(now, dias + 1), p_hospital: hospital ?? null, p_limit: 20 });
  },
});
