import { z } from 'zod';
import { defineTool } from '../admin-tool.js';

export const buscarMedico = defineTool({
  name: 'buscar_medico',
  description: 'Procura médicos por nome, telefone ou CRM; devolve id, situação de contato e última mensagem.',
  input: z.object({ busca: z.string().min(2).max(100) }),
  write: false,
  run: ({ busca }, { deps }) => deps.db.rpc('admin_doctor_search', { p_query: busca, p_limit: 5 }),
});
