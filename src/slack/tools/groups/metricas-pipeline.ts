import type { GroupReview } from '../../../groups/index.js';
import { defineTool } from '../../admin-tool.js';
import { periodDays } from './period-days.js';

export const metricasPipeline = (review: GroupReview) =>
  defineTool({
    name: 'metricas_pipeline',
    description: 'Funil da extração de vagas dos grupos no período: lidas, descartadas como conversa, extraídas, importadas, em revisão, descartadas.',
    input: periodDays,
    write: false,
    run: ({ dias }) => review.metricas_pipeline(dias ? { dias } : {}),
  });
