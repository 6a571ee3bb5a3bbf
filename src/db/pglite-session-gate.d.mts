export interface SessionGate {
  acquire(): Promise<() => void>;
  run<T>(fn: () => Promise<T>): Promise<T>;
}
/** Turns at PGlite's one session, in arrival order (see pglite-session-gate.mjs). */
export function createSessionGate(): SessionGate;
