/** A deadline passed; callers that degrade (fail open) check for this class. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Rejects with TimeoutError after `ms`; the timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    // When the deadline passes while this process was busy (a long synchronous stretch, a
    // loaded machine), the answer may already be waiting on its socket: timers run before
    // I/O, so give the I/O phase one turn before declaring the call late.
    timer = setTimeout(() => setImmediate(() => reject(new TimeoutError(`${what} timed out after ${ms} ms`))), ms);
    timer.unref?.();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
