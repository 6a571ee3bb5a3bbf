import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { ownChild } from './spawn-julia.js';

export interface RemoteDb {
  pid: number;
  url: string;
  key: string;
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  maxRssMb(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bench/support/db-process.ts and talks to it over IPC. */
export async function spawnDb(): Promise<RemoteDb> {
  const child = ownChild(fork(join(import.meta.dirname, 'db-process.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] }));
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const { url, key } = JSON.parse(String(line).split('\n')[0]!) as { url: string; key: string };
  let next = 0;
  const pending = new Map<number, (m: Record<string, unknown>) => void>();
  child.on('message', (m: { id: number }) => pending.get(m.id)?.(m as Record<string, unknown>));
  const call = (msg: object) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = next++;
      pending.set(id, (m) => {
        pending.delete(id);
        if (m.error) reject(new Error(String(m.error)));
        else resolve(m);
      });
      child.send({ id, ...msg });
    });
  return {
    pid: child.pid!,
    url,
    key,
    exec: async (sql) => void (await call({ exec: sql })),
    query: async <T>(sql: string) => (await call({ query: sql })).rows as T[],
    maxRssMb: async () => (await call({ rss: true })).maxRssMb as number,
    stop: async () => void (await call({ stop: true })),
  };
}
