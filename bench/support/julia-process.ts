import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

export interface JuliaProcess {
  name: string;
  proc: ChildProcess;
  /** The last ~20 kB of stdout and stderr, for a failure message. */
  tail(): string;
  alive(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** `node src/julia.mjs <role>` from the checkout, as production runs a process group. */
export function startJulia(role: 'web' | 'worker', name: string, env: Record<string, string>): JuliaProcess {
  const proc = spawn(process.execPath, ['src/julia.mjs', role], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out += String(d);
    if (out.length > 40_000) out = out.slice(-20_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  return {
    name,
    proc,
    tail: () => out.slice(-20_000),
    alive,
    async kill(signal) {
      if (!alive()) return;
      const exited = once(proc, 'exit');
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
