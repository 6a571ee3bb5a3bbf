import { Hono } from 'hono';
import { adminAuth } from '../middleware/admin-auth.js';

export interface MetricsRouteDeps {
  /** ADMIN_TOKEN and METRICS_TOKEN, whichever are set; with neither the route is not mounted at all. */
  tokens: readonly string[];
  contentType: string;
  render(): Promise<string>;
}

/** GET /metrics: Prometheus text exposition, behind the metrics or the operator token. */
export function metricsRoute(deps: MetricsRouteDeps): Hono {
  const app = new Hono();
  app.use('*', adminAuth(deps.tokens));
  app.get('/', async (c) => c.body(await deps.render(), 200, { 'content-type': deps.contentType, 'cache-control': 'no-store' }));
  return app;
}
