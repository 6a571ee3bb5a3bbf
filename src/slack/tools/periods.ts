import { z } from 'zod';
import { spStartOfDay } from '../../shared/index.js';

/** A period in São Paulo days, as managers say it. */
export const periodo = z.enum(['hoje', 'ontem', 'ultimos_7_dias', 'semana_anterior', 'ultimos_30_dias']).describe('período em dias de São Paulo');
export type Periodo = z.infer<typeof periodo>;

export function periodRange(p: Periodo, now: Date): { from: Date; to: Date } {
  const today = spStartOfDay(now);
  switch (p) {
    case 'hoje':
      return { from: today, to: spStartOfDay(now, 1) };
    case 'ontem':
      return { from: spStartOfDay(now, -1), to: today };
    case 'ultimos_7_dias':
      return { from: spStartOfDay(now, -6), to: spStartOfDay(now, 1) };
    case 'semana_anterior':
      return { from: spStartOfDay(now, -13), to: spStartOfDay(now, -6) };
    case 'ultimos_30_dias':
      return { from: spStartOfDay(now, -29), to: spStartOfDay(now, 1) };
  }
}
