import { Hono } from 'hono';
import { adminAuth } from '../middleware/admin-auth.js';

export interface MetricsRouteDeps {
  /** ADMIN_TOKEN; without it the route is not mounted at all. */
  token: string;
  contentType: string;
  render(): Promise<string>;
}

/** GET /metrics: Prometheus text exposition, behind the operator token. */
export function metricsRoute(deps: MetricsRouteDeps): Hono {
  const app = new Hono();
  app.use('*', adminAuth(deps.token));
  app.get('/', async (c) => c.body(await deps.render(), 200, { 'content-type': deps.contentType, 'cache-control': 'no-store' }));
  return app;
}
