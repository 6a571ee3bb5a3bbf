/**
 * The baseline bench/webhook.ts compares `julia web` against: the least a
 * webhook that hands its work to a queue can do. Same server (Hono on
 * @hono/node-server), same body parsing (the raw text, then JSON.parse), one
 * BullMQ job added on the same Redis with a job id from the message id (as
 * Júlia's dedupe needs), a JSON answer. No authentication, validation,
 * normalization, body limit, request id or access log: what Júlia's route
 * adds on top is exactly the difference measured.
 *
 * argv: port, Redis URL, queue prefix. Prints "ready" on stdout when listening.
 */
import { serve } from '@hono/node-server';
import { Queue } from 'bullmq';
import { Hono } from 'hono';
import { createRedis } from '../../src/redis/index.js';

const [port, redisUrl, prefix] = process.argv.slice(2) as [string, string, string];
const queue = new Queue('inbound', { connection: createRedis(redisUrl, { blocking: true }) as never, prefix, skipWaitingForReady: true });
const app = new Hono();
app.post('/webhooks/evolution', async (c) => {
  const body = JSON.parse(await c.req.text()) as { data?: { key?: { id?: string } } };
  await queue.add('inbound', body, { jobId: `in-${body.data?.key?.id ?? ''}`, removeOnComplete: true });
  return c.json({ status: 'queued' });
});
serve({ fetch: app.fetch, port: Number(port), hostname: '0.0.0.0' }, () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => void queue.close().then(() => process.exit(0)));
