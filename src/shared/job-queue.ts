/**
 * The port through which src/ enqueues background work. Only workers/ and
 * src/app.ts know it is BullMQ (docs/architecture.md, "Layers and the dependency
 * rule"); everything else depends on this interface, and workers/catalog.ts
 * validates every payload.
 */

/**
 * Job name → the payload a producer passes. Declared empty here and filled in by
 * workers/catalog.ts (declaration merging), so an unknown job name or a wrong
 * payload is a type error anywhere in src/ without src/ importing workers/.
 */
export interface JobPayloads {}

export type JobName = keyof JobPayloads;

export interface EnqueueOptions {
  /** Stable id: adding the same id twice is a no-op (no ':' allowed). */
  jobId?: string;
  delayMs?: number;
  /**
   * Debounce per key: the job runs `ttlMs` after the last enqueue; while one runs,
   * further enqueues collapse into a single follow-up (the latest payload wins).
   */
  debounce?: {
    key: string;
    ttlMs: number;
    /** false: leave a job already pending under the key as it is (no fresh delay, no reset of its retries). */
    replace?: boolean;
  };
  priority?: number;
}

export interface JobQueue {
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts?: EnqueueOptions): Promise<{ jobId: string }>;
  /**
   * False while the queue's connection is down or reconnecting: an enqueue would
   * only wait for it. Lets a webhook answer 503 at once instead of holding the
   * request (absent: assume connected).
   */
  connected?(): boolean;
}
