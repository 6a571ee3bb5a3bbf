import type { GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';
import { periodDays } from './period-days.js';

export const estatisticasGrupos = (review: GroupReview) =>
  defineTool({
    name: 'estatisticas_grupos',
    description: 'Mensagens dos grupos e vagas achadas no período (padrão 7 dias), por grupo e por decisão.',
    input: periodDays,
    write: false,
    run: ({ dias }) => review.estatisticas_grupos(dias ? { dias } : {}),
  });
