import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { ownChild } from './spawn-julia.js';

export interface RemoteEvolutionFake {
  url: string;
  apiKey: string;
  /** The fake's process, for its CPU time. */
  pid: number;
  count(): Promise<number>;
  /** When each sendText arrived (epoch ms), by number. */
  arrivals(): Promise<Array<{ number: string; at: number }>>;
  /** Every text that reached the fake, in order of arrival. */
  texts(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Starts the Evolution fake in a child process (see evolution-fake-process.ts). */
export async function spawnEvolutionFake(instances = ['julia']): Promise<RemoteEvolutionFake> {
  const child = ownChild(fork(join(import.meta.dirname, 'evolution-fake-process.ts'), [instances.join(',')], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  }));
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const { url, apiKey } = JSON.parse(String(line).split('\n')[0]!) as { url: string; apiKey: string };
  return {
    url,
    apiKey,
    pid: child.pid!,
    async count() {
      child.send('count');
      const [msg] = (await once(child, 'message')) as [{ count: number }];
      return msg.count;
    },
    async arrivals() {
      child.send('arrivals');
      const [msg] = (await once(child, 'message')) as [{ arrivals: Array<{ number: string; at: number }> }];
      return msg.arrivals;
    },
    async texts() {
      child.send('texts');
      const [msg] = (await once(child, 'message')) as [{ texts: string[] }];
      return msg.texts;
    },
    async stop() {
      child.send('stop');
      await once(child, 'exit');
    },
  };
}
