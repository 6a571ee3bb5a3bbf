// Where the process that holds an embedded DATA_DIR serves its database to local
// processes (pglite-socket-serve.mjs), and where the CLI looks for it (pglite-beside.ts).
// Plain JS: shared by the PGlite worker thread and the main thread.
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const SOCKET_DIR = 'run';
export const SOCKET_NAME = 'db.sock';
/** sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
const MAX_SOCKET_PATH = 100;

/**
 * DATA_DIR/run/db.sock, in a directory only the owner may enter. A DATA_DIR too deep
 * for a Unix socket's path gets a private directory under the system's temporary
 * directory instead, named from the resolved DATA_DIR and the user, so every process
 * of that user finds the same one without being told.
 */
export function socketPathFor(dataDir) {
  const inside = join(resolve(dataDir), SOCKET_DIR, SOCKET_NAME);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const key = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(tmpdir(), `julia-${uid}-${key}`, SOCKET_NAME);
}
