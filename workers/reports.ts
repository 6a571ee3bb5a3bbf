import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import { formatHandoffOutcomes, loadHandoffOutcomes } from '../src/metrics/index.js';
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
    await deps.notices.post(formatReport(report, formatHandoffOutcomes(handoffs)));
    return report;
  };
}
