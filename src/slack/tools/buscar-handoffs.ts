import { z } from 'zod';
import { defineTool } from '../admin-tool.js';

export const buscarHandoffs = defineTool({
  name: 'buscar_handoffs',
  description: 'Conversas hoje nas mãos de uma pessoa da equipe (handoffs abertos), com link do Chatwoot.',
  input: z.object({}),
  write: false,
  async run(_input, { deps }) {
    const rows = await deps.db.rpc<Array<{ chatwootConversationId: number | null }>>('admin_open_handoffs');
    return rows.map((r) => ({ ...r, ...(deps.chatwootUrl && r.chatwootConversationId ? { link: `${deps.chatwootUrl}/conversations/${r.chatwootConversationId}` } : {}) }));
  },
});
