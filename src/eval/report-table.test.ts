import { describe, expect, it } from 'vitest';
import { renderTable, totals } from './report-table.js';
import type { ScenarioScore } from './score.js';

const score = (id: string, fill?: ScenarioScore['fill']): ScenarioScore => ({
  id, category: 'x', success: true, failures: [], toolsExpected: 0, toolsMatched: 0, toolsUnexpected: 0, handoff: false,
  guardrailViolations: 0, validateOutputViolations: 0, regenerations: 0, latencyMs: 1,
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, usd: 0 }, models: [], cache: { calls: 0, hits: 0, misses: [] },
  ...(fill ? { fill } : {}),
});

describe('eval fill figures', () => {
  it('pools the scenario databases: rate over all plans, the median of every fill time, offers over filled shifts', () => {
    const t = totals([
      score('a', { shifts: 2, filled: 2, offersSent: 5, fillSeconds: [10, 40] }),
      score('b', { shifts: 2, filled: 1, offersSent: 1, fillSeconds: [20] }),
      score('c'),
    ]);
    // Median of [10, 20, 40], not the mean of the per-scenario medians (25 and 20).
    expect(t.fill).toEqual({ shifts: 4, filled: 3, fillRate: 0.75, medianTimeToFillS: 20, offersPerFilledShift: 2 });
    expect(renderTable([score('a', { shifts: 2, filled: 2, offersSent: 5, fillSeconds: [10, 40] })])).toContain(
      'preenchimento automático: 2 de 2 vagas com plano preenchidas (100.0%) | tempo mediano até preencher 25.0 s | ofertas por vaga preenchida 2.50',
    );
  });

  it('with no plan anywhere the figures are absent, not zero', () => {
    expect(totals([score('a'), score('b', { shifts: 0, filled: 0, offersSent: 0, fillSeconds: [] })]).fill).toEqual({
      shifts: 0, filled: 0, fillRate: null, medianTimeToFillS: null, offersPerFilledShift: null,
    });
    expect(renderTable([score('a')])).toContain('preenchimento automático: 0 de 0 vagas com plano preenchidas (-) | tempo mediano até preencher - | ofertas por vaga preenchida -');
  });
});
