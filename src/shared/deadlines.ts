import { TimeoutError } from './timeout.js';

interface Pending {
  at: number;
  done: boolean;
  reject: (err: Error) => void;
  what: string;
}

/**
 * Deadlines for many short operations that all get the same allowance (every
 * webhook's enqueue): one timer for all of them, armed for the oldest, instead
 * of a setTimeout, a clearTimeout and a Promise.race per operation, which on
 * the Evolution acknowledgement was a visible share of its CPU
 * (docs/decisions/0205-webhook-ack-cpu.md). Entries are kept oldest first,
 * which is also their deadline order; settled ones leave from the front.
 */
export class Deadlines {
  private readonly pending: Pending[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ms: number) {}

  /** `promise`, or a TimeoutError once `ms` have passed; the timer never keeps the process alive. */
  race<T>(promise: Promise<T>, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { at: performance.now() + this.ms, done: false, reject, what };
      this.pending.push(entry);
      if (!this.timer) this.arm();
      promise.then(
        (value) => {
          if (entry.done) return;
          this.settle(entry);
          resolve(value);
        },
        (err: unknown) => {
          if (entry.done) return;
          this.settle(entry);
          reject(err);
        },
      );
    });
  }

  /** How many operations are still waiting (tests). */
  get size(): number {
    let n = 0;
    for (let i = this.head; i < this.pending.length; i++) if (!this.pending[i]!.done) n++;
    return n;
  }

  private settle(entry: Pending): void {
    entry.done = true;
    while (this.head < this.pending.length && this.pending[this.head]!.done) this.head++;
    if (this.head === this.pending.length) {
      // Nothing waits: drop the settled entries and the timer.
      this.pending.length = 0;
      this.head = 0;
      clearTimeout(this.timer);
      this.timer = undefined;
    } else if (this.head > 1024 && this.head * 2 > this.pending.length) {
      this.pending.splice(0, this.head);
      this.head = 0;
    }
  }

  private arm(): void {
    const first = this.pending[this.head];
    if (!first) return;
    this.timer = setTimeout(() => this.expire(), Math.max(0, first.at - performance.now()));
    this.timer.unref?.();
  }

  private expire(): void {
    this.timer = undefined;
    const now = performance.now();
    while (this.head < this.pending.length) {
      const entry = this.pending[this.head]!;
      if (!entry.done && entry.at > now) break;
      this.head++;
      if (entry.done) continue;
      entry.done = true;
      entry.reject(new TimeoutError(`${entry.what} timed out after ${this.ms} ms`));
    }
    if (this.head === this.pending.length) {
      this.pending.length = 0;
      this.head = 0;
    } else {
      this.arm();
    }
  }
}
