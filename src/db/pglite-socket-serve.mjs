// Serves the embedded database to local processes (the CLI beside `julia serve`) on a
// Unix socket only the owner may open, with @electric-sql/pglite-socket speaking the
// PostgreSQL wire protocol. See docs/decisions/0255-cli-beside-serve.md.
//
// pglite-socket queues messages from its connections and runs each under PGlite's
// query lock, but PGlite is one backend session: between two messages of a client's
// transaction (or of one extended-protocol query, Parse..Sync) the service's own
// statements would run inside it, and the client's inside the service's. So the
// socket is given a view of PGlite whose lock is the session gate: a client takes it
// with its first message and keeps it until PostgreSQL's ReadyForQuery says the
// session is idle ('I'), never in a transaction ('T') or a failed one ('E').
// Plain JS: runs on the PGlite worker thread.
import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
const TERMINATE = 0x58; // 'X'
/** A client idle this long is disconnected, and a transaction it left open rolled back. */
export const SOCKET_IDLE_TIMEOUT_MS = 10_000;
/** CLI processes at once; their messages are still run one at a time. */
const MAX_CONNECTIONS = 16;

/** Follows the backend's messages as they stream out, to see how the last one ends. */
function createResponseTail() {
  let header = [];
  let remaining = 0;
  let type = 0;
  let status = 0;
  return {
    push(bytes) {
      let i = 0;
      while (i < bytes.length) {
        if (remaining > 0) {
          const n = Math.min(remaining, bytes.length - i);
          if (type === READY_FOR_QUERY) status = bytes[i + n - 1];
          remaining -= n;
          i += n;
          continue;
        }
        header.push(bytes[i++]);
        if (header.length === 5) {
          type = header[0];
          remaining = (((header[1] << 24) | (header[2] << 16) | (header[3] << 8) | header[4]) >>> 0) - 4;
          status = 0;
          header = [];
        }
      }
    },
    /** The response ended with ReadyForQuery and the session is outside any transaction. */
    idle() {
      return type === READY_FOR_QUERY && remaining === 0 && header.length === 0 && status === IDLE;
    },
  };
}

/** A Sync (ends any extended-protocol exchange) followed by a simple-query ROLLBACK. */
function syncThenRollback() {
  const text = Buffer.from('ROLLBACK\0');
  const query = Buffer.alloc(5 + text.length);
  query.write('Q', 0);
  query.writeInt32BE(4 + text.length, 1);
  text.copy(query, 5);
  return new Uint8Array(Buffer.concat([Buffer.from([0x53, 0, 0, 0, 4]), query]));
}

/** The view of PGlite the socket server runs its clients' messages on. */
function gatedView(pg, gate) {
  let lease = null;
  let idle = true;
  const giveBack = () => {
    const release = lease;
    lease = null;
    release?.();
  };
  return {
    get waitReady() {
      return pg.waitReady;
    },
    // The queue keeps serving the client that holds the session while this is true.
    isInTransaction: () => lease !== null,
    async runExclusive(fn) {
      if (!lease) lease = await gate.acquire();
      try {
        return await pg.runExclusive(fn);
      } finally {
        if (idle) giveBack();
      }
    },
    async execProtocolRawStream(message, { onRawData }) {
      // Terminate would end the one backend the service also uses; closing the
      // connection is enough (and rolls back what the client left open).
      if (message[0] === TERMINATE && message.length === 5) return;
      // Not PGlite's execProtocolRawStream: in 0.5.x it leaves its output callback
      // installed, and the service's next execProtocol (every rpc) would stream its
      // answer to this client instead of its caller. The whole answer, then, at once.
      const tail = createResponseTail();
      try {
        const out = await pg.execProtocolRaw(message);
        tail.push(out);
        if (out.length > 0) onRawData(out);
      } finally {
        idle = tail.idle();
      }
    },
    // Called by the socket server when a client that holds the session goes away.
    async exec() {
      await pg.runExclusive(async () => {
        if (!lease) return;
        try {
          if (!pg.closed) await pg.execProtocolRaw(syncThenRollback());
        } finally {
          idle = true;
          giveBack();
        }
      });
    },
  };
}

/** A directory only this user can enter, with no socket left in it by a process that died. */
function prepareSocketPath(path) {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || (typeof process.getuid === 'function' && stat.uid !== process.getuid())) {
    throw new Error(`${dir} is not a directory of this user: refusing to serve the database there`);
  }
  chmodSync(dir, 0o700);
  // Whoever calls this holds DATA_DIR's lock, so a socket file here is a dead holder's.
  try {
    unlinkSync(path);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
}

/**
 * Starts serving `pg` on the Unix socket at `path`; `gate` is the session gate the
 * service's own statements take too. Resolves with `stop()`, which closes the server,
 * rolls back what a client left open and removes the socket file.
 */
export async function serveOnSocket(pg, gate, path) {
  prepareSocketPath(path);
  const server = new PGLiteSocketServer({
    db: gatedView(pg, gate),
    path,
    maxConnections: MAX_CONNECTIONS,
    idleTimeout: SOCKET_IDLE_TIMEOUT_MS,
  });
  await server.start();
  chmodSync(path, 0o600);
  return {
    async stop() {
      await server.stop();
      try {
        unlinkSync(path);
      } catch {
        // Removed with the server already.
      }
    },
  };
}
