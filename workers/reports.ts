import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import { formatFillOutcomes, formatHandoffOutcomes, loadFillOutcomes, loadHandoffOutcomes } from '../src/metrics/index.js';
import { formatReport, reportPeriod, type PeriodReport } from '../src/ops/index.js';
import type { Clock } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** At 08:00, 12:00, 16:00 and 20:00 São Paulo (spec 6, "reports", 4x/day). */
export const reportsJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 3, backoffMs: 30_000, timeoutMs: 120_000,
  schedule: () => [{ pattern: '0 8,12,16,20 * * *' }],
});

/** The period since the previous report slot, computed in SQL, posted to the managers' channel. */
export function reportsHandler(deps: { db: Db; notices: SlackNotifier; clock: Clock }) {
  return async () => {
    const { from, to } = reportPeriod(deps.clock.now());
    const report = await deps.db.rpc<PeriodReport>('ops_report', { p_from: from, p_to: to });
    const handoffs = await loadHandoffOutcomes(deps.db, { from, to });
    // Fill figures over the day that ends at this slot: a four-hour slot holds too few plans to read a rate from.
    const fill = await loadFillOutcomes(deps.db, { since: new Date(to.getTime() - 86_400_000), until: to });
    await deps.notices.post(formatReport(report, [formatHandoffOutcomes(handoffs), formatFillOutcomes(fill, 'últimas 24h')]));
    return report;
  };
}
