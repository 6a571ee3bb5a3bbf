import { z } from 'zod';
import { defineTool } from '../admin-tool.js';

export const statusSistema = defineTool({
  name: 'status_sistema',
  description: 'Estado da Júlia: pausada ou não (safe_mode), campanhas ligadas, handoffs em aberto.',
  input: z.object({}),
  write: false,
  async run(_input, { deps }) {
    const flags = await deps.flags.get();
    const handoffs = await deps.db.rpc<unknown[]>('admin_open_handoffs');
    return { pausada: flags.safeMode.enabled, campanhasLigadas: flags.campaigns.enabled, regrasDesligadas: flags.disabledRules, handoffsAbertos: handoffs.length };
  },
});
