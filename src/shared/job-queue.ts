/**
 * The port through which src/ enqueues background work. Only workers/ and
 * src/app.ts know it is BullMQ (ARCHITECTURE.md section 3); everything else
 * depends on this interface, and workers/catalog.ts validates every payload.
 */
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
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<{ jobId: string }>;
  /**
   * False while the queue's connection is down or reconnecting: an enqueue would
   * only wait for it. Lets a webhook answer 503 at once instead of holding the
   * request (absent: assume connected).
   */
  connected?(): boolean;
}
