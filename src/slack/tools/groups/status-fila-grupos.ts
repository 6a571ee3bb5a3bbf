import { z } from 'zod';
import type { GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';

export const statusFilaGrupos = (review: GroupReview) =>
  defineTool({
    name: 'status_fila_grupos',
    description: 'Fila de mensagens de grupos ainda não processadas e a mais antiga delas.',
    input: z.object({}),
    write: false,
    run: () => review.status_fila_grupos(),
  });
