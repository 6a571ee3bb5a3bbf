import { Hono, type MiddlewareHandler } from 'hono';
import type { Logger } from '../shared/logger.js';
import { accessLog } from './middleware/access-log.js';
import { bodyLimit, BODY_LIMITS } from './middleware/body-limit.js';
import { errorHandler } from './middleware/error-handler.js';
import { requestId } from './middleware/request-id.js';
import { webhookAcks } from './middleware/webhook-acks.js';
import { healthRoutes, type HealthDeps } from './routes/health.js';

export interface HttpDeps {
  logger: Logger;
  health: HealthDeps;
  /** Later capabilities mount their routes here (webhooks, slack, admin). */
  mounts?: Array<{ path: string; app: Hono; beforeBodyLimit?: MiddlewareHandler }>;
}

export function createHttpApp(deps: HttpDeps): Hono {
  const app = new Hono();
  app.use('*', requestId());
  app.use('*', accessLog(deps.logger));
  app.use('/webhooks/*', webhookAcks());
  // A mount may answer an oversized body itself before the cap (an Evolution event we never use).
  for (const m of deps.mounts ?? []) if (m.beforeBodyLimit) app.use(`${m.path}/*`, m.beforeBodyLimit);
  // Every route, including ones mounted later, is capped; routes may cap tighter.
  app.use('*', bodyLimit(BODY_LIMITS.default));
  app.onError(errorHandler(deps.logger));
  app.notFound((c) => c.json({ error: 'not_found' }, 404));
  app.route('/', healthRoutes(deps.health));
  for (const m of deps.mounts ?? []) app.route(m.path, m.app);
  return app;
}
