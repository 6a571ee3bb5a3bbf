import { Hono } from 'hono';

export interface HealthDeps {
  /** Each check resolves true when its dependency answers in time. */
  checks: Record<string, () => Promise<boolean>>;
}

/** /healthz: the process is alive. /readyz: every dependency answers (503 otherwise). */
export function healthRoutes(deps: HealthDeps): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    const names = Object.keys(deps.checks);
    const results = await Promise.all(names.map((n) => deps.checks[n]!().catch(() => false)));
    const status = Object.fromEntries(names.map((n, i) => [n, results[i] ? 'ok' : 'down']));
    const ready = results.every(Boolean);
    return c.json({ ready, ...status }, ready ? 200 : 503);
  });
  return app;
}
