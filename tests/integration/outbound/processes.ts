import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
export { freePort } from '../../helpers/free-port.js';
import { freePort } from '../../helpers/free-port.js';

const CHILD = fileURLToPath(new URL('./worker-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Child {
  proc: ChildProcess;
  /** Booted (app created); for a standby child, not yet consuming. */
  booted: Promise<void>;
  ready: Promise<void>;
  output: () => string;
}

export function spawnWorker(env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HUMANIZED_DELAY: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  const seen = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => out.includes(word) && resolve();
      proc.stdout!.on('data', check);
      proc.once('exit', (code) => reject(new Error(`worker exited (${code}) before ${word}: ${out.slice(-2000)}`)));
    });
  const booted = seen('booted');
  const ready = seen('ready');
  booted.catch(() => {});
  ready.catch(() => {});
  return { proc, booted, ready, output: () => out };
}

export function kill(child: Child, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) return resolve();
    child.proc.once('exit', () => resolve());
    child.proc.kill(signal);
  });
}
