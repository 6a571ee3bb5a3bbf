import type { Redis } from '../redis/index.js';

export interface CircuitView {
  circuit: string;
  key: string;
  open: boolean;
  /** When it opened or closed last (ms since epoch). */
  at: number;
}

/**
 * Circuit breakers live in the process that calls the vendor (the worker), but
 * /metrics is served by `web`. Each transition is written to one Redis hash so
 * every process reports the same states. A closed circuit keeps its field (open=false).
 */
export class CircuitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private get key(): string {
    return `${this.prefix}:ops:circuits`;
  }

  async record(view: CircuitView): Promise<void> {
    await this.redis.hset(this.key, `${view.circuit}:${view.key}`, JSON.stringify(view));
  }

  async list(): Promise<CircuitView[]> {
    const all = await this.redis.hgetall(this.key);
    return Object.values(all)
      .map((v) => {
        try {
          return JSON.parse(v) as CircuitView;
        } catch {
          return undefined;
        }
      })
      .filter((v): v is CircuitView => v !== undefined)
      .sort((a, b) => `${a.circuit}:${a.key}`.localeCompare(`${b.circuit}:${b.key}`));
  }
}
