import { z } from 'zod';
import { defineTool } from '../admin-tool.js';

export const listarMedicos = defineTool({
  name: 'listar_medicos',
  description: 'Lista médicos, os mais recentes primeiro; filtra por situação (opted_in, opted_out = bloqueado ou descadastrado, cooling_off).',
  input: z.object({ situacao: z.enum(['opted_in', 'opted_out', 'cooling_off']).optional(), limite: z.number().int().min(1).max(50).default(20) }),
  write: false,
  run: ({ situacao, limite }, { deps }) => deps.db.rpc('admin_doctor_list', { p_situacao: situacao ?? null, p_limit: limite }),
});
