import { z } from 'zod';
import { defineTool } from '../admin-tool.js';

export const buscarHistorico = defineTool({
  name: 'buscar_historico',
  description: 'Últimas mensagens trocadas com um médico (entrada e saída), em ordem.',
  input: z.object({ medicoId: z.uuid(), limite: z.number().int().min(1).max(50).default(20) }),
  write: false,
  run: ({ medicoId, limite }, { deps }) => deps.db.rpc('admin_history', { p_doctor_id: medicoId, p_limit: limite }),
});
