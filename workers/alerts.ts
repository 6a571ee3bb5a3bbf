import { z } from 'zod';
import type { Db } from '../src/db/index.js';
import type { SlackNotifier } from '../src/integrations/slack/index.js';
import { evaluateAlerts, runInvariants } from '../src/ops/index.js';
import type { BusinessHours, Clock, Logger } from '../src/shared/index.js';
import { defineJob } from './job-definition.js';

/** Every 15 minutes (spec 6, "verificar alertas"). */
export const alertsJob = defineJob({
  queue: 'scheduled', payload: z.object({}), attempts: 2, backoffMs: 10_000, timeoutMs: 120_000,
  schedule: () => [{ pattern: '*/15 * * * *' }],
});

const WINDOW_MS = 15 * 60_000;

export interface AlertsDeps {
  db: Db;
  notices: SlackNotifier;
  clock: Clock;
  logger: Logger;
  queueDepths(): Promise<Record<string, number>>;
  openCircuits(): Array<{ instance: string; until: Date }>;
  /** True the first time a condition is seen in its quiet period (one post per hour per condition). */
  firstSighting(key: string): Promise<boolean>;
  /** BUSINESS_HOURS / BUSINESS_DAYS, for the O3 invariant. */
  businessHours?: BusinessHours;
}

/** Queue depth, open circuits, blocked-send rate, model failures and `julia invariants`, to the managers' channel. */
export function alertsHandler(deps: AlertsDeps) {
  return async () => {
    const now = deps.clock.now();
    const since = new Date(now.getTime() - WINDOW_MS);
    const [stats, depths, invariants] = await Promise.all([
      deps.db.rpc<{ sends: number; blocked: number; turns: number; modelFailures: number }>('ops_alert_stats', { p_since: since, p_now: now }),
      deps.queueDepths(),
      runInvariants(deps.db, new Date(now.getTime() - 24 * 3_600_000), now, deps.businessHours),
    ]);
    const alerts = evaluateAlerts({ ...stats, queueDepths: depths, openCircuits: deps.openCircuits(), invariants });
    let posted = 0;
    for (const a of alerts) {
      if (!(await deps.firstSighting(a.key))) continue;
      await deps.notices.post(`⚠️ ${a.text}`);
      posted++;
    }
    if (alerts.length) deps.logger.warn({ alerts: alerts.map((a) => a.key), posted }, 'alerts');
    return { alerts: alerts.map((a) => a.key), posted };
  };
}
