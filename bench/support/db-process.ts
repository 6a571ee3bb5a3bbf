/**
 * The embedded database in a process of its own, reached through a
 * PostgREST-shaped gateway (the Supabase adapter), so several Júlia processes
 * (web, workers) can share one PGlite, and a benchmark's RSS is the
 * application's and not PGlite's WASM heap (~400 MB before any data), just as
 * production runs Postgres apart. PGlite runs on its own thread, as `julia
 * serve` runs it, so the gateway's HTTP parsing does not queue behind SQL.
 * IPC: {exec}, {query} and 'rss'.
 */
import { createPgliteWorkerDb, migrate } from '../../src/db/index.js';
import { serveRpcGateway } from '../../tests/helpers/rpc-gateway.js';

const db = await createPgliteWorkerDb();
await migrate(db);
const gateway = await serveRpcGateway(db);
process.stdout.write(`${JSON.stringify({ url: gateway.url, key: gateway.key })}\n`);
process.on('message', (msg: { id: number; exec?: string; query?: string; rss?: true; stop?: true }) => {
  const reply = (body: object) => process.send?.({ id: msg.id, ...body });
  const run = async () => {
    if (msg.exec) return reply({ ok: (await db.exec(msg.exec), true) });
    if (msg.query) return reply({ rows: await db.query(msg.query) });
    if (msg.rss) return reply({ maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) });
    if (msg.stop) {
      await gateway.stop();
      await db.close();
      reply({ ok: true });
      process.exit(0);
    }
  };
  run().catch((err: unknown) => reply({ error: String(err) }));
});
