// Runs embedded PGlite on a worker thread, so database work (WASM, single-
// threaded) uses the second core and never blocks the HTTP/worker event loop.
// Plain JS: worker threads do not inherit the tsx loader of the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
// Trigram similarity for matching hospital names from WhatsApp groups (0130_groups.sql).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPreparedRunner } from './pglite-prepared.mjs';
import { createSessionGate } from './pglite-session-gate.mjs';
import { serveOnSocket } from './pglite-socket-serve.mjs';
import { pgliteStartParams } from './pglite-start-params.mjs';

if (workerData.dataDir) mkdirSync(workerData.dataDir, { recursive: true });
const pg = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
  extensions: { vector, pg_trgm },
  startParams: pgliteStartParams(),
});

/** An rpc's fixed SQL text, prepared once: one round into PGlite per call (pglite-prepared.mjs). */
const runPrepared = createPreparedRunner(pg);

/** The session is shared with local clients on the socket: each statement takes its turn. */
const gate = createSessionGate();
let socket;
try {
  socket = workerData.socketPath ? await serveOnSocket(pg, gate, workerData.socketPath) : undefined;
} catch (err) {
  // The service runs without it; the CLI then says DATA_DIR is in use, as before.
  parentPort.postMessage({ warning: `not serving the database on ${workerData.socketPath}: ${err?.message ?? err}` });
}

/** Open transactions by id: a migration runs several statements under one lock. */
const transactions = new Map();

function reply(id, fn) {
  fn().then(
    (result) => parentPort.postMessage({ id, result }),
    (err) => parentPort.postMessage({ id, error: { message: err?.message ?? String(err), code: err?.code } }),
  );
}

parentPort.on('message', (m) => {
  switch (m.op) {
    case 'rpc':
      return reply(m.id, () => gate.run(() => runPrepared(m.sql, m.params)));
    case 'query':
      return reply(m.id, () => gate.run(async () => (await pg.query(m.sql, m.params)).rows));
    case 'exec':
      return reply(m.id, () => gate.run(async () => void (await pg.exec(m.sql))));
    case 'begin':
      return reply(m.id, async () => {
        // Held until 'end': no socket client runs inside the transaction.
        const release = await gate.acquire();
        await new Promise((started) => {
          let finish;
          const done = new Promise((resolve, reject) => (finish = { resolve, reject }));
          pg.transaction(async (tx) => {
            transactions.set(m.tx, tx);
            started();
            await done;
          })
            .catch(() => {})
            .finally(release);
          transactions.set(`${m.tx}:finish`, finish);
        });
      });
    case 'txQuery':
      return reply(m.id, async () => (await transactions.get(m.tx).query(m.sql, m.params)).rows);
    case 'txExec':
      return reply(m.id, async () => void (await transactions.get(m.tx).exec(m.sql)));
    case 'end':
      return reply(m.id, async () => {
        const finish = transactions.get(`${m.tx}:finish`);
        transactions.delete(m.tx);
        transactions.delete(`${m.tx}:finish`);
        if (m.commit) finish.resolve();
        else finish.reject(new Error('rollback'));
        // Let PGlite finish COMMIT/ROLLBACK before the next message is answered.
        await gate.run(() => pg.query('select 1'));
      });
    case 'close':
      return reply(m.id, async () => {
        await socket?.stop();
        await gate.run(async () => void (await pg.close()));
      });
  }
});
parentPort.postMessage({ ready: true });
