import type { PGlite } from '@electric-sql/pglite';
import type { SessionGate } from './pglite-session-gate.mjs';

export const SOCKET_IDLE_TIMEOUT_MS: number;
/** Serves `pg` to local processes on the Unix socket at `path` (see pglite-socket-serve.mjs). */
export function serveOnSocket(pg: PGlite, gate: SessionGate, path: string): Promise<{ stop(): Promise<void> }>;
