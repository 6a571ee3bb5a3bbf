/**
 * Webhook throughput: autocannon against a real `julia web` process (its own
 * PGlite data dir, real Redis under a private prefix), every request a distinct
 * WhatsApp message. Then an inbound worker drains the queue into a second PGlite
 * and we compare what the webhook accepted with what was persisted.
 *
 *   node --import tsx bench/webhook.ts [seconds=10] [connections=16]
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createPgliteDb, migrate } from '../src/db/index.js';
import { silentLogger } from '../src/shared/index.js';
import { startWorkers } from '../workers/index.js';
import { inboundHandler } from '../workers/inbound.js';
import '../workers/catalog.js';
import { createRedis } from '../src/redis/index.js';
import { dropPrefix } from './support/drop-prefix.js';
import { evolutionPayload } from '../tests/helpers/evolution-fixture.js';
import { recordingQueue } from '../tests/helpers/recording-queue.js';
import { createScratchDatabase } from '../tests/helpers/test-postgres.js';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 16);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `bench-webhook-${Date.now()}`;
const port = 3900 + Math.floor(Math.random() * 90);
const julia = join(import.meta.dirname, '../src/julia.mjs');
// `julia web` needs a shared database (issue 15): a scratch one on the machine's PostgreSQL.
// It only answers /readyz; acknowledged webhooks go to Redis, drained below.
const scratch = await createScratchDatabase('bench_web');
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port), DATABASE_URL: scratch.url, REDIS_URL, REDIS_PREFIX: prefix, EVOLUTION_WEBHOOK_TOKEN: 'bench-token', LOG_LEVEL: 'warn' };

const log = (msg: string) => process.stderr.write(`[bench:webhook] ${msg}\n`);
log('migrating the web process database');
const m = spawnSync(process.execPath, [julia, 'migrate'], { env, encoding: 'utf8' });
if (m.status !== 0) throw new Error(`migrate failed: ${m.stderr}`);
log(`starting julia web on :${port}`);
const web = spawn(process.execPath, [julia, 'web'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
for (let i = 0; ; i++) {
  const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
  if (ok) break;
  if (i > 200) throw new Error('julia web did not become ready');
  await new Promise((r) => setTimeout(r, 100));
}

const template = evolutionPayload('text-conversation');
let n = 0;
const acked = new Set<string>();
const body = (context: Record<string, unknown>) => {
  n++;
  context.id = `BENCH${n}`;
  template.data.key.id = context.id;
  template.data.key.remoteJid = `55119${String(10_000_000 + (n % 5_000)).padStart(8, '0')}@s.whatsapp.net`;
  return JSON.stringify(template);
};
log(`load: ${connections} connections for ${seconds}s`);
const result = await autocannon({
  url: `http://127.0.0.1:${port}/webhooks/evolution`,
  method: 'POST',
  connections,
  duration: seconds,
  headers: { 'content-type': 'application/json', 'x-webhook-token': 'bench-token' },
  requests: [
    {
      setupRequest: (req, context) => ({ ...req, body: body(context as Record<string, unknown>) }),
      // Exactly which messages the webhook acknowledged, to compare with what got stored.
      onResponse: (status, _body, context) => {
        if (status >= 200 && status < 300) acked.add(String((context as Record<string, unknown>).id));
      },
    },
  ],
});
web.kill('SIGTERM');
const accepted = acked.size;

log(`draining ${accepted} accepted messages into the database`);
const db = await createPgliteDb();
await migrate(db);
const turns = recordingQueue();
const workers = startWorkers({
  connection: createRedis(REDIS_URL, { blocking: true }),
  prefix,
  logger: silentLogger,
  handlers: { inbound: inboundHandler({ db, queue: turns, logger: silentLogger, turnDebounceMs: 1000 }) as never },
  concurrency: { inbound: 16 },
});
const drainStart = Date.now();
let missing = accepted;
for (;;) {
  const stored = new Set((await db.pg.query<{ id: string }>('select provider_message_id as id from interactions')).rows.map((r) => r.id));
  missing = [...acked].filter((id) => !stored.has(id)).length;
  if (missing === 0 || Date.now() - drainStart > 300_000) break;
  await new Promise((r) => setTimeout(r, 1_000));
}
const persisted = (await db.rpc<{ inbound: number }>('inbound_counts')).inbound;
const drainSeconds = (Date.now() - drainStart) / 1000;
await workers.close();
await dropPrefix(REDIS_URL, prefix);
await db.close();
await scratch.drop();

console.log(
  JSON.stringify({
    bench: 'webhook',
    seconds,
    connections,
    requests: result.requests.total,
    webhooksPerSecond: Math.round(result.requests.average),
    ackLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    accepted,
    persisted,
    acknowledgedButNotPersisted: missing,
    drainSeconds,
    targets: { webhooksPerSecond: 3000, ackP99Ms: 25, acknowledgedButNotPersisted: 0 },
  }),
);
process.exit(0);
