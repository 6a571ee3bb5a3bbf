import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { metricsRoute } from '../http/index.js';
import { createMetrics } from '../metrics/index.js';
import type { BullQueues } from '../../workers/queue.js';
import { queueStats } from '../../workers/queue-stats.js';

/** Operations: /metrics (Prometheus, behind METRICS_TOKEN or ADMIN_TOKEN) in every role that serves HTTP. */
export function composeMetrics(deps: AppDeps, queues: BullQueues): Capability {
  const metrics = createMetrics({
    db: deps.db,
    redis: deps.redis,
    prefix: deps.redisPrefix,
    queueStats: () => queueStats(queues, () => deps.clock.now().getTime()),
    logger: deps.logger,
    now: () => deps.clock.now(),
  });
  // Prometheus scrapes with METRICS_TOKEN (it opens nothing else); the operator's ADMIN_TOKEN opens it too.
  const tokens = [deps.config.ADMIN_TOKEN, deps.config.METRICS_TOKEN].filter((t): t is string => !!t);
  return {
    name: 'metrics',
    mounts: tokens.length ? [{ path: '/metrics', app: metricsRoute({ tokens, contentType: metrics.contentType, render: () => metrics.render() }) }] : [],
    async close() {
      metrics.close();
    },
  };
}
