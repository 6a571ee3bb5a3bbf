import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';

const recorded: Array<{ level: string; msg: string }> = [];
const logger = Object.fromEntries(
  ['info', 'warn', 'error', 'debug'].map((level) => [level, (_o: unknown, msg: string) => recorded.push({ level, msg })]),
) as never;

function appThrowing(err: Error): Hono {
  const app = new Hono();
  app.onError(errorHandler(logger));
  app.post('/', () => {
    throw err;
  });
  return app;
}

describe('errorHandler', () => {
  it('answers a client that hung up mid-body with 400 and no error log (found by the serve fuzz pass)', async () => {
    recorded.length = 0;
    // What node's http server raises when the socket closes before Content-Length bytes arrive.
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const res = await appThrowing(aborted).request('/', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(recorded.filter((r) => r.level === 'error')).toEqual([]);
  });

  it('still answers a real bug with 500 and logs it', async () => {
    recorded.length = 0;
    const res = await appThrowing(Object.assign(new Error('boom'), { code: 'ECONNRESET' })).request('/', { method: 'POST' });
    expect(res.status).toBe(500);
    expect(recorded).toEqual([{ level: 'error', msg: 'unhandled error' }]);
  });
});
