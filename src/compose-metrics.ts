import type { AppDeps } from './app-deps.js';
import type { Capability } from './capability.js';
import { metricsRoute } from './http/index.js';
import { createMetrics } from './metrics/index.js';
import type { BullQueues } from '../workers/queue.js';
import { queueStats } from '../workers/queue-stats.js';

/** Operations: /metrics (Prometheus, behind ADMIN_TOKEN) in every role that serves HTTP. */
export function composeMetrics(deps: AppDeps, queues: BullQueues): Capability {
  const metrics = createMetrics({
    db: deps.db,
    redis: deps.redis,
    prefix: deps.redisPrefix,
    queueStats: () => queueStats(queues, () => deps.clock.now().getTime()),
    logger: deps.logger,
  });
  const token = deps.config.ADMIN_TOKEN;
  return {
    name: 'metrics',
    mounts: token ? [{ path: '/metrics', app: metricsRoute({ token, contentType: metrics.contentType, render: () => metrics.render() }) }] : [],
    async close() {
      metrics.close();
    },
  };
}
